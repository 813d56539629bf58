import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, waitForExit } from '../support/server';

const folders: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qm-proc-'));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('keeps its data across a restart and releases its lock on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ dataDir });
    expect(existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    await first.stop();
    expect(first.process.exitCode).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    const second = await startServer({ dataDir });
    const ready = await fetch(`${second.url}/readyz`);
    expect(ready.status).toBe(200);
    await second.stop();
  }, 90_000);

  it('refuses a second server on the same data folder with a clear sentence', async () => {
    const dataDir = tempDataDir();
    const first = await startServer({ dataDir });
    try {
      const second = await startServer({ dataDir, waitReady: false });
      expect(await waitForExit(second)).toBe(1);
      expect(second.output().trim()).toBe(
        `Another server is already using the data folder ${dataDir}; stop it first or set a different DATA_DIR.`,
      );
      // The first server is unharmed.
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  }, 90_000);

  it('stops with one sentence when DATABASE_URL cannot be reached', async () => {
    const server = await startServer({
      dataDir: tempDataDir(),
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' },
      waitReady: false,
    });
    expect(await waitForExit(server)).toBe(1);
    expect(server.output().trim()).toBe('DATABASE_URL: cannot use the database at 127.0.0.1:1/test (ECONNREFUSED).');
  }, 60_000);

  it('stops with one sentence when COLLEGE_CONFIG is bad', async () => {
    const server = await startServer({
      dataDir: tempDataDir(),
      env: { COLLEGE_CONFIG: '/nowhere/college.json' },
      waitReady: false,
    });
    expect(await waitForExit(server)).toBe(1);
    expect(server.output().trim()).toBe('COLLEGE_CONFIG points to /nowhere/college.json, which cannot be read.');
  }, 60_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs on PostgreSQL, several servers side by side',
    async () => {
      const env = { DATABASE_URL: process.env.TEST_DATABASE_URL as string };
      const [a, b] = await Promise.all([
        startServer({ dataDir: tempDataDir(), env }),
        startServer({ dataDir: tempDataDir(), env }),
      ]);
      try {
        expect((await fetch(`${a.url}/readyz`)).status).toBe(200);
        expect((await fetch(`${b.url}/readyz`)).status).toBe(200);
      } finally {
        await Promise.all([a.stop(), b.stop()]);
      }
    },
    90_000,
  );
});
