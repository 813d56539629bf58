/**
 * `npm run lint` refuses a hand-written /api address in src/client (issues 21 and 31): the client
 * calls the API through the typed client (src/client/api/client.ts), whose paths, parameters, bodies
 * and answers the compiler checks against the types generated from the server's routes
 * (src/shared/api-schema.generated.ts). An address is let through only where the compiler checks
 * it: the path given to `api.<method>(...)` or `apiUrl(...)`, or one written `satisfies PathOf<...>`.
 * The rule is a GritQL plugin of the project's Biome configuration (scripts/biome/no-api-address.grit);
 * it lints a small tree of probe files here, and the real src/client. index.html, which Biome does
 * not lint, may name only the first answers every page waits for, as preloads, at their addresses.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_PATH, ME_PATH } from '../src/shared/page-answers';

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
  'src/client/api/client.ts':
    'export const api = { get: (path: string, options?: object) => fetch(path, options) };\n' +
    'export const other = api;\n',
  'src/client/features/probe/string.ts': "export const me = () => fetch('/api/me');\n",
  'src/client/features/probe/template.ts':
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe's source text holds a template
    'export const pings = (id: string) => fetch(`/api/postings/${encodeURIComponent(id)}/pings`);\n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe's source text holds a template
  'src/client/features/probe/query.ts': "export const renewals = `/api/renewals?token=${'t'}`;\n",
  'src/client/features/probe/Link.tsx': 'export const Docs = () => <a href="/api/openapi.json">API</a>;\n',
  // Given to the typed client, but not as its path; or to something else that has a get.
  'src/client/features/probe/smuggled.ts': [
    "import { api, other } from '../../api/client';",
    '',
    "export const next = () => api.get('/api/me', { query: { next: '/api/postings' } });",
    "export const elsewhere = () => other.get('/api/me');",
    '',
  ].join('\n'),
  // The typed client's paths, relative imports of the client's api folder, a comment, and other
  // paths are let through.
  'src/client/features/probe/fine.ts': [
    "import { api, apiUrl, address, type PathOf } from '../../api/client';",
    '',
    '// GET /api/me answers the session.',
    "export const me = () => api.get('/api/me');",
    "export const one = (id: string) => api.get('/api/postings/{id}', { path: { id } });",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the probe's source text holds a template
    "export const act = (action: string) => api.post(`/api/moderation/postings/{id}/${action}`, { path: { id: 'p' } });",
    "export const events = () => apiUrl('/api/events', { query: { lastEventId: '1' } });",
    "export const create = () => address('/api/postings' satisfies PathOf<'post'>);",
    "export const lazyClient = () => import('../../api/client');",
    "export const apiary = '/apiary/bees';",
    "export const page = '/detailView?id=1';",
    '',
  ].join('\n'),
  // Outside src/client (the contract, the server) addresses are written freely.
  'src/shared/contract.ts': "export const me = '/api/me';\n",
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
      'src/client/features/probe/smuggled.ts',
      'src/client/features/probe/smuggled.ts',
      'src/client/features/probe/string.ts',
      'src/client/features/probe/template.ts',
    ]);
  });

  it("lets through the typed client's paths, relative imports, comments, other paths, src/shared and the server", () => {
    const elsewhere = ['src/client/features/probe/fine.ts', 'src/shared/contract.ts', 'src/server/routes.ts'];
    expect(found.filter((d) => elsewhere.includes(d.location.path))).toEqual([]);
  });

  it('finds none in the real src/client', () => {
    expect(lint(root, 'src/client').filter(isAddressRule)).toEqual([]);
  }, 60_000);

  it('leaves index.html only the preloads of the configuration and the session, at their addresses', () => {
    const html = readFileSync(path.join(root, 'src/client/index.html'), 'utf8');
    const named = [...html.matchAll(/["'(](\/api[^"')]*)/g)].map((match) => match[1]);
    expect(named).toEqual([CONFIG_PATH, ME_PATH]);
  });
});
