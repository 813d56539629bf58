import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';

export interface TestDatabase extends DatabaseHandle {
  /** A connection string for child processes (PostgreSQL only). */
  url: string | undefined;
  /** A migrated PGlite data folder (PGlite only). */
  pgliteDir: string | undefined;
  /** Closes and removes the database. */
  destroy(): Promise<void>;
}

/** A fresh migrated database for one test file: PGlite by default, PostgreSQL with TEST_DATABASE_URL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('postgresTemplate');
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (template && baseUrl) {
    const name = `qm_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      // A test database is thrown away: its commits need not wait for the disk. That only risks
      // the last commits if PostgreSQL itself or the machine crashes (a killed app loses nothing);
      // the hostile-input files' thousands of writes waited on each flush.
      await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    } finally {
      await admin.end();
    }
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    return {
      ...handle,
      url: url.toString(),
      pgliteDir: undefined,
      async destroy() {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: baseUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const folder = mkdtempSync(path.join(os.tmpdir(), 'qm-db-'));
  const dataDir = path.join(folder, 'db');
  cpSync(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  return {
    ...handle,
    url: undefined,
    pgliteDir: dataDir,
    async destroy() {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
