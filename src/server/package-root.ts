/**
 * The folder of the app's package.json, found from this module's own place: the server runs from
 * its sources (tests, tsx) and from one bundled file (dist/node/main.js, decision 0045), where
 * a path relative to the module would point elsewhere.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const packageRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
