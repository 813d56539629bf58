/**
 * What the backup reads from the database's own catalogue rather than from the Drizzle schema, so
 * that a table, column or counter a migration adds is backed up without anyone remembering to:
 * the tables, the order their foreign keys impose, their columns and keys, and the serial counters.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { type Executor, migrationsFolder, queryRows, toCount } from '../db/client';

export interface TableInfo {
  name: string;
  /** Columns a row can be written to (generated ones are computed by the database). */
  columns: string[];
  primaryKey: string[];
}

export interface SequenceInfo {
  table: string;
  column: string;
  /** The sequence's name, quoted for SQL (from the catalogue's format('%I.%I')). */
  sequence: string;
}

/** Every table of the application's schema (`public`), parents before the tables that refer to them. */
export async function listTables(db: Executor): Promise<TableInfo[]> {
  const columns = await queryRows<{ table_name: string; column_name: string; generated: boolean }>(
    db,
    sql`SELECT c.relname AS table_name, a.attname AS column_name, a.attgenerated <> '' AS generated
        FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname, a.attnum`,
  );
  const keys = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`SELECT c.relname AS table_name, a.attname AS column_name
        FROM pg_index i
        JOIN pg_class c ON c.oid = i.indrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::int2[])
        WHERE n.nspname = 'public' AND i.indisprimary
        ORDER BY c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`SELECT child.relname AS child, parent.relname AS parent
        FROM pg_constraint k
        JOIN pg_class child ON child.oid = k.conrelid
        JOIN pg_class parent ON parent.oid = k.confrelid
        JOIN pg_namespace n ON n.oid = child.relnamespace
        WHERE k.contype = 'f' AND n.nspname = 'public'`,
  );
  const tables = new Map<string, TableInfo>();
  for (const row of columns) {
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [], primaryKey: [] };
    if (!row.generated) table.columns.push(row.column_name);
    tables.set(row.table_name, table);
  }
  for (const row of keys) tables.get(row.table_name)?.primaryKey.push(row.column_name);
  return inForeignKeyOrder([...tables.values()], references);
}

/**
 * Parents first (Kahn's algorithm, ties by name so archives of the same data are alike). A table
 * that refers to itself, or a circle of references, has no such order: no table does today, and
 * one that does must not be backed up in an order that cannot be restored.
 */
function inForeignKeyOrder(tables: TableInfo[], references: { child: string; parent: string }[]): TableInfo[] {
  const parentsOf = new Map(tables.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of references) parentsOf.get(child)?.add(parent);
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  let remaining = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (remaining.length > 0) {
    const ready = remaining.filter((t) => [...(parentsOf.get(t.name) ?? [])].every((p) => placed.has(p)));
    if (ready.length === 0) {
      throw new Error(
        `The tables ${remaining.map((t) => t.name).join(', ')} refer to each other (or themselves), so no order restores them.`,
      );
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((t) => !placed.has(t.name));
  }
  return ordered;
}

/** The sequences behind serial columns of the application's tables (e.g. live_event.seq). */
export function listSequences(db: Executor): Promise<SequenceInfo[]> {
  return queryRows<SequenceInfo>(
    db,
    sql`SELECT t.relname AS "table", a.attname AS "column", format('%I.%I', sn.nspname, s.relname) AS "sequence"
        FROM pg_class s
        JOIN pg_namespace sn ON sn.oid = s.relnamespace
        JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid
          AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
        JOIN pg_class t ON t.oid = d.refobjid
        JOIN pg_namespace tn ON tn.oid = t.relnamespace
        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
        WHERE s.relkind = 'S' AND tn.nspname = 'public'
        ORDER BY t.relname, a.attname`,
  );
}

/** Drizzle's record of applied migrations (drizzle-orm's pg-core dialect keeps it there). */
export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

export interface MigrationLevel {
  applied: number;
  /** The newest applied migration's journal time (drizzle compares these to decide what to run). */
  lastCreatedAt: number;
}

/** What the database has applied, or null when it was never migrated. */
export async function migrationLevel(db: Executor): Promise<MigrationLevel | null> {
  const [present] = await queryRows<{ present: boolean }>(
    db,
    sql`SELECT to_regclass(${MIGRATIONS_TABLE}) IS NOT NULL AS present`,
  );
  if (!present?.present) return null;
  const [row] = await queryRows<{ applied: unknown; last: string | null }>(
    db,
    sql`SELECT count(*) AS applied, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  const applied = toCount(row?.applied);
  if (!row?.last || applied === 0) return null;
  return { applied, lastCreatedAt: Number(row.last) };
}

export interface JournalMigration {
  tag: string;
  createdAt: number;
  hash: string;
  statements: string[];
}

/** This version's migrations, oldest first, read exactly as drizzle's migrator reads them. */
export function journal(): JournalMigration[] {
  const entries = (
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: { tag: string; when: number }[];
    }
  ).entries;
  const files = readMigrationFiles({ migrationsFolder });
  return entries.map((entry, i) => {
    const file = files[i];
    if (!file || file.folderMillis !== entry.when) throw new Error(`The migration ${entry.tag} cannot be read.`);
    return { tag: entry.tag, createdAt: entry.when, hash: file.hash, statements: file.sql };
  });
}

/**
 * Applies, inside the caller's transaction, the migrations after `from` up to and including `to`,
 * recording each as drizzle's migrator does (same table, hash and time), so the server's own
 * migrate() later carries on from there. drizzle's migrate() opens its own transaction, which is
 * why a restore cannot use it: the schema and the rows must commit or vanish together.
 */
export async function applyMigrations(tx: Executor, from: number | null, to: number): Promise<string[]> {
  await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await tx.execute(
    sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  const applied: string[] = [];
  for (const migration of journal()) {
    if ((from !== null && migration.createdAt <= from) || migration.createdAt > to) continue;
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.createdAt})`,
    );
    applied.push(migration.tag);
  }
  return applied;
}
