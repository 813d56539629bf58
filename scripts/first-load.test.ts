import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt, root } from './lib/client-build.mjs';
import { BUDGETS, checkFirstLoad, KB } from './lib/first-load.mjs';
import { precompress } from './lib/precompress.mjs';

/** The product's budgets, for the fixture's module names. */
const FIXTURE_BUDGETS = {
  default: BUDGETS.default,
  pages: { 'features/auth/SignInPage.js': BUDGETS.pages['features/auth/SignInPage.tsx'] as number },
  entry: 'index.html',
  app: 'main.js',
  layout: 'app/MainLayout.js',
  bare: ['features/auth/SignInPage.js'],
};

/** Text that compresses poorly (random bytes in base64: brotli keeps about three quarters). */
function incompressible(bytes: number): string {
  return randomBytes(Math.ceil((bytes * 3) / 4)).toString('base64');
}

/**
 * Builds a tiny app shaped like ours with Vite and our plugin: a page entry, and an app (a second
 * entry, which the page's entry starts) whose router lazily loads the main layout and two pages.
 * `signInImport` is what the sign-in page imports, `bootImport` what the page's entry imports.
 */
async function buildFixture(dir: string, signInImport: string, bootImport = ''): Promise<string> {
  const src = path.join(dir, 'src');
  for (const folder of ['app', 'features/auth', 'features/about'])
    mkdirSync(path.join(src, folder), { recursive: true });
  writeFileSync(path.join(src, 'index.html'), '<div id="root"></div><script type="module" src="./boot.js"></script>');
  writeFileSync(
    path.join(src, 'boot.js'),
    `${bootImport}\nconst app = document.createElement('script'); app.type = 'module'; app.src = '/main.js'; document.head.append(app);`,
  );
  writeFileSync(
    path.join(src, 'main.js'),
    `const routes = { '/signin-wall': () => import('./features/auth/SignInPage.js'), '/about': () => import('./features/about/AboutPage.js') };
     routes[location.pathname]?.().then((page) => page.render());
     if (location.pathname !== '/signin-wall') import('./app/MainLayout.js');`,
  );
  writeFileSync(path.join(src, 'app/MainLayout.js'), 'export default function MainLayout() { return "layout"; }');
  writeFileSync(
    path.join(src, 'features/about/AboutPage.js'),
    'export function render() { document.title = "About"; }',
  );
  writeFileSync(
    path.join(src, 'features/auth/big.js'),
    `export const big = ${JSON.stringify(incompressible(150 * KB))};`,
  );
  writeFileSync(
    path.join(src, 'features/auth/SignInPage.js'),
    `${signInImport}\nexport function render() { document.title = typeof big === 'string' ? big : 'Sign in'; }`,
  );
  const outDir = path.join(dir, 'dist');
  await build({
    configFile: false,
    logLevel: 'silent',
    root: src,
    plugins: [precompress()],
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      modulePreload: { polyfill: false },
      rolldownOptions: { input: { index: path.join(src, 'index.html'), main: path.join(src, 'main.js') } },
    },
  });
  return outDir;
}

describe('first-load JavaScript budget', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'qm-budget-'));
    dirs.push(dir);
    return dir;
  };
  // On a clean clone this builds the client (3 s on an idle machine; CI's other tests run beside it).
  beforeAll(() => {
    ensureClientBuilt();
  }, 180_000);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('holds for every page of the product build, each precompressed', () => {
    const result = checkFirstLoad(path.join(root, 'dist/client'));
    expect(result.problems).toEqual([]);
    const signIn = result.pages.find((page) => page.page === 'features/auth/SignInPage.tsx');
    expect(signIn?.bytes).toBeGreaterThan(30 * KB);
    expect(signIn?.bytes).toBeLessThanOrEqual(80 * KB);
    expect(result.pages.length).toBeGreaterThanOrEqual(10);
  });

  it('fails when a page statically imports something too large', async () => {
    const small = checkFirstLoad(await buildFixture(tempDir(), ''), FIXTURE_BUDGETS);
    expect(small.problems).toEqual([]);

    const oversized = checkFirstLoad(await buildFixture(tempDir(), "import { big } from './big.js';"), FIXTURE_BUDGETS);
    const signIn = oversized.pages.find((page) => page.page === 'features/auth/SignInPage.js');
    expect(signIn?.bytes).toBeGreaterThan(80 * KB);
    expect(oversized.problems).toEqual([
      expect.stringMatching(/^features\/auth\/SignInPage\.js: .* over its budget of 80 KB/),
    ]);
  }, 60_000);

  it('does not count a chunk the page loads later, when it is shown', async () => {
    const lazy = checkFirstLoad(
      await buildFixture(tempDir(), "const big = await import('./big.js').then((m) => m.big);"),
      FIXTURE_BUDGETS,
    );
    expect(lazy.problems).toEqual([]);
  }, 60_000);

  it("fails when the page's entry imports a module (fetched only once the entry has arrived)", async () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'src/app'), { recursive: true });
    // Shared with the app, so that it is a chunk of its own the entry imports.
    writeFileSync(path.join(dir, 'src/app/shared.js'), 'export const shared = () => document.title;');
    const result = checkFirstLoad(
      await buildFixture(
        dir,
        "import { shared } from '../../app/shared.js'; shared();",
        "import { shared } from './app/shared.js'; shared();",
      ),
      FIXTURE_BUDGETS,
    );
    expect(result.problems).toEqual([
      expect.stringMatching(/^index\.html's script imports .*: it must import nothing\.$/),
    ]);
  }, 60_000);

  it('fails when a script would be served uncompressed', async () => {
    const outDir = await buildFixture(tempDir(), '');
    const about = checkFirstLoad(outDir, FIXTURE_BUDGETS).pages.find(
      (page) => page.page === 'features/about/AboutPage.js',
    );
    const file = about?.files.at(-1) as string;
    unlinkSync(path.join(outDir, `${file}.gz`));
    expect(checkFirstLoad(outDir, FIXTURE_BUDGETS).problems).toEqual([expect.stringContaining(`${file} (from`)]);
  }, 60_000);

  it('fails when a page it has a budget for is not in the build, rather than skip it', async () => {
    const result = checkFirstLoad(await buildFixture(tempDir(), ''), BUDGETS);
    expect(result.problems).toContain(
      'features/auth/SignInPage.tsx is not among the pages the entry loads: its budget cannot be checked.',
    );
  }, 60_000);
});
