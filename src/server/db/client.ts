import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { packageRoot } from '../package-root';
import { CHANGES_CHANNEL, ChangeFeed, listeningConnection, watchChanges } from './changes';
import { PrivateNodeFS } from './private-data-dir';
import * as schema from './schema';

type Schema = typeof schema;
/** One type above both drivers: services and queries never know which engine they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle or the database: both run the same queries. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Committed changes announced by the database, for caches. */
  changes: ChangeFeed;
  /** Applies pending migrations (serialised across servers on PostgreSQL). */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PostgreSQL's connection pool as it stands (for the metrics): its size, connections open and
   * idle, and queries waiting for one. PGlite has a single connection and no pool.
   */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export const migrationsFolder = path.join(packageRoot, 'src/server/db/migrations');

// Arbitrary constant: every Quadmates server takes this advisory lock while migrating (a restore too).
export const MIGRATION_LOCK_ID = 4_711_2026;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; instance: PGlite };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const changes = new ChangeFeed();
    const poolSize = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: poolSize,
      Client: listeningConnection(changes),
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    const watcher = watchChanges(options.url, changes);
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      changes,
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          try {
            await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
          }
        } finally {
          client.release();
        }
      },
      async ping() {
        await pool.query('SELECT 1');
      },
      async close() {
        await watcher.stop();
        await pool.end();
      },
      poolStats: () => ({
        max: poolSize,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }

  let client: PGlite;
  if ('instance' in options) {
    client = options.instance;
  } else {
    // PGlite does not create parent folders itself.
    if (!existsSync(path.dirname(options.dataDir))) mkdirSync(path.dirname(options.dataDir), { recursive: true });
    // Its files are the owner's alone (private-data-dir.ts).
    client = await PGlite.create({ fs: new PrivateNodeFS(options.dataDir) });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  // One connection in this process: it hears every announcement, its own writes' at once.
  const changes = new ChangeFeed();
  await client.listen(CHANGES_CHANNEL, (payload) => changes.deliver(payload));
  changes.setLive(true);
  return {
    db,
    kind: 'pglite',
    changes,
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/** `count(*)` is a string from pg and a number from PGlite. */
export function toCount(value: unknown): number {
  return typeof value === 'number' ? value : Number.parseInt(String(value ?? 0), 10);
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. With `prepared`, a
 * PostgreSQL connection parses and plans each distinct statement text once and then only binds
 * values: for the hottest reads (the search), where planning cost as much as running.
 */
export async function queryRows<Row>(db: Executor, query: SQL, options?: { prepared?: boolean }): Promise<Row[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (options?.prepared && client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    let name = statementNames.get(text);
    if (name === undefined) {
      name = `quadmates_${statementNames.size + 1}`;
      statementNames.set(text, name);
    }
    return (await client.query({ name, text, values: params as unknown[] })).rows as Row[];
  }
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
