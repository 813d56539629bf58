// Bundles the server (src/server/main.ts and what it imports from src/) into one ES module,
// dist/node/main.js, when it is missing or older than its sources: a server starts from it
// without compiling about 300 TypeScript modules through a loader (decision 0045). Packages stay
// in node_modules. Used by `npm start`, `npm run build`, the tests that start servers and the
// scripts that start them (scripts/lib/server-process.ts). Run directly, it builds.
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { newestMtime, root } from './client-build.mjs';

export const serverBundle = path.join(root, 'dist/node/main.js');
const sources = ['src/server', 'src/shared', 'package-lock.json', 'tsconfig.json', 'scripts/lib/server-build.mjs'];

export function serverBuildIsStale() {
  const builtAt = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
  return builtAt < Math.max(...sources.map(newestMtime));
}

/** Returns true when it built. A build error throws (esbuild prints where). */
export function ensureServerBuilt() {
  if (!serverBuildIsStale()) return false;
  const result = buildSync({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    outfile: serverBundle,
    write: false,
    logLevel: 'warning',
  });
  mkdirSync(path.dirname(serverBundle), { recursive: true });
  // Written beside and renamed into place: processes starting servers at once (test workers) may
  // build at once, and none may import a half-written file.
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureServerBuilt();
}
