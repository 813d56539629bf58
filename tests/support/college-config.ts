import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './app';

/**
 * A copy of the default college config with some fields changed (e.g. moderators), written to a
 * temporary folder; pass the returned path as COLLEGE_CONFIG. Its images stay where they are.
 */
export function collegeConfigWith(overrides: Record<string, unknown>): string {
  const source = path.join(repoRoot, 'config/college.json');
  const json = JSON.parse(readFileSync(source, 'utf8')) as Record<string, unknown>;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qm-college-'));
  const file = path.join(dir, 'college.json');
  json.assetsDir = path.resolve(path.dirname(source), String(json.assetsDir));
  writeFileSync(file, JSON.stringify({ ...json, ...overrides }, null, 2));
  return file;
}
