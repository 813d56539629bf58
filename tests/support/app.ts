import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { type AppConfig, loadConfig } from '../../src/server/config';
import { createTestDatabase, type TestDatabase } from './database';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  database: TestDatabase;
  close(): Promise<void>;
}

/** The whole application on a fresh migrated database and a temporary data folder. */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  /** Extra routes to add before the app starts (e.g. a probe behind a guard). */
  extend?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qm-data-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: 'test-secret-that-is-long-enough-for-signing-0123456789',
      PUBLIC_URL: 'http://localhost:3000',
      ...env,
    },
    repoRoot,
  );
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, logger: false });
  extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
