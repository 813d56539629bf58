/**
 * What `npm run backup` and `npm run restore` share: the deployment's configuration, its database
 * (the embedded one under the DATA_DIR lock) and its image store, and one sentence for any
 * failure, never a stack trace.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BackupError, reasonOf } from '../../src/server/backup/contents';
import { type AppConfig, ConfigError, loadConfig } from '../../src/server/config';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { lockDataDir } from '../../src/server/db/data-dir-lock';
import { applyPrivateUmask } from '../../src/server/db/private-data-dir';
import { createStorage, type Storage } from '../../src/server/storage';

export interface Deployment {
  config: AppConfig;
  database: DatabaseHandle;
  storage: Storage;
  /** The embedded database's folder did not exist and was created by this command. */
  createdDatabase: boolean;
  /** Closes the database, removes a database folder this command created if asked, frees the lock. */
  close(options?: { discardCreatedDatabase?: boolean }): Promise<void>;
}

/** Prints the sentence and exits 1. */
export function fail(message: string): never {
  process.stderr.write(`${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
}

function describeDatabaseFailure(config: AppConfig, error: unknown): string {
  const detail = (error as { code?: string }).code ?? reasonOf(error);
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return `DATABASE_URL: cannot use the database at ${url.hostname}:${url.port || 5432}${url.pathname} (${detail}).`;
  }
  return `The embedded database in ${path.join(config.dataDir, 'db')} cannot be opened (${detail}).`;
}

/**
 * Opens the deployment the environment describes. `embedded: 'existing'` refuses a DATA_DIR with
 * no embedded database (a backup of nothing); 'create' makes one when absent (a restore).
 */
export async function openDeployment(command: string, embedded: 'existing' | 'create'): Promise<Deployment> {
  // Archives and unpacked files hold personal data: the owner's alone, like DATA_DIR.
  applyPrivateUmask();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const dbDir = path.join(config.dataDir, 'db');
  let release: (() => Promise<void>) | undefined;
  let createdDatabase = false;
  if (!config.databaseUrl) {
    const exists = existsSync(path.join(dbDir, 'PG_VERSION'));
    if (!exists && embedded === 'existing') {
      fail(
        `There is no embedded database in ${dbDir} to back up; set DATA_DIR to the deployment's data folder (or DATABASE_URL for PostgreSQL).`,
      );
    }
    if (!exists && existsSync(dbDir) && readdirSync(dbDir).length > 0) {
      fail(
        `${dbDir} holds files but no embedded database; a restore only fills an empty deployment, so it changed nothing.`,
      );
    }
    createdDatabase = !exists;
    try {
      // The server's own lock: refused with a sentence naming who holds the folder (the server).
      release = await lockDataDir(config.dataDir, { kind: 'script', command }, () =>
        fail(`Lost the lock on the data folder ${config.dataDir}; stopping.`),
      );
    } catch (error) {
      if (error instanceof ConfigError) fail(error.message);
      throw error;
    }
  }
  let database: DatabaseHandle;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: dbDir });
    await database.ping();
  } catch (error) {
    if (createdDatabase) rmSync(dbDir, { recursive: true, force: true });
    await release?.();
    fail(describeDatabaseFailure(config, error));
  }
  return {
    config,
    database,
    storage: createStorage(config),
    createdDatabase,
    async close(options = {}) {
      await database.close().catch(() => undefined);
      if (createdDatabase && options.discardCreatedDatabase) rmSync(dbDir, { recursive: true, force: true });
      await release?.();
    },
  };
}

/** One sentence for whatever stopped the command. */
export function describeFailure(command: string, error: unknown): string {
  if (error instanceof BackupError || error instanceof ConfigError) return error.message;
  const metadata = (error as { $metadata?: { httpStatusCode?: number } }).$metadata;
  if (metadata) {
    return `The image bucket answered ${(error as Error).name} (${(error as Error).message}); check S3_BUCKET, S3_ENDPOINT and its keys.`;
  }
  return `${command} stopped: ${reasonOf(error)}`;
}
