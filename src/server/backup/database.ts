/**
 * The database's part of a backup: a logical dump of every table's rows as JSON lines, read in one
 * repeatable-read snapshot (so a PostgreSQL deployment is backed up while it serves), and its
 * load into an empty database in one transaction together with the schema it needs.
 *
 * Logical rather than pg_dump or PGlite's dumpDataDir (docs/operations.md, "Backups"): the same
 * code for both engines, an archive that restores into either (PGlite to PostgreSQL is a move),
 * nothing to install beside Node, and the schema always comes from the migrations.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Executor, MIGRATION_LOCK_ID, queryRows } from '../db/client';
import {
  BackupError,
  BLANKED_COLUMNS,
  DATABASE_FOLDER,
  IMAGE_KEY_COLUMNS,
  LEFT_OUT_ROWS,
  LEFT_OUT_TABLES,
  type Manifest,
} from './contents';
import { applyMigrations, listSequences, listTables, type MigrationLevel, migrationLevel } from './schema-info';

type FileEntry = Manifest['files'][string];

/** Rows read per round trip: bounded memory whatever a table's size. */
const FETCH_ROWS = 1000;
/** Rows written per INSERT: one statement carries at most this many, or this much JSON. */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 1024 * 1024;

export interface DatabaseDump {
  level: MigrationLevel;
  tables: Manifest['tables'];
  sequences: Manifest['sequences'];
  files: Record<string, FileEntry>;
  /** Storage keys the dumped rows name. */
  imageKeys: Set<string>;
}

const isLeftOut = (table: string) => Object.hasOwn(LEFT_OUT_TABLES, table);

/** The row as JSON text, the blanked columns removed (they come back as null). */
function rowJson(table: string): SQL {
  const blanked = BLANKED_COLUMNS[table] ?? [];
  if (blanked.length === 0) return sql`to_jsonb(t)::text`;
  return sql`(to_jsonb(t) - ${`{${blanked.join(',')}}`}::text[])::text`;
}

