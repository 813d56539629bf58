// `npm test`: every test (unit, integration, browser) in one Vitest run, then the plain summary
// line 'N passed, N failed' that CI reads. Extra arguments go to Vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib/client-build.mjs';

const reportDir = mkdtempSync(path.join(os.tmpdir(), 'qm-vitest-'));
const report = path.join(reportDir, 'report.json');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(
  process.execPath,
  [vitest, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: process.env },
);

let summary;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  summary = `${json.numPassedTests} passed, ${json.numFailedTests} failed, ${json.numPendingTests + json.numTodoTests} skipped`;
} catch {
  summary = null;
}
rmSync(reportDir, { recursive: true, force: true });
if (summary) process.stdout.write(`\ntests: ${summary}\n`);
process.exit(result.status ?? 1);
