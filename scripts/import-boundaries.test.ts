/**
 * `npm run lint` holds the one-way imports (issue 21): src/client never imports src/server and the
 * reverse, src/shared imports neither, and no files import each other in a circle. Inside the
 * client (decision 0025): app -> pages -> features -> common -> shell -> ui -> api, and a feature
 * never imports another feature. The project's own Biome configuration lints a small tree of
 * probe files that break each rule, and the real tree, which breaks none.
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
  // The client's layers.
  'src/client/api/fetch.ts': "export const fetcher = 'api';\n",
  'src/client/ui/button.ts': "import { fetcher } from '../api/fetch';\n\nexport const button = fetcher;\n",
  'src/client/ui/uses-shell.ts': "import { hook } from '../shell/hook';\n\nexport const uiFromShell = hook;\n",
  'src/client/shell/hook.ts': "import { button } from '../ui/button';\n\nexport const hook = button;\n",
  'src/client/shell/uses-feature.ts':
    "import { thing } from '../features/other/thing';\n\nexport const shellFromFeature = thing;\n",
  'src/client/common/view.ts': "import { hook } from '../shell/hook';\n\nexport const view = hook;\n",
  'src/client/features/other/thing.ts': "export const thing = 'another feature';\n",
  'src/client/features/other/index.ts': "export { thing } from './thing';\n",
  'src/client/features/probe/own.ts': "export const own = 'this feature';\n",
  'src/client/features/probe/allowed.ts': [
    "import { rule } from '../../../shared/rule';",
    "import { fetcher } from '../../api/fetch';",
    "import { view } from '../../common/view';",
    "import { hook } from '../../shell/hook';",
    "import { button } from '../../ui/button';",
    "import { own } from './own';",
    '',
    'export const allowed = [rule, fetcher, view, hook, button, own];',
    '',
  ].join('\n'),
  'src/client/features/probe/uses-feature.ts':
    "import { thing } from '../other/thing';\n\nexport const fromFeature = thing;\n",
  'src/client/features/probe/uses-feature-index.ts':
    "import { thing } from '../other';\n\nexport const fromFeatureIndex = thing;\n",
  'src/client/features/probe/uses-feature-lazily.ts': "export const lazily = () => import('../other/thing');\n",
  'src/client/features/probe/uses-page.ts':
    "import { home } from '../../pages/home/home';\n\nexport const fromPage = home;\n",
  'src/client/pages/home/home.ts': [
    "import { thing } from '../../features/other/thing';",
    "import { own } from '../../features/probe/own';",
    "import { hook } from '../../shell/hook';",
    '',
    'export const home = [thing, own, hook];',
    '',
  ].join('\n'),
  'src/client/pages/home/uses-app.ts': "import { page } from '../../app/page';\n\nexport const pageFromApp = page;\n",
};

let found: { rule: string; file: string }[] = [];

/** Biome's lint diagnostics for `targets` inside `cwd`, with the configuration found there. */
function lint(cwd: string, targets: string[]): { rule: string; file: string }[] {
  let output: string;
  try {
    output = execFileSync(path.join(root, 'node_modules/.bin/biome'), ['lint', '--reporter=json', ...targets], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits 1 when it finds errors; its report is still on stdout.
    output = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(output) as { diagnostics: { category: string; location: { path: string } }[] };
  return report.diagnostics.map((d) => ({ rule: d.category.replace('lint/', ''), file: d.location.path }));
}

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
  found = lint(probe, ['.']);
}, 60_000);
afterAll(() => rmSync(probe, { recursive: true, force: true }));

const flagged = (rule: string) =>
  found
    .filter((d) => d.rule === rule)
    .map((d) => d.file)
    .sort();

describe('import boundaries in npm run lint', () => {
  it('refuses imports from src/server into src/client, from src/client into src/server, and into src/shared from either', () => {
    expect(flagged('style/noRestrictedImports')).toEqual(
      expect.arrayContaining([
        'src/client/features/probe/uses-server.ts',
        'src/server/uses-client.ts',
        'src/shared/uses-client.ts',
        'src/shared/uses-server.ts',
      ]),
    );
  });

  it('refuses a feature importing another feature, statically, through its index or lazily', () => {
    expect(flagged('style/noRestrictedImports')).toEqual(
      expect.arrayContaining([
        'src/client/features/probe/uses-feature-index.ts',
        'src/client/features/probe/uses-feature-lazily.ts',
        'src/client/features/probe/uses-feature.ts',
      ]),
    );
  });

  it('refuses imports running back up the client: a feature into pages, pages into app, shell into features, ui into shell', () => {
    expect(flagged('style/noRestrictedImports')).toEqual([
      'src/client/features/probe/uses-feature-index.ts',
      'src/client/features/probe/uses-feature-lazily.ts',
      'src/client/features/probe/uses-feature.ts',
      'src/client/features/probe/uses-page.ts',
      'src/client/features/probe/uses-server.ts',
      'src/client/pages/home/uses-app.ts',
      'src/client/shell/uses-feature.ts',
      'src/client/ui/uses-shell.ts',
      'src/server/uses-client.ts',
      'src/shared/uses-client.ts',
      'src/shared/uses-server.ts',
    ]);
  });

  it('refuses files that import each other in a circle', () => {
    expect(flagged('suspicious/noImportCycles')).toEqual(['src/shared/circle-a.ts', 'src/shared/circle-b.ts']);
  });

  it('lets the client and the server import src/shared, a feature its own files and the layers below, a page the features', () => {
    const allowed = [
      'src/client/app/page.ts',
      'src/server/uses-shared.ts',
      'src/shared/rule.ts',
      'src/client/features/probe/allowed.ts',
      'src/client/pages/home/home.ts',
      'src/client/common/view.ts',
      'src/client/shell/hook.ts',
      'src/client/ui/button.ts',
    ];
    expect(found.filter((d) => allowed.includes(d.file))).toEqual([]);
  });

  it('finds no import breaking these rules in the real tree', () => {
    const report = lint(root, ['src']);
    const broken = report.filter(
      (d) => d.rule === 'style/noRestrictedImports' || d.rule === 'suspicious/noImportCycles',
    );
    expect(broken).toEqual([]);
  }, 60_000);
});
