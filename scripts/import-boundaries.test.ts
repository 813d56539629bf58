/**
 * `npm run lint` holds the one-way imports (issue 21): src/client never imports src/server and the
 * reverse, src/shared imports neither, and no files import each other in a circle. The project's
 * own Biome configuration lints a small tree of probe files that break each rule.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const probe = mkdtempSync(path.join(os.tmpdir(), 'qm-boundaries-'));

const files: Record<string, string> = {
  'src/server/app.ts': "export const buildApp = 'server';\n",
  'src/server/uses-client.ts': "import { page } from '../client/app/page';\n\nexport const fromClient = page;\n",
  'src/server/uses-shared.ts': "import { rule } from '../shared/rule';\n\nexport const fromShared = rule;\n",
  'src/client/app/page.ts': "import { rule } from '../../shared/rule';\n\nexport const page = rule;\n",
  'src/client/features/probe/uses-server.ts':
    "import { buildApp } from '../../../server/app';\n\nexport const fromServer = buildApp;\n",
  'src/shared/rule.ts': "export const rule = 'shared';\n",
  'src/shared/uses-client.ts': "import { page } from '../client/app/page';\n\nexport const sharedFromClient = page;\n",
  'src/shared/uses-server.ts':
    "import { buildApp } from '../server/app';\n\nexport const sharedFromServer = buildApp;\n",
  'src/shared/circle-a.ts': "import { b } from './circle-b';\n\nexport const a = () => b;\n",
  'src/shared/circle-b.ts': "import { a } from './circle-a';\n\nexport const b = () => a;\n",
};

let found: { rule: string; file: string }[] = [];

beforeAll(() => {
  // The repository's configuration as it is, without its git integration (the probe is no repository).
  const config = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(path.join(probe, 'biome.json'), JSON.stringify(config));
  // Its GritQL plugins too (scripts/biome), which Biome needs to start.
  for (const plugin of (config.overrides as { plugins?: string[] }[]).flatMap((o) => o.plugins ?? [])) {
    mkdirSync(path.dirname(path.join(probe, plugin)), { recursive: true });
    copyFileSync(path.join(root, plugin), path.join(probe, plugin));
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(probe, file)), { recursive: true });
    writeFileSync(path.join(probe, file), text);
  }
  let output: string;
  try {
    output = execFileSync(path.join(root, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '.'], {
      cwd: probe,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits 1 when it finds errors; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as { diagnostics: { category: string; location: { path: string } }[] };
  found = report.diagnostics.map((d) => ({ rule: d.category.replace('lint/', ''), file: d.location.path }));
}, 60_000);
afterAll(() => rmSync(probe, { recursive: true, force: true }));

const flagged = (rule: string) =>
  found
    .filter((d) => d.rule === rule)
    .map((d) => d.file)
    .sort();

describe('import boundaries in npm run lint', () => {
  it('refuses imports from src/server into src/client, from src/client into src/server, and into src/shared from either', () => {
    expect(flagged('style/noRestrictedImports')).toEqual([
      'src/client/features/probe/uses-server.ts',
      'src/server/uses-client.ts',
      'src/shared/uses-client.ts',
      'src/shared/uses-server.ts',
    ]);
  });

  it('refuses files that import each other in a circle', () => {
    expect(flagged('suspicious/noImportCycles')).toEqual(['src/shared/circle-a.ts', 'src/shared/circle-b.ts']);
  });

  it('lets the client and the server import src/shared', () => {
    const allowed = ['src/client/app/page.ts', 'src/server/uses-shared.ts', 'src/shared/rule.ts'];
    expect(found.filter((d) => allowed.includes(d.file))).toEqual([]);
  });
});
