// `npm run test:changed [base]`: the tests a change touches, against `base` (HEAD by default, so
// uncommitted work; pass `main` or a commit to cover a branch). Vitest follows the import graph
// from each changed file to the tests that load it. The browser tests load the built client, not
// its modules, so a change under the client's sources (or the e2e support) also runs every
// browser test; a change to nothing any test loads runs nothing and says so.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/client-build.mjs';

const base = process.argv[2] ?? 'HEAD';

function git(args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(`git ${args.join(' ')} failed: ${result.stderr}`);
    process.exit(1);
  }
  return result.stdout.split('\n').filter(Boolean);
}

const changed = [
  ...new Set([...git(['diff', '--name-only', base]), ...git(['ls-files', '--others', '--exclude-standard'])]),
];
if (changed.length === 0) {
  process.stdout.write(`Nothing changed since ${base}: no tests to run.\n`);
  process.exit(0);
}

const CLIENT_SOURCES = ['src/client/', 'src/shared/', 'vite.config.ts', 'index.html', 'tests/support/browser'];
const touchesClient = changed.some((file) => CLIENT_SOURCES.some((prefix) => file.startsWith(prefix)));
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

function run(args) {
  process.stdout.write(`\n$ vitest ${args.join(' ')}\n`);
  return spawnSync(process.execPath, [vitest, ...args], { cwd: root, stdio: 'inherit' }).status ?? 1;
}

process.stdout.write(`${changed.length} changed file(s) since ${base}.\n`);
// Unit and integration tests that import a changed file (directly or not), and changed tests.
let status = run(['run', '--changed', base, '--passWithNoTests', '--project', 'unit', '--project', 'integration']);
if (touchesClient) {
  process.stdout.write('The client changed: every browser test runs on a fresh build.\n');
  status = run(['run', '--project', 'e2e']) || status;
} else {
  status = run(['run', '--changed', base, '--passWithNoTests', '--project', 'e2e']) || status;
}
process.exit(status);
