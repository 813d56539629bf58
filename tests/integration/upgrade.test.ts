/**
 * Upgrades (issue 32, item 5; docs/operations.md, Upgrades).
 *
 * 1. A deployment from the first release: a database at migration 0000 holding what that schema
 *    allowed, upgraded to the newest by the server's own migrator. Every row keeps every value,
 *    later columns take their defaults and backfills, and the app serves the old rows (an old
 *    session stays signed in, an old password signs in). PGlite, and PostgreSQL with TEST_DATABASE_URL.
 * 2. A rolling restart (PostgreSQL only: two servers cannot share the embedded database): the
 *    previous build (scripts/lib/previous-build.ts) serves a database at migration N-1 while a server
 *    of this checkout starts on it and applies migration N; reads and writes through the previous
 *    build succeed before, during and after, and the new server serves what it wrote.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { generateRandomString, makeSignature } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appliedMigrationCount,
  currentMigrationCount,
  type PreviousBuild,
  preparePreviousBuild,
} from '../../scripts/lib/previous-build';
import { freePort, type ServerProcess, startReady, stopGracefully } from '../../scripts/lib/server-process';
import { hashPassword } from '../../src/server/auth/scrypt-password';
import { type DatabaseHandle, migrationsFolder, openDatabase, queryRows } from '../../src/server/db/client';
import { createTestApp, type TestApp } from '../support/app';
import type { TestDatabase } from '../support/database';
import { cookieFrom, originHeader } from '../support/users';
import { onCampusPosting } from './postings-support';

const baseUrl = process.env.TEST_DATABASE_URL;
const engine = baseUrl ? 'PostgreSQL' : 'PGlite';

/** An empty database of its own: PGlite in memory, or a new PostgreSQL database (not the migrated template). */
async function emptyDatabase(): Promise<TestDatabase> {
  if (!baseUrl) {
    const handle = await openDatabase({ kind: 'pglite', instance: new PGlite() });
    return { ...handle, url: undefined, pgliteDir: undefined, destroy: () => handle.close() };
  }
  const name = `qm_upgrade_${randomBytes(6).toString('hex')}`;
  const url = await createPostgresDatabase(name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 3 });
  return {
    ...handle,
    url,
    pgliteDir: undefined,
    async destroy() {
      await handle.close();
      await dropPostgresDatabase(name);
    },
  };
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function createPostgresDatabase(name: string): Promise<string> {
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(baseUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

const dropPostgresDatabase = (name: string) =>
  withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

/** Applies the first `count` migrations with the app's migrator (Drizzle's), as that release's server did. */
async function migrateFirst(database: DatabaseHandle, count: number): Promise<void> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'qm-migrations-'));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < count) }));
    const migrate = database.kind === 'pglite' ? migratePglite : migrateNodePg;
    await migrate(database.db as never, { migrationsFolder: folder });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const rowsOf = <Row>(database: DatabaseHandle, text: string) => queryRows<Row>(database.db, sql.raw(text));

/** Every row of `table`, only `columns`, as JSON text, in one order: comparable before and after. */
async function tableRows(database: DatabaseHandle, table: string, columns: string[]): Promise<string[]> {
  const list = columns.map((c) => `"${c}"`).join(', ');
  const rows = await rowsOf<{ j: string }>(
    database,
    `SELECT row_to_json(t)::text AS j FROM (SELECT ${list} FROM "${table}") t`,
  );
  return rows.map((row) => row.j).sort();
}

const AUTH_SECRET = 'upgrade-test-secret-that-is-long-enough-0123456789';
const TERMS_VERSION = '2026-11-01';
const PASSWORD = 'correct-horse-battery';

const ids = {
  ada: 'ada0000userid',
  bo: 'bo00000userid',
  cy: 'cy00000userid',
  dee: 'dee0000userid',
  onCampus: '00000000-0000-4000-8000-00000000000a',
  offCampus: '00000000-0000-4000-8000-00000000000b',
  pingPending: '00000000-0000-4000-8000-0000000000c1',
  pingAccepted: '00000000-0000-4000-8000-0000000000c2',
};
const adaSessionToken = generateRandomString(32, 'a-z', 'A-Z', '0-9');

