/**
 * Hostile input for the property-based tests (issue 12, item 3): generators of payloads an attacker
 * or a broken client could send, the catalogue every error message must come from, and a
 * change count of the database so a refused request can be shown to have changed nothing.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Database } from '../../src/server/db/client';
import { accountMessages } from '../../src/shared/account-messages';
import { agreementMessages } from '../../src/shared/agreement-signatures';
import { bestFitMessages } from '../../src/shared/best-fit-messages';
import { freshnessMessages } from '../../src/shared/freshness';
import { limitMessages, STUDENT_LIMITS } from '../../src/shared/limits';
import { messages } from '../../src/shared/messages';
import { moderationMessages } from '../../src/shared/moderation';
import { originMessages } from '../../src/shared/origin-messages';
import { pingMessages } from '../../src/shared/ping-messages';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import { savedSearchMessages } from '../../src/shared/saved-searches';
import { conversationMessages } from '../../src/shared/schemas/conversations';
import { geocodeMessages } from '../../src/shared/schemas/geocode';
import { groupMessages } from '../../src/shared/schemas/groups';
import { statementsSent, statementsSettled, watchStatements } from './statements-sent';

/** How many payloads each route gets: `FUZZ_RUNS` (npm run test:hostile sets 10,000 unless told), else 200. */
export const FUZZ_RUNS = (() => {
  const raw = process.env.FUZZ_RUNS;
  if (raw === undefined || raw === '') return 200;
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS must be a positive whole number, not ${raw}`);
  return runs;
})();

/** Strings that break naive HTML, SQL, header and template handling. */
export const INJECTIONS = [
  '<script>window.__pwned = 1</script>',
  '"><img src=x onerror="window.__pwned=1">',
  "' OR '1'='1",
  "'; DROP TABLE posting; --",
  'Robert"); DELETE FROM ping; --',
  'x\r\nBcc: victim@example.com',
  'x\r\n\r\n<h1>split</h1>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax is the point
  '${7*7}',
  '<%= 7*7 %>',
  '#{7*7}',
  '../../../../etc/passwd',
  'javascript:alert(1)',
  '\u0000',
  '\u202eevil',
  '\ud800',
  '%00%0d%0a',
] as const;

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'];

/** A JSON value whose text we write ourselves: own `__proto__` keys, duplicate keys, numbers JSON.stringify cannot make. */
export type RawJson =
  | { kind: 'raw'; text: string }
  | { kind: 'array'; items: RawJson[] }
  | { kind: 'object'; entries: [string, RawJson][] }
  | { kind: 'value'; value: string | number | boolean | null };

export function toJsonText(value: RawJson): string {
  switch (value.kind) {
    case 'raw':
      return value.text;
    case 'array':
      return `[${value.items.map(toJsonText).join(',')}]`;
    case 'object':
      return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`).join(',')}}`;
    case 'value':
      return JSON.stringify(value.value);
  }
}

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme' }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n', 'null', 'undefined', 'NaN', '-1', '0', '1e309', 'true') },
);

const boundaryNumber: fc.Arbitrary<RawJson> = fc.oneof(
  fc
    .constantFrom(
      0,
      -1,
      1,
      2 ** 31 - 1,
      2 ** 31,
      -(2 ** 31),
      2 ** 53,
      Number.MAX_SAFE_INTEGER,
      5e-324,
      1e308,
      -1e308,
      0.5,
    )
    .map((value) => ({ kind: 'value', value }) as RawJson),
  fc.integer().map((value) => ({ kind: 'value', value }) as RawJson),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => ({ kind: 'value', value }) as RawJson),
  // Numbers JSON.parse reads as Infinity, -0 or a huge integer.
  fc
    .constantFrom('1e309', '-1e309', '-0', '123456789012345678901234567890', '1E400')
    .map((text) => ({ kind: 'raw', text }) as RawJson),
);

/** Any key a handler might meet: its own fields, prototype keys, and anything else. */
export const keyFrom = (fields: readonly string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...fields) },
    { weight: 2, arbitrary: fc.constantFrom(...PROTO_KEYS) },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );

/** A value of any type, nested a little: the wrong type for whatever field it lands in. */
export const hostileValue = (fields: readonly string[]): fc.Arbitrary<RawJson> =>
  fc.letrec<{ value: RawJson }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: hostileString.map((value) => ({ kind: 'value', value }) as RawJson) },
      { weight: 2, arbitrary: boundaryNumber },
      { weight: 1, arbitrary: fc.boolean().map((value) => ({ kind: 'value', value }) as RawJson) },
      { weight: 1, arbitrary: fc.constant({ kind: 'value', value: null } as RawJson) },
      {
        weight: 1,
        arbitrary: fc.array(tie('value'), { maxLength: 4 }).map((items) => ({ kind: 'array', items }) as RawJson),
      },
      {
        weight: 1,
        arbitrary: fc
          .array(fc.tuple(keyFrom(fields), tie('value')), { maxLength: 4 })
          .map((entries) => ({ kind: 'object', entries }) as RawJson),
      },
    ),
  })).value;

/** An object with the route's own fields (some left out, some repeated) holding hostile values. */
export const hostileObject = (fields: readonly string[], valid: Record<string, unknown> = {}) =>
  fc.array(fc.tuple(keyFrom(fields), hostileValue(fields)), { maxLength: 8 }).chain((entries) =>
    // Half the time the rest of the object is valid, so a single bad field is what is judged.
    fc.boolean().map((keepValid) => {
      const base: [string, RawJson][] = keepValid
        ? Object.entries(valid).map(([key, value]) => [key, { kind: 'raw', text: JSON.stringify(value) }])
        : [];
      const overridden = new Set(entries.map(([key]) => key));
      return {
        kind: 'object',
        entries: [...base.filter(([key]) => !overridden.has(key)), ...entries],
      } as RawJson;
    }),
  );

/**
 * A JSON body as text: mostly an object of the route's fields, sometimes any JSON, sometimes not
 * JSON at all, and (weight `exactlyValid`, 1 in 10 by default) exactly the valid body.
 */
export const hostileJsonBody = (
  fields: readonly string[],
  valid: Record<string, unknown> = {},
  { exactlyValid = 1 }: { exactlyValid?: number } = {},
) =>
  fc.oneof(
    { weight: 6, arbitrary: hostileObject(fields, valid).map(toJsonText) },
    { weight: 2, arbitrary: hostileValue(fields).map(toJsonText) },
    { weight: 1, arbitrary: fc.string() },
    ...(exactlyValid > 0 ? [{ weight: exactlyValid, arbitrary: fc.constant(JSON.stringify(valid)) }] : []),
  );

/** Content types a request might claim: mostly JSON, sometimes not. */
export const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/json; charset=utf-16',
      'multipart/form-data',
      'application/xml',
    ),
  },
);

/** As a browser would encode it (a path segment or a query value); lone surrogates (which cannot be encoded) become U+FFFD. */
export function encodePathSegment(text: string): string {
  const wellFormed = text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return encodeURIComponent(wellFormed) || '%20';
}

/** A path segment: a real id, a random UUID, or junk (encoded as a browser would). */
export const idSegment = (real: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...real) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length < 2_000).map((s) => encodePathSegment(s)) },
  );

// ---- the message catalogue --------------------------------------------------------------------

const SENTINEL = '\u0001ARG\u0001';
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function collect(value: unknown, exact: Set<string>, patterns: RegExp[]): void {
  if (typeof value === 'string') exact.add(value);
  else if (typeof value === 'function') {
    const produced = (value as (...args: unknown[]) => unknown)(SENTINEL, SENTINEL, SENTINEL);
    if (typeof produced === 'string') {
      const source = produced.split(SENTINEL).map(escapeRegExp).join('[\\s\\S]+?');
      patterns.push(new RegExp(`^${source}$`));
    } else collect(produced, exact, patterns);
  } else if (Array.isArray(value)) for (const item of value) collect(item, exact, patterns);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) collect(item, exact, patterns);
}

const catalogueExact = new Set<string>();
const cataloguePatterns: RegExp[] = [];
// messages.ts holds what every page needs; a feature's own strings live beside it in src/shared.
for (const catalogue of [
  messages,
  pingMessages,
  accountMessages,
  freshnessMessages,
  moderationMessages,
  originMessages,
  savedSearchMessages,
  limitMessages,
  STUDENT_LIMITS,
  bestFitMessages,
  groupMessages,
  postingValidation,
  // Conversations (issue 19).
  conversationMessages,
  // The roommate agreement (issue 34).
  agreementMessages,
  // Finding a typed address on the map (issue 33).
  geocodeMessages,
])
  collect(catalogue, catalogueExact, cataloguePatterns);

/** True when `text` is a message of the catalogue in src/shared (templates filled with anything). */
export function inCatalogue(text: string): boolean {
  return catalogueExact.has(text) || cataloguePatterns.some((pattern) => pattern.test(text));
}

/** What a refused request must answer: the API's error shape, a catalogue title and message (one per line). */
export function errorProblems(status: number, body: string): string[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [`${status}: the body is not JSON: ${body.slice(0, 200)}`];
  }
  const error = (json as { error?: { code?: unknown; title?: unknown; message?: unknown } }).error;
  if (!error || typeof error.code !== 'string' || typeof error.title !== 'string' || typeof error.message !== 'string')
    return [`${status}: not the error shape: ${body.slice(0, 200)}`];
  const problems: string[] = [];
  if (!inCatalogue(error.title)) problems.push(`${status}: title not in the catalogue: ${error.title}`);
  for (const line of error.message.split('\n'))
    if (!inCatalogue(line)) problems.push(`${status}: message not in the catalogue: ${line}`);
  return problems;
}

// ---- the database's state ---------------------------------------------------------------------

/**
 * Tables a refused request may change: sessions are refreshed and rate-limit buckets move (images
 * decoded before a save failed still count toward the student's image work).
 */
const UNWATCHED_TABLES = ['session', 'rate_limit', 'student_usage'];

const rowsOf = async <T>(db: Database, query: Parameters<Database['execute']>[0]): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Watches every table of the database but UNWATCHED_TABLES: a row trigger counts each inserted,
 * updated or deleted row (and a statement trigger each truncate) in a table of its own, so the
 * returned fingerprint, one small query, moves whenever any watched row does (even a row inserted
 * and deleted again in one request, which counts and sums would miss). A transaction that rolls
 * back takes its counts with it: what did not happen does not count.
 */
export async function watchDatabase(
  db: Database,
  kind: 'pglite' | 'postgres',
): Promise<() => Promise<Record<string, string>>> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  )
    .map((row) => row.name)
    .filter((name) => !UNWATCHED_TABLES.includes(name));
  if (tables.length === 0) throw new Error('no tables to watch');
  await db.execute(
    sql.raw('create table hostile_change (table_name text primary key, changes bigint not null default 0)'),
  );
  await db.execute(
    sql.raw(`create function hostile_count_change() returns trigger language plpgsql as $$
      begin
        update hostile_change set changes = changes + 1 where table_name = TG_TABLE_NAME;
        return null;
      end $$`),
  );
  for (const table of tables) {
    await db.execute(sql`insert into hostile_change (table_name) values (${table})`);
    await db.execute(
      sql.raw(
        `create trigger hostile_change_rows after insert or update or delete on "${table}" for each row execute function hostile_count_change()`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger hostile_change_truncate after truncate on "${table}" for each statement execute function hostile_count_change()`,
      ),
    );
  }
  const query = sql.raw('select table_name, changes::text as changes from hostile_change order by table_name');
  const read = async () => {
    const rows = await rowsOf<{ table_name: string; changes: string }>(db, query);
    if (rows.length !== tables.length) throw new Error('the change counts are incomplete');
    return Object.fromEntries(rows.map((row) => [row.table_name, row.changes]));
  };
  if (kind === 'pglite') return read;
  // On PostgreSQL the last fingerprint is reused while no statement has been sent since it was read,
  // and nothing was still running when it was (a statement sent earlier but committed after the read
  // would otherwise go unseen). The read itself is one statement.
  watchStatements();
  let readAt = -1;
  let last: Record<string, string> = {};
  return async () => {
    if (statementsSent() === readAt) return last;
    const settled = statementsSettled();
    const before = statementsSent();
    last = await read();
    readAt = settled ? before + 1 : -1;
    return last;
  };
}

/** Fails when anything has been added to Object.prototype (prototype pollution). */
export function prototypeIsClean(): boolean {
  return Object.getOwnPropertyNames(Object.prototype).every((name) =>
    [
      'constructor',
      '__defineGetter__',
      '__defineSetter__',
      'hasOwnProperty',
      '__lookupGetter__',
      '__lookupSetter__',
      'isPrototypeOf',
      'propertyIsEnumerable',
      'toString',
      'valueOf',
      '__proto__',
      'toLocaleString',
    ].includes(name),
  );
}
