// Builds the client when dist/client is missing or older than its sources. Used by `npm start`
// and by the browser tests, so both always serve what the sources say.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builtIndex = path.join(root, 'dist/client/index.html');
/** The server's drawing of pages (decision 0029), built from the same sources. */
const builtServerEntry = path.join(root, 'dist/server/entry-server.js');
const sources = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];

/** The newest modification time of a file, or of anything in a folder, under the repository. */
export function newestMtime(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function clientBuildIsStale() {
  const builtAt = Math.min(
    ...[builtIndex, builtServerEntry].map((built) => (existsSync(built) ? statSync(built).mtimeMs : 0)),
  );
  return builtAt < Math.max(...sources.map(newestMtime));
}

/** Returns true when it built; exits the process with the build's status when the build fails. */
export function ensureClientBuilt() {
  if (!clientBuildIsStale()) return false;
  process.stdout.write('Building the client...\n');
  const viteBin = path.join(root, 'node_modules/vite/bin/vite.js');
  // Always the production build, also when a test runner (NODE_ENV=test) asks for it: Vite would
  // otherwise bundle React's development build, and tests would not serve what users get.
  for (const build of [['build'], ['build', '--ssr', 'entry-server.tsx']]) {
    const result = spawnSync(process.execPath, [viteBin, ...build, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) {
      process.stderr.write('The client build failed; see the messages above.\n');
      process.exit(result.status ?? 1);
    }
  }
  return true;
}