/** What the first release's schema (0000_initial.sql) held, written as that release could. */
async function firstReleaseRows(): Promise<string[]> {
  const hash = (await hashPassword(PASSWORD)).replaceAll("'", "''");
  const user = (id: string, name: string, email: string) =>
    `('${id}', '${name}', '${email}', true, '2026-11-21 09:00:00+00', '2026-11-21 09:00:00+00', '2026-11-21 09:00:05+00', '${TERMS_VERSION}')`;
  const account = (id: string) =>
    `('${randomUUID()}', '${id}', 'credential', '${id}', '${hash}', '2026-11-21 09:00:00+00', '2026-11-21 09:00:00+00')`;
  return [
    `INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at, terms_accepted_at, terms_version) VALUES
      ${user(ids.ada, 'Ada Admin', 'ada@bc.edu')}, ${user(ids.bo, 'Bo Renter', 'bo@bc.edu')},
      ${user(ids.cy, 'Cy Searcher', 'cy@bc.edu')}, ${user(ids.dee, 'Dee Searcher', 'dee@bc.edu')}`,
    `INSERT INTO "user" (id, name, email, email_verified) VALUES ('eveunverified', 'Eve Waiting', 'eve@bc.edu', false)`,
    `INSERT INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES
      ${[ids.ada, ids.bo, ids.cy, ids.dee].map(account).join(', ')}`,
    `INSERT INTO session (id, expires_at, token, user_id, ip_address, user_agent) VALUES
      ('${randomUUID()}', now() + interval '7 days', '${adaSessionToken}', '${ids.ada}', '10.0.0.1', 'Firefox')`,
    `INSERT INTO verification (id, identifier, value, expires_at) VALUES
      ('${randomUUID()}', 'eve@bc.edu', 'a-verification-token', now() + interval '1 day')`,
    `INSERT INTO rate_limit (id, key, count, last_request) VALUES ('rl1', '10.0.0.1/sign-in/email', 2, 1795250147488)`,
    `INSERT INTO posting (id, listing_location, dorm, admin_user_id, admin_name, admin_email, admin_academic_year,
        admin_gender, admin_phone, admin_instagram, aim_integer, cur_group_size, cur_num_seek, created_at, updated_at)
      VALUES ('${ids.onCampus}', 'oncampus', 'Walsh', '${ids.ada}', 'Ada Admin', 'ada@bc.edu', 'junior', 'female',
        NULL, 'ada.admin', 4, 2, 2, '2026-11-21 10:00:00+00', '2026-11-21 10:00:00+00')`,
    `INSERT INTO posting (id, listing_location, address, admin_user_id, admin_name, admin_email, admin_academic_year,
        admin_gender, admin_custom_gender, admin_phone, admin_instagram, aim_integer, cur_group_size, cur_num_seek,
        monthly_rent, rent_type, rent_per_person, rent_start, rent_end, utilities, sublet, status, created_at, updated_at)
      VALUES ('${ids.offCampus}', 'offcampus', '12 Foster St, Brighton', '${ids.bo}', 'Bo Renter', 'bo@bc.edu',
        'senior', 'other', 'nonbinary', '617-555-0101', 'bo.renter', 3, 1, 2, 3200, 'total', 1600,
        '2027-06-01', '2028-05-31', 'included', true, 'Likely Fulfilled', '2026-11-21 11:00:00+00', '2026-11-21 12:00:00+00')`,
    `INSERT INTO posting_member (posting_id, position, name, academic_year, gender, email, instagram_handle) VALUES
      ('${ids.onCampus}', 0, 'Ada Admin', 'junior', 'female', 'ada@bc.edu', 'ada.admin'),
      ('${ids.onCampus}', 1, 'Fay Roommate', 'junior', 'other', 'fay@bc.edu', NULL),
      ('${ids.offCampus}', 0, 'Bo Renter', 'senior', 'other', NULL, NULL)`,
    `INSERT INTO posting_image (posting_id, position, card_key, full_key, width, height) VALUES
      ('${ids.offCampus}', 0, 'postings/b/card-0.webp', 'postings/b/full-0.webp', 1600, 1200),
      ('${ids.offCampus}', 1, 'postings/b/card-1.webp', 'postings/b/full-1.webp', 1200, 1600)`,
    `INSERT INTO bookmark (user_id, posting_id, created_at) VALUES
      ('${ids.cy}', '${ids.onCampus}', '2026-11-21 13:00:00+00'), ('${ids.cy}', '${ids.offCampus}', '2026-11-21 13:01:00+00')`,
    `INSERT INTO ping (id, posting_id, searcher_user_id, sender_name, searcher_email, message, admin_user_id, status, created_at)
      VALUES ('${ids.pingPending}', '${ids.onCampus}', '${ids.cy}', 'Cy Searcher', 'cy@bc.edu', '  Is the room still free?  ',
        '${ids.ada}', 'pending', '2026-11-21 14:00:00+00'),
      ('${ids.pingAccepted}', '${ids.offCampus}', '${ids.dee}', 'Dee Searcher', 'dee@bc.edu', NULL, '${ids.bo}', 'accepted',
        '2026-11-21 15:00:00+00')`,
    `INSERT INTO contact_message (name, email, message, user_id) VALUES ('Cy Searcher', 'cy@bc.edu', 'Love it', '${ids.cy}')`,
  ];
}

