/**
 * Migrations a rolling restart survives (docs/operations.md, Upgrades): while servers restart one at
 * a time, the previous build keeps serving on the database the new build has already migrated. So a
 * migration only adds (expand); what the previous build reads or writes is removed or tightened in a
 * later release, once no server of the old build runs (contract). This test reads each migration's
 * SQL and refuses what would break the previous build, unless the statement is reviewed below with
 * its reason. tests/integration/upgrade.test.ts runs the newest migration under the previous build.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

interface Rule {
  name: string;
  /** Whether the statement breaks the rule; `created` holds the tables this migration creates. */
  breaks(statement: string, created: Set<string>): boolean;
}

const tableOf = (statement: string, pattern: RegExp) => pattern.exec(statement)?.[1]?.toLowerCase();

const RULES: Rule[] = [
  {
    // The previous build still reads and writes them.
    name: 'drops or renames a table, column, function or trigger',
    breaks: (s) => /\bDROP\s+(?!INDEX\b)\w+/i.test(s) || /\bRENAME\b/i.test(s),
  },
  {
    // The previous build writes rows with the values it knows.
    name: "changes a column's type, nullability or default",
    breaks: (s) => /\bALTER\s+COLUMN\b[^;]*\b(TYPE|SET\s+NOT\s+NULL|DROP\s+DEFAULT|SET\s+DATA\s+TYPE)\b/i.test(s),
  },
  {
    // The previous build's inserts do not name it.
    name: 'adds a NOT NULL column without a default',
    breaks: (s) => /\bADD\s+COLUMN\b/i.test(s) && /\bNOT\s+NULL\b/i.test(s) && !/\bDEFAULT\b/i.test(s),
  },
  {
    // The previous build's writes may be refused, and rows already there may fail it at start-up.
    name: 'adds a constraint or unique index to a table that already exists',
    breaks: (s, created) => {
      const table =
        tableOf(s, /^ALTER\s+TABLE\s+"?(\w+)"?\s+ADD\s+CONSTRAINT\b/i) ??
        tableOf(s, /^CREATE\s+UNIQUE\s+INDEX\s+"?\w+"?\s+ON\s+"?(\w+)"?/i);
      return table !== undefined && !created.has(table);
    },
  },
  {
    // It covers the rows there when it runs, not those the previous build writes until it stops.
    name: 'changes rows (a backfill)',
    breaks: (s) => /^(UPDATE|DELETE|INSERT)\b/i.test(s),
  },
  {
    // Drizzle runs the pending migrations in one transaction, where CONCURRENTLY is refused.
    name: 'builds an index CONCURRENTLY',
    breaks: (s) => /\bCONCURRENTLY\b/i.test(s),
  },
];

/**
 * Statements reviewed before this test existed, each with why the previous build was not harmed
 * then, or how it was: by migration, then rule.
 */
const REVIEWED: Record<string, Record<string, string>> = {
  '0004_pings_and_outbox': {
    'adds a constraint or unique index to a table that already exists':
      'No build before 0004 wrote pings (the ping table was empty until the feature arrived with it).',
  },
  '0011_groups_of_students': {
    'adds a constraint or unique index to a table that already exists':
      "On posting_member's new columns only, which the previous build never writes: its rows take the defaults, which pass.",
    'changes rows (a backfill)':
      "Makes each group's first member its joined admin. A posting the previous build created during a rolling restart would keep an unlinked first member; deployments then ran one server.",
  },
  '0017_message_client_keys': {
    'adds a constraint or unique index to a table that already exists':
      "On conversation_message's new client_key only, and only where it is set: every row there and every row the previous build writes has it null, so none can fail it.",
  },
  '0012_conversations': {
    'changes rows (a backfill)':
      'Opens a conversation for each ping. A ping the previous build sent during a rolling restart would have none (the API answers conversationId null for it); deployments then ran one server.',
  },
};

