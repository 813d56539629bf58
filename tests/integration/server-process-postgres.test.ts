/**
 * The server process on PostgreSQL (with TEST_DATABASE_URL; skipped on the embedded database):
 * several servers start side by side on one database, and both answer. The rest of the server
 * process's behaviour is server-process.test.ts, which runs on the embedded database whatever
 * TEST_DATABASE_URL says (CI's PostgreSQL run leaves it out, .ci/run).
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir, startServer } from '../support/server';

const folders: string[] = [];
/** A data folder of its own (the embedded database's lock and mailbox live there even on PostgreSQL). */
const tempDataDir = () => {
  const dir = migratedDataDir();
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('the server process on PostgreSQL', () => {
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