describe(`an upgrade from the first release's database to the newest (${engine})`, () => {
  let database: TestDatabase;
  let t: TestApp;
  const before = new Map<string, { columns: string[]; rows: string[] }>();

  beforeAll(async () => {
    database = await emptyDatabase();
    await migrateFirst(database, 1);
    for (const statement of await firstReleaseRows()) await database.db.execute(sql.raw(statement));
    const columns = await rowsOf<{ table_name: string; column_name: string }>(
      database,
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'
        ORDER BY table_name, ordinal_position`,
    );
    for (const { table_name: table, column_name: column } of columns) {
      const entry = before.get(table) ?? { columns: [], rows: [] };
      entry.columns.push(column);
      before.set(table, entry);
    }
    for (const [table, entry] of before) entry.rows = await tableRows(database, table, entry.columns);

    // As a server of this checkout starts: its migrator, under its lock, then the app.
    await database.migrate();
    t = await createTestApp({ AUTH_SECRET }, undefined, { database, backgroundJobs: false });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await database?.destroy();
  });

  it('applies every migration once', async () => {
    const [row] = await rowsOf<{ n: unknown }>(database, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    expect(Number(row?.n)).toBe(currentMigrationCount());
  });

  it("keeps every row of the first release's tables with every value it had", async () => {
    // Each of the first schema's tables held rows (so the comparison compares something).
    expect([...before.keys()].sort()).toEqual([
      'account',
      'bookmark',
      'contact_message',
      'ping',
      'posting',
      'posting_image',
      'posting_member',
      'rate_limit',
      'session',
      'user',
      'verification',
    ]);
    for (const [table, entry] of before) {
      expect(entry.rows.length, table).toBeGreaterThan(0);
      expect(await tableRows(database, table, entry.columns), table).toEqual(entry.rows);
    }
  });

  it('gives the columns added since their defaults, and the backfills their rows', async () => {
    expect(
      await rowsOf(
        database,
        `SELECT id, description, renewal_reminded_at, stale_at, hidden_at, appealed_at, admin_shows_phone,
          admin_shows_instagram FROM posting ORDER BY id`,
      ),
    ).toEqual(
      [ids.onCampus, ids.offCampus].map((id) => ({
        id,
        description: null,
        renewal_reminded_at: null,
        stale_at: null,
        hidden_at: null,
        appealed_at: null,
        // 0013: contact details stay hidden until the admin ticks them.
        admin_shows_phone: false,
        admin_shows_instagram: false,
      })),
    );
    expect(await rowsOf(database, 'SELECT id, answered_at, withheld FROM ping ORDER BY id')).toEqual([
      { id: ids.pingPending, answered_at: null, withheld: false },
      { id: ids.pingAccepted, answered_at: null, withheld: false },
    ]);
    expect(await rowsOf(database, `SELECT count(*)::int AS n FROM "user" WHERE suspended_at IS NOT NULL`)).toEqual([
      { n: 0 },
    ]);
    // 0011: each group's first member is its admin, joined; the others are typed names, linked to nobody.
    expect(
      await rowsOf(
        database,
        `SELECT m.posting_id, m.position, m.user_id, m.state, m.role, m.joined_at = p.created_at AS joined_when_posted
          FROM posting_member m JOIN posting p ON p.id = m.posting_id ORDER BY m.posting_id, m.position`,
      ),
    ).toEqual([
      {
        posting_id: ids.onCampus,
        position: 0,
        user_id: ids.ada,
        state: 'joined',
        role: 'admin',
        joined_when_posted: true,
      },
      {
        posting_id: ids.onCampus,
        position: 1,
        user_id: null,
        state: 'not-invited',
        role: 'member',
        joined_when_posted: null,
      },
      {
        posting_id: ids.offCampus,
        position: 0,
        user_id: ids.bo,
        state: 'joined',
        role: 'admin',
        joined_when_posted: true,
      },
    ]);
    // 0012: every ping has its conversation, its message (trimmed) the first one, read by the group.
    expect(
      await rowsOf(
        database,
        `SELECT c.ping_id, c.created_at = g.created_at AS opened_when_pinged,
            (SELECT json_agg(json_build_object('from', m.sender_user_id, 'body', m.body)) FROM conversation_message m
              WHERE m.conversation_id = c.id) AS messages,
            (SELECT json_agg(json_build_object('user', p.user_id, 'read', p.read_seq = coalesce(
              (SELECT max(seq) FROM conversation_message m WHERE m.conversation_id = c.id), 0))) FROM conversation_participant p
              WHERE p.conversation_id = c.id) AS participants
          FROM conversation c JOIN ping g ON g.id = c.ping_id ORDER BY c.ping_id`,
      ),
    ).toEqual([
      {
        ping_id: ids.pingPending,
        opened_when_pinged: true,
        messages: [{ from: ids.cy, body: 'Is the room still free?' }],
        participants: [{ user: ids.ada, read: true }],
      },
      {
        ping_id: ids.pingAccepted,
        opened_when_pinged: true,
        messages: null,
        participants: [{ user: ids.bo, read: true }],
      },
    ]);
  });

  it('keeps a student signed in across the upgrade, and an old password signs in', async () => {
    const cookie = `better-auth.session_token=${encodeURIComponent(`${adaSessionToken}.${await makeSignature(adaSessionToken, AUTH_SECRET)}`)}`;
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: ids.ada, email: 'ada@bc.edu' });

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...originHeader(t), 'x-forwarded-for': '10.9.9.9' },
      payload: { email: 'cy@bc.edu', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('serves the old postings, bookmarks, pings and conversations through the API', async () => {
    const signIn = async (email: string, address: string) =>
      cookieFrom(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            headers: { ...originHeader(t), 'x-forwarded-for': address },
            payload: { email, password: PASSWORD },
          })
        ).headers['set-cookie'],
      );
    const cy = await signIn('cy@bc.edu', '10.9.9.10');
    const ada = await signIn('ada@bc.edu', '10.9.9.11');
    const get = async (url: string, cookie: string) => {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
      return response.json();
    };

    const offCampus = await get(`/api/postings/${ids.offCampus}`, cy);
    expect(offCampus).toMatchObject({
      id: ids.offCampus,
      listingLocation: 'offcampus',
      address: '12 Foster St, Brighton',
      adminContact: {
        name: 'Bo Renter',
        academicYear: 'senior',
        gender: 'other',
        customGender: 'nonbinary',
        // Hidden until Bo ticks them (0013).
        phoneNumber: null,
        instagramHandle: null,
      },
      aimInteger: 3,
      curGroupSize: 1,
      curNumSeek: 2,
      monthlyRent: 3200,
      rentType: 'total',
      rentStart: '2027-06-01',
      rentEnd: '2028-05-31',
      utilities: 'included',
      sublet: true,
      status: 'Likely Fulfilled',
      description: null,
      viewerBookmarked: true,
      viewerIsAdmin: false,
      staleAt: null,
    });
    expect(offCampus.images.map((image: { width: number; height: number }) => [image.width, image.height])).toEqual([
      [1600, 1200],
      [1200, 1600],
    ]);

    const onCampus = await get(`/api/postings/${ids.onCampus}`, ada);
    expect(onCampus).toMatchObject({ dorm: 'Walsh', viewerIsAdmin: true, viewerRole: 'admin', interestCount: 1 });
    expect(onCampus.members.map((m: { name: string }) => m.name)).toEqual(['Ada Admin', 'Fay Roommate']);

    const bookmarked = await get('/api/me/postings/bookmarked?limit=10', cy);
    expect(bookmarked.items.map((card: { id: string }) => card.id).sort()).toEqual([ids.onCampus, ids.offCampus]);
    const search = await get('/api/postings?location=offcampus&limit=8', cy);
    expect(search.items.map((card: { id: string }) => card.id)).toEqual([ids.offCampus]);

    const sent = await get('/api/pings/sent?limit=10', cy);
    expect(sent.items).toMatchObject([
      { id: ids.pingPending, status: 'pending', message: '  Is the room still free?  ' },
    ]);
    const received = await get('/api/pings/received?limit=10', ada);
    expect(received.items).toMatchObject([
      { id: ids.pingPending, senderName: 'Cy Searcher', status: 'pending', viewerMayAnswer: true },
    ]);
    const conversationId = received.items[0].conversationId as string;
    expect(conversationId).toEqual(expect.any(String));
    const conversation = await get(`/api/conversations/${conversationId}`, ada);
    expect(conversation.messages.map((m: { body: string }) => m.body)).toEqual(['Is the room still free?']);
    // What was in Pings Received before the upgrade counts as read.
    expect(await get('/api/conversations/unread-count', ada)).toMatchObject({ count: 0 });

    // And the old rows take new writes: Ada accepts the ping the first release stored.
    const answer = await t.app.inject({
      method: 'PATCH',
      url: `/api/pings/${ids.pingPending}`,
      headers: { cookie: ada, ...originHeader(t) },
      payload: { status: 'accepted' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'accepted', answeredAt: expect.any(String) });
  });
});

/** One request of the traffic: which server answered what, in which phase of the restart. */
interface Outcome {
  server: 'previous' | 'new';
  phase: string;
  request: string;
  status: number | string;
  /** The migration count the database had when the round began. */
  migrations: number;
}

describe.runIf(baseUrl)('a rolling restart: the previous build serves while a new server migrates (PostgreSQL)', () => {
  const PUBLIC_URL = 'http://quadmates.test';
  let previous: PreviousBuild;
  let databaseName: string;
  let databaseUrl: string;
  let dataDir: string;
  let admin: pg.Client;
  let previousServer: ServerProcess | undefined;
  let newServer: ServerProcess | undefined;

  beforeAll(async () => {
    previous = preparePreviousBuild();
    databaseName = `qm_rolling_${randomBytes(6).toString('hex')}`;
    databaseUrl = await createPostgresDatabase(databaseName);
    // One folder for both, as two servers on one machine share their uploads.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'qm-rolling-'));
    admin = new pg.Client({ connectionString: databaseUrl });
  }, 60_000);

  afterAll(async () => {
    for (const server of [previousServer, newServer]) {
      if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
    await admin?.end().catch(() => undefined);
    if (databaseName) await dropPostgresDatabase(databaseName);
    previous?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps answering reads and writes through the previous build before, during and after the migration', async () => {
    const current = currentMigrationCount();
    expect(previous.migrations, `the previous build (${previous.commit.slice(0, 10)})`).toBeLessThan(current);
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUTH_SECRET, PUBLIC_URL };

    // The previous build alone, as the deployment ran before the upgrade.
    previousServer = await startReady(await freePort(), env, 120_000, { root: previous.root });
    expect(await appliedMigrationCount(databaseUrl)).toBe(previous.migrations);

    // Students: Ada posts; each searcher pings once (fresh ones, so no per-student limit is reached).
    await admin.connect();
    const students = ['ada', ...Array.from({ length: 300 }, (_, i) => `s${i}`)];
    const cookies = new Map<string, string>();
    for (const name of students) {
      const id = `${name}-rolling`;
      const token = generateRandomString(32, 'a-z', 'A-Z', '0-9');
      await admin.query(
        `INSERT INTO "user" (id, name, email, email_verified, terms_accepted_at, terms_version) VALUES ($1, $2, $3, true, now(), $4)`,
        [id, `Student ${name}`, `${name}.rolling@bc.edu`, TERMS_VERSION],
      );
      await admin.query(
        `INSERT INTO session (id, expires_at, token, user_id) VALUES ($1, now() + interval '1 day', $2, $3)`,
        [randomUUID(), token, id],
      );
      cookies.set(
        name,
        `better-auth.session_token=${encodeURIComponent(`${token}.${await makeSignature(token, AUTH_SECRET)}`)}`,
      );
    }
    const cookie = (name: string) => cookies.get(name) as string;
    const call = async (server: ServerProcess, method: string, url: string, who: string, body?: unknown) => {
      try {
        const response = await fetch(`${server.url}${url}`, {
          method,
          headers: {
            cookie: cookie(who),
            origin: PUBLIC_URL,
            ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await response.text();
        return { status: response.status, json: text ? JSON.parse(text) : null };
      } catch (error) {
        return { status: `no answer (${(error as Error).message})`, json: null };
      }
    };

    const form = new FormData();
    form.append('posting', JSON.stringify(onCampusPosting()));
    const created = await call(previousServer, 'POST', '/api/postings', 'ada', form);
    expect(created.status).toBe(201);
    const postingId = created.json.id as string;

    const outcomes: Outcome[] = [];
    const pings: {
      pingId: string;
      conversationId: string;
      searcher: string;
      server: Outcome['server'];
      migrations: number;
    }[] = [];
    let nextSearcher = 0;
    /** One student's visit: read the posting, bookmark it, ping it, write in the conversation; the admin reads the inbox. */
    const round = async (which: Outcome['server'], phase: string) => {
      const server = (which === 'previous' ? previousServer : newServer) as ServerProcess;
      const migrations = await appliedMigrationCount(databaseUrl);
      const record = (request: string, status: number | string) =>
        outcomes.push({ server: which, phase, request, status, migrations });
      const searcher = `s${nextSearcher++}`;
      if (!cookies.has(searcher)) throw new Error('the rolling restart took more rounds than there are students');
      record('GET posting', (await call(server, 'GET', `/api/postings/${postingId}`, searcher)).status);
      record('PUT bookmark', (await call(server, 'PUT', `/api/postings/${postingId}/bookmark`, searcher)).status);
      const ping = await call(server, 'POST', `/api/postings/${postingId}/pings`, searcher, {
        message: `Hi from ${searcher}`,
      });
      record('POST ping', ping.status);
      if (ping.status === 201) {
        pings.push({
          pingId: ping.json.id,
          conversationId: ping.json.conversationId,
          searcher,
          server: which,
          migrations,
        });
        // The group answers first (a sender waits for it), then the sender writes again.
        const messages = `/api/conversations/${ping.json.conversationId}/messages`;
        record(
          'POST reply',
          (await call(server, 'POST', messages, 'ada', { body: `Come and see it, ${searcher}` })).status,
        );
        record('POST message', (await call(server, 'POST', messages, searcher, { body: 'Thanks, tomorrow?' })).status);
      }
      record('GET pings received', (await call(server, 'GET', '/api/pings/received?limit=10', 'ada')).status);
    };

    await round('previous', 'before');
    await round('previous', 'before');

    // The new build starts on the same database: it migrates while the previous one keeps serving.
    const starting = startReady(await freePort(), env);
    let started = false;
    void starting.then(
      () => {
        started = true;
      },
      () => {
        started = true;
      },
    );
    while (!started) {
      await round('previous', 'while the new server starts');
      // Paced so Ada's replies stay far below her message limit (120 in 10 minutes) on a slow machine.
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    newServer = await starting;
    expect(await appliedMigrationCount(databaseUrl)).toBe(current);

    // Both serve, the previous build on the new schema (a proxy sends students to either).
    for (let i = 0; i < 3; i++) {
      await round('previous', 'both serving');
      await round('new', 'both serving');
    }

    // The previous build stops (the proxy has stopped sending it students) and finishes cleanly.
    await stopGracefully(previousServer);
    await round('new', 'after');
    await round('new', 'after');

    const failures = outcomes.filter((o) => o.status !== (o.request.startsWith('POST') ? 201 : 200));
    expect(failures).toEqual([]);
    // The previous build answered on the new schema, not only before it.
    expect(outcomes.filter((o) => o.server === 'previous' && o.migrations === current).length).toBeGreaterThan(0);
    for (const server of [previousServer, newServer]) expect(server.output()).not.toMatch(/"level":50/);

    // Everything the previous build wrote is the new server's to serve.
    expect(await call(newServer, 'GET', '/api/pings/awaiting-count', 'ada')).toMatchObject({
      status: 200,
      json: { count: pings.length },
    });
    const lastFromPrevious = pings.filter((p) => p.server === 'previous' && p.migrations === current).at(-1);
    if (!lastFromPrevious) throw new Error('the previous build sent no ping on the new schema');
    const conversation = await call(newServer, 'GET', `/api/conversations/${lastFromPrevious.conversationId}`, 'ada');
    expect(conversation.status).toBe(200);
    expect(conversation.json.messages.map((m: { body: string }) => m.body)).toEqual([
      `Hi from ${lastFromPrevious.searcher}`,
      `Come and see it, ${lastFromPrevious.searcher}`,
      'Thanks, tomorrow?',
    ]);
    const detail = await call(newServer, 'GET', `/api/postings/${postingId}`, lastFromPrevious.searcher);
    expect(detail.json).toMatchObject({ viewerBookmarked: true, viewerPing: { id: lastFromPrevious.pingId } });
    expect(detail.json.interestCount).toBe(pings.length);
  }, 240_000);
});
