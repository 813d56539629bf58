/**
 * The server process on PostgreSQL (with TEST_DATABASE_URL; skipped on the embedded database):
 * several servers start side by side on one database, and both answer. The rest of the server
 * process's behaviour is server-process.test.ts, which runs on the embedded database whatever
 * TEST_DATABASE_URL says (CI's PostgreSQL run leaves it out, .ci/run).
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../support/server';

describe('the server process on PostgreSQL', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'runs on PostgreSQL, several servers side by side',
    async () => {
      const env = { DATABASE_URL: process.env.TEST_DATABASE_URL as string };
      const [a, b] = await Promise.all([
        // Each in a data folder of its own (its mailbox lives there even on PostgreSQL), removed on stop.
        startServer({ env }),
        startServer({ env }),
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
