/**
 * `npm run lint` refuses a hand-written /api address in src/client (issue 21): the client builds
 * every API address with the shared path tables (src/shared/api), whose addresses
 * tests/integration/api-tables.test.ts checks against the server's routes. The rule is a GritQL
 * plugin of the project's Biome configuration (scripts/biome/no-api-address.grit); it lints a small
 * tree of probe files here, and the real src/client. index.html, which Biome does not lint, may name
 * only the first answers every page waits for, as preloads, at the tables' addresses.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionApi } from '../src/shared/api/session';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules/.bin/biome');
const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8')) as {
  $schema?: string;
  vcs?: object;
  overrides: { includes: string[]; plugins?: string[] }[];
};
const plugins = config.overrides.flatMap((override) => override.plugins ?? []);
const probe = mkdtempSync(path.join(os.tmpdir(), 'qm-api-address-'));

const files: Record<string, string> = {
  'src/client/api/client.ts': 'export const apiFetch = (call: { url: string }) => fetch(call.url);\n',
  'src/client/features/probe/string.ts':
    "import { apiFetch } from '../../api/client';\n\nexport const me = () => apiFetch({ url: '/api/me' });\n",
  'src/client/features/probe/template.ts':
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe's source text holds a template
    'export const pings = (id: string) => `/api/postings/${encodeURIComponent(id)}/pings`;\n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe's source text holds a template
  'src/client/features/probe/query.ts': "export const renewals = `/api/renewals?token=${'t'}`;\n",
  'src/client/features/probe/Link.tsx': 'export const Docs = () => <a href="/api/openapi.json">API</a>;\n',
  // Relative imports of the client's api folder, a comment, and other paths are no addresses.
  'src/client/features/probe/fine.ts': [
    "import { apiFetch } from '../../api/client';",
    '',
    '// GET /api/me answers the session.',
    "export const lazyClient = () => import('../../api/client');",
    "export const apiary = '/apiary/bees';",
    "export const page = '/detailView?id=1';",
    'export { apiFetch };',
    '',
  ].join('\n'),
  // The tables themselves, and the server, write the addresses.
  'src/shared/api/table.ts': "export const me = () => ({ method: 'GET', url: '/api/me' });\n",
  'src/server/routes.ts': "export const route = '/api/me';\n",
};

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

function lint(cwd: string, target: string): Diagnostic[] {
  let output: string;
  try {
    output = execFileSync(biome, ['lint', '--reporter=json', target], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits 1 when it finds errors; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  return (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
}

const isAddressRule = (d: Diagnostic) => d.category === 'plugin' && d.message.startsWith('A hand-written /api address');
let found: Diagnostic[] = [];

beforeAll(() => {
  // The repository's configuration and plugin as they are, without git (the probe is no repository).
  const probeConfig = { ...config, vcs: { enabled: false } };
  delete probeConfig.$schema;
  writeFileSync(path.join(probe, 'biome.json'), JSON.stringify(probeConfig));
  for (const plugin of plugins) {
    mkdirSync(path.dirname(path.join(probe, plugin)), { recursive: true });
    copyFileSync(path.join(root, plugin), path.join(probe, plugin));
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(probe, file)), { recursive: true });
    writeFileSync(path.join(probe, file), text);
  }
  found = lint(probe, '.');
}, 60_000);
afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe('no hand-written /api address in src/client (npm run lint)', () => {
  it('is a plugin of the Biome configuration, for src/client only', () => {
    expect(plugins).toEqual(['./scripts/biome/no-api-address.grit']);
  });

  it('refuses an /api address in a string, a template or a JSX attribute', () => {
    expect(
      found
        .filter(isAddressRule)
        .map((d) => d.location.path)
        .sort(),
    ).toEqual([
      'src/client/features/probe/Link.tsx',
      'src/client/features/probe/query.ts',
      'src/client/features/probe/string.ts',
      'src/client/features/probe/template.ts',
    ]);
  });

  it('lets through relative imports, comments, other paths, the shared tables and the server', () => {
    const elsewhere = ['src/client/features/probe/fine.ts', 'src/shared/api/table.ts', 'src/server/routes.ts'];
    expect(found.filter((d) => elsewhere.includes(d.location.path))).toEqual([]);
  });

  it('finds none in the real src/client', () => {
    expect(lint(root, 'src/client').filter(isAddressRule)).toEqual([]);
  }, 60_000);

  it("leaves index.html only the preloads of the session's table, at its addresses", () => {
    const html = readFileSync(path.join(root, 'src/client/index.html'), 'utf8');
    const named = [...html.matchAll(/["'(](\/api[^"')]*)/g)].map((match) => match[1]);
    expect(named).toEqual([sessionApi.config().url, sessionApi.me().url]);
  });
});
