// The first-load JavaScript budget (issue 11), counted from the client build's manifest, never
// timed. A route's page is a page module (features/... or pages/...) the app's router loads lazily (the
// dynamicImports of the entry and of the app it imports, main.tsx; their other lazy parts are not
// pages). The bytes a browser must fetch before that page is the app's = the entry chunk, the app's
// chunk and their static imports + the main layout's chunk and its static imports (every page but the
// bare sign-in page is drawn inside it) + the page's chunk and its static imports, each counted
// once, as the brotli files the server sends. Chunks a page loads later (a form when it is
// shown, validation on first focus) are not part of its first load. It also fails when a script
// or stylesheet has no precompressed .br/.gz beside it (it would be served uncompressed).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const KB = 1024;
/** Budgets in brotli bytes by page module (the manifest's key); every other page gets the default. */
export const BUDGETS = {
  default: 120 * KB,
  pages: { 'features/auth/SignInPage.tsx': 80 * KB },
  /** The page's entry (index.html's boot.ts) and the app it starts once the page has painted. */
  entry: 'index.html',
  app: 'main.tsx',
  /** The layout around every page but the bare ones. */
  layout: 'app/MainLayout.tsx',
  bare: ['features/auth/SignInPage.tsx'],
};
const COMPRESSED_ASSET = /\.(js|css)$/;

function readManifest(clientDir) {
  const file = path.join(clientDir, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: build the client first (npm run build).`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

function brotliBytes(clientDir, file) {
  const br = path.join(clientDir, `${file}.br`);
  return existsSync(br) ? readFileSync(br).length : null;
}

/**
 * @param {string} clientDir the build (dist/client)
 * @returns {{ pages: { page: string, bytes: number, budget: number, files: string[] }[], problems: string[] }}
 */
export function checkFirstLoad(clientDir, budgets = BUDGETS) {
  const manifest = readManifest(clientDir);
  const problems = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (!COMPRESSED_ASSET.test(file)) continue;
      for (const suffix of ['.br', '.gz']) {
        if (!existsSync(path.join(clientDir, file + suffix)))
          problems.push(`${file} (from ${key}) has no ${suffix} beside it: it would be served uncompressed.`);
      }
    }
  }
  // Every page's start: the page's entry and the app it starts (the build's third entry, the
  // warnings, loads only on a page the server draws a warning over).
  const entryKeys = new Set();
  for (const entry of [budgets.entry, budgets.app]) {
    if (manifest[entry]) staticClosure(manifest, entry, entryKeys);
    else problems.push(`${entry} is not in the manifest: the first load cannot be counted.`);
  }
  // The server names the app's chunks in each page, not the entry's: an import of the entry's own
  // would be fetched only once the entry has arrived, a round trip before the page can paint.
  if (manifest[budgets.entry]?.imports?.length)
    problems.push(
      `${budgets.entry}'s script imports ${manifest[budgets.entry].imports.join(', ')}: it must import nothing.`,
    );
  const routed = new Set([...entryKeys].flatMap((key) => manifest[key].dynamicImports ?? []));
  for (const expected of [budgets.layout, ...budgets.bare, ...Object.keys(budgets.pages)]) {
    if (!routed.has(expected))
      problems.push(`${expected} is not among the pages the entry loads: its budget cannot be checked.`);
  }
  const layoutKeys = routed.has(budgets.layout) ? staticClosure(manifest, budgets.layout) : new Set();
  const pages = [...routed]
    .filter((key) => key.startsWith('features/') || key.startsWith('pages/'))
    .sort()
    .map((page) => {
      const start = new Set(budgets.bare.includes(page) ? entryKeys : [...entryKeys, ...layoutKeys]);
      const keys = staticClosure(manifest, page, start);
      const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
      let bytes = 0;
      for (const file of files) {
        const size = brotliBytes(clientDir, file);
        if (size === null) problems.push(`${file} has no .br: it cannot be counted or served compressed.`);
        else bytes += size;
      }
      const budget = budgets.pages[page] ?? budgets.default;
      if (bytes > budget)
        problems.push(
          `${page}: first-load JavaScript is ${(bytes / KB).toFixed(1)} KB brotli, over its budget of ${budget / KB} KB.`,
        );
      return { page, bytes, budget, files };
    });
  return { pages, problems };
}

export function formatReport({ pages, problems }) {
  const width = Math.max(...pages.map((p) => p.page.length), 4);
  const lines = [`${'page'.padEnd(width)}  first-load JS (brotli)  budget`];
  for (const p of pages)
    lines.push(
      `${p.page.padEnd(width)}  ${`${(p.bytes / KB).toFixed(1)} KB`.padStart(22)}  ${p.budget / KB} KB${p.bytes > p.budget ? '  OVER' : ''}`,
    );
  for (const problem of problems) lines.push(`FAIL: ${problem}`);
  return lines.join('\n');
}