/** Writes `<folder>/database/<table>.jsonl` for every kept table, from one snapshot. */
export async function dumpDatabase(db: Database, folder: string): Promise<DatabaseDump> {
  await mkdir(path.join(folder, DATABASE_FOLDER), { recursive: true });
  return db.transaction(
    async (tx) => {
      // Timestamps written with +00:00 whatever the server's zone: archives of one state are alike.
      await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
      const level = await migrationLevel(tx);
      if (!level) {
        throw new BackupError(
          'The database has no Quadmates tables (no server has started on it), so there is nothing to back up.',
        );
      }
      const tables: Manifest['tables'] = [];
      const files: Record<string, FileEntry> = {};
      for (const table of await listTables(tx)) {
        if (isLeftOut(table.name)) continue;
        const file = `${DATABASE_FOLDER}/${table.name}.jsonl`;
        const filter = LEFT_OUT_ROWS[table.name];
        const query = sql`SELECT ${rowJson(table.name)} AS line FROM public.${sql.identifier(table.name)} AS t`;
        if (filter) query.append(sql` WHERE ${sql.raw(filter)}`);
        if (table.primaryKey.length > 0) {
          query.append(
            sql` ORDER BY ${sql.join(
              table.primaryKey.map((c) => sql.identifier(c)),
              sql`, `,
            )}`,
          );
        }
        const { rows, entry } = await writeRows(tx, query, path.join(folder, file));
        tables.push({ name: table.name, file, rows });
        files[file] = entry;
      }
      const sequences: Manifest['sequences'] = [];
      for (const s of await listSequences(tx)) {
        if (isLeftOut(s.table)) continue;
        const [value] = await queryRows<{ last_value: string; is_called: boolean }>(
          tx,
          sql`SELECT last_value::text AS last_value, is_called FROM ${sql.raw(s.sequence)}`,
        );
        if (value)
          sequences.push({ table: s.table, column: s.column, lastValue: value.last_value, isCalled: value.is_called });
      }
      const imageKeys = new Set<string>();
      for (const [table, columns] of Object.entries(IMAGE_KEY_COLUMNS)) {
        for (const column of columns) {
          const keys = await queryRows<{ key: string | null }>(
            tx,
            sql`SELECT ${sql.identifier(column)} AS key FROM public.${sql.identifier(table)}`,
          );
          for (const { key } of keys) if (key) imageKeys.add(key);
        }
      }
      return { level, tables, sequences, files, imageKeys };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Streams a query's `line` column into a file through a cursor, hashing what it writes. */
async function writeRows(tx: Executor, query: SQL, file: string): Promise<{ rows: number; entry: FileEntry }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let rows = 0;
  const handle = await open(file, 'wx');
  try {
    await tx.execute(sql`DECLARE quadmates_backup NO SCROLL CURSOR FOR ${query}`);
    for (;;) {
      const batch = await queryRows<{ line: string }>(tx, sql.raw(`FETCH ${FETCH_ROWS} FROM quadmates_backup`));
      if (batch.length === 0) break;
      const chunk = Buffer.from(batch.map((r) => `${r.line}\n`).join(''), 'utf8');
      hash.update(chunk);
      bytes += chunk.length;
      rows += batch.length;
      await handle.write(chunk);
    }
    await tx.execute(sql`CLOSE quadmates_backup`);
  } finally {
    await handle.close();
  }
  return { rows, entry: { sha256: hash.digest('hex'), bytes } };
}

/** Tables (other than the left-out ones) that hold at least one row. */
export async function tablesWithRows(db: Executor): Promise<string[]> {
  const tables = (await listTables(db)).filter((t) => !isLeftOut(t.name));
  if (tables.length === 0) return [];
  const probes = tables.map(
    (t) => sql`SELECT ${t.name}::text AS name WHERE EXISTS (SELECT 1 FROM public.${sql.identifier(t.name)})`,
  );
  const rows = await queryRows<{ name: string }>(db, sql.join(probes, sql` UNION ALL `));
  return rows.map((r) => r.name);
}

export interface LoadOptions {
  manifest: Manifest;
  /** The folder the archive was unpacked into. */
  folder: string;
  /** How the refusal names the database ("the database at db:5432/quadmates"). */
  label: string;
}

/**
 * Fills an empty database in one transaction: the migrations up to the archive's (those the
 * database lacks), every table's rows, parents first, then the serial counters. Anything wrong
 * rolls all of it back. Returns the migrations it applied.
 */
export async function loadDatabase(db: Database, { manifest, folder, label }: LoadOptions): Promise<string[]> {
  return db.transaction(async (tx) => {
    // A server starting meanwhile waits here instead of migrating the same database.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    const level = await migrationLevel(tx);
    assertLoadable(level, manifest, label);
    const full = level ? await tablesWithRows(tx) : [];
    if (full.length > 0) throw refuseFull(label, full);
    const applied = await applyMigrations(tx, level?.lastCreatedAt ?? null, manifest.migrations.lastCreatedAt);

    const tables = (await listTables(tx)).filter((t) => !isLeftOut(t.name));
    const archived = new Map(manifest.tables.map((t) => [t.name, t]));
    const expected = tables.map((t) => t.name);
    const unknown = [...archived.keys()].filter((name) => !expected.includes(name));
    const absent = expected.filter((name) => !archived.has(name));
    if (unknown.length > 0 || absent.length > 0) {
      throw new BackupError(
        `The archive's tables do not match its migration ${manifest.migrations.last} (${[
          ...unknown.map((n) => `${n} is not a table there`),
          ...absent.map((n) => `${n} is missing`),
        ].join(', ')}); it is damaged, and nothing was restored.`,
      );
    }
    for (const table of tables) {
      const entry = archived.get(table.name);
      if (!entry) continue;
      const loaded = await insertRows(tx, table.name, table.columns, path.join(folder, entry.file));
      if (loaded !== entry.rows) {
        throw new BackupError(
          `The archive's ${entry.file} holds ${loaded} rows where its manifest says ${entry.rows}; it is damaged, and nothing was restored.`,
        );
      }
    }
    const counters = new Map(manifest.sequences.map((s) => [`${s.table}.${s.column}`, s]));
    for (const s of await listSequences(tx)) {
      if (isLeftOut(s.table)) continue;
      const saved = counters.get(`${s.table}.${s.column}`);
      const column = sql.identifier(s.column);
      const table = sql`public.${sql.identifier(s.table)}`;
      // The saved counter, never below a restored row's value: numbers handed out stay used.
      await tx.execute(
        sql`SELECT setval(${s.sequence}::regclass,
              GREATEST(${saved?.lastValue ?? '1'}::bigint, COALESCE((SELECT max(${column}) FROM ${table}), 1)),
              ${saved?.isCalled ?? false} OR EXISTS (SELECT 1 FROM ${table}))`,
      );
    }
    return applied;
  });
}

function refuseFull(label: string, tables: string[]): BackupError {
  const named = tables.slice(0, 3).join(', ');
  return new BackupError(
    `${label} already holds data (rows in ${tables.length} tables: ${named}${tables.length > 3 ? '...' : ''}); a restore only fills an empty deployment, so it changed nothing.`,
  );
}

/** The database can take the archive: it is empty and not migrated past the archive's schema. */
function assertLoadable(level: MigrationLevel | null, manifest: Manifest, label: string): void {
  if (level && level.lastCreatedAt > manifest.migrations.lastCreatedAt) {
    throw new BackupError(
      `${label} has been migrated past the archive's schema (${manifest.migrations.last}); restore into a new empty database, which the restore sets up itself.`,
    );
  }
}

/** Checks before anything is written: the same tests loadDatabase repeats inside its transaction. */
export async function assertDatabaseEmpty(db: Executor, manifest: Manifest, label: string): Promise<void> {
  const level = await migrationLevel(db);
  assertLoadable(level, manifest, label);
  if (!level) return;
  const full = await tablesWithRows(db);
  if (full.length > 0) throw refuseFull(label, full);
}

/** Inserts a JSON-lines file's rows in batches; columns missing from a line become null. */
async function insertRows(tx: Executor, table: string, columns: string[], file: string): Promise<number> {
  const target = sql`public.${sql.identifier(table)}`;
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  let batch: string[] = [];
  let batchBytes = 0;
  let total = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    // The JSON text reaches the database as it was dumped: no number or date passes through JavaScript.
    await tx.execute(
      sql`INSERT INTO ${target} (${list}) OVERRIDING SYSTEM VALUE
          SELECT ${list} FROM json_populate_recordset(NULL::${target}, ${`[${batch.join(',')}]`}::json)`,
    );
    total += batch.length;
    batch = [];
    batchBytes = 0;
  };
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    batchBytes += line.length;
    if (batch.length >= INSERT_ROWS || batchBytes >= INSERT_BYTES) await flush();
  }
  await flush();
  return total;
}