function migrations(): { tag: string; statements: string[] }[] {
  return readdirSync(migrationsFolder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({
      tag: file.replace(/\.sql$/, ''),
      statements: readFileSync(path.join(migrationsFolder, file), 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) =>
          statement
            .split('\n')
            .filter((line) => !line.trim().startsWith('--'))
            .join('\n')
            .trim(),
        )
        .filter((statement) => statement !== ''),
    }));
}

function breaches(statements: string[]): { rule: string; statement: string }[] {
  const created = new Set(
    statements.map((s) => tableOf(s, /^CREATE\s+TABLE\s+"?(\w+)"?/i)).filter((t): t is string => t !== undefined),
  );
  // A function's body may hold anything (its INSERTs run when it is called, not now).
  const outsideFunctions = statements.filter((s) => !/^CREATE\s+(OR\s+REPLACE\s+)?FUNCTION\b/i.test(s));
  return outsideFunctions.flatMap((statement) =>
    RULES.filter((rule) => rule.breaks(statement, created)).map((rule) => ({
      rule: rule.name,
      statement: statement.slice(0, 160),
    })),
  );
}

describe('migrations a rolling restart survives (expand now, contract in a later release)', () => {
  it('only add to what the previous build uses, unless reviewed', () => {
    const unreviewed = migrations().flatMap(({ tag, statements }) =>
      breaches(statements)
        .filter(({ rule }) => REVIEWED[tag]?.[rule] === undefined)
        .map((breach) => ({ migration: tag, ...breach })),
    );
    expect(unreviewed).toEqual([]);
  });

  it('keeps no review that no longer matches a statement', () => {
    const found = new Set(
      migrations().flatMap(({ tag, statements }) => breaches(statements).map(({ rule }) => `${tag}: ${rule}`)),
    );
    const stale = Object.entries(REVIEWED).flatMap(([tag, rules]) =>
      Object.keys(rules)
        .map((rule) => `${tag}: ${rule}`)
        .filter((key) => !found.has(key)),
    );
    expect(stale).toEqual([]);
  });

  it.each([
    ['ALTER TABLE "ping" DROP COLUMN "message"', 'drops or renames a table, column, function or trigger'],
    ['ALTER TABLE "posting" RENAME COLUMN "dorm" TO "hall"', 'drops or renames a table, column, function or trigger'],
    ['DROP TABLE "bookmark"', 'drops or renames a table, column, function or trigger'],
    ['ALTER TABLE "posting" ALTER COLUMN "address" SET NOT NULL', "changes a column's type, nullability or default"],
    ['ALTER TABLE "ping" ADD COLUMN "kind" text NOT NULL', 'adds a NOT NULL column without a default'],
    [
      'ALTER TABLE "ping" ADD CONSTRAINT "ping_short" CHECK (char_length("message") < 500)',
      'adds a constraint or unique index to a table that already exists',
    ],
    ['UPDATE "posting" SET "status" = \'Fulfilled\'', 'changes rows (a backfill)'],
    ['CREATE INDEX CONCURRENTLY "x" ON "ping" ("created_at")', 'builds an index CONCURRENTLY'],
  ])('refuses %s', (statement, rule) => {
    expect(breaches([statement]).map((b) => b.rule)).toEqual([rule]);
  });

  it.each([
    'ALTER TABLE "ping" ADD COLUMN "withheld" boolean DEFAULT false NOT NULL',
    'ALTER TABLE "posting" ADD COLUMN "description" text',
    'CREATE INDEX "ping_admin_idx" ON "ping" USING btree ("admin_user_id")',
    'DROP INDEX "ping_searcher_idx"',
  ])('accepts %s', (statement) => {
    expect(breaches([statement])).toEqual([]);
  });

  it('accepts constraints on a table the same migration creates', () => {
    expect(
      breaches([
        'CREATE TABLE "note" ("id" uuid PRIMARY KEY, "user_id" text NOT NULL)',
        'ALTER TABLE "note" ADD CONSTRAINT "note_user_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id")',
        'CREATE UNIQUE INDEX "note_user_idx" ON "note" USING btree ("user_id")',
      ]),
    ).toEqual([]);
  });
});
