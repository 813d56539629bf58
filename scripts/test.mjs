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

/** Each suite's time, from its first file's start to its last file's end (the suites run one after another). */
function suiteTimes(files) {
  const suites = new Map();
  for (const file of files) {
    const relative = path.relative(root, file.name);
    const suite = relative.startsWith('tests/e2e/')
      ? 'browser'
      : relative.startsWith('tests/integration/')
        ? 'integration'
        : 'unit';
    const span = suites.get(suite) ?? { start: Infinity, end: 0, files: 0 };
    span.start = Math.min(span.start, file.startTime);
    span.end = Math.max(span.end, file.endTime);
    span.files += 1;
    suites.set(suite, span);
  }
  return [...suites]
    .map(([suite, span]) => `${suite}: ${Math.round((span.end - span.start) / 1000)} s (${span.files} files)`)
    .join(', ');
}

/** The longest files, with when each started: what to split or start sooner when the run is slow. */
function longestFiles(files, count = 5) {
  const start = Math.min(...files.map((file) => file.startTime));
  return [...files]
    .sort((a, b) => b.endTime - b.startTime - (a.endTime - a.startTime))
    .slice(0, count)
    .map(
      (file) =>
        `  ${Math.round((file.endTime - file.startTime) / 1000)} s  ${path.relative(root, file.name)} (started at ${Math.round((file.startTime - start) / 1000)} s)`,
    )
    .join('\n');
}

let summary;
try {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  summary = `${json.numPassedTests} passed, ${json.numFailedTests} failed, ${json.numPendingTests + json.numTodoTests} skipped`;
  summary += `\n${suiteTimes(json.testResults)}\nlongest files:\n${longestFiles(json.testResults)}`;
} catch {
  summary = null;
}
rmSync(reportDir, { recursive: true, force: true });
if (summary) process.stdout.write(`\ntests: ${summary}\n`);
process.exit(result.status ?? 1);
