import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, queryRows, toCount } from '../../src/server/db/client';
import { posting, postingMember, user } from '../../src/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

const PRODUCT_TABLES = [
  'user',
  'session',
  'account',
  'verification',
  'rate_limit',
  'posting',
  'posting_member',
  'posting_image',
  'bookmark',
  'ping',
  'contact_message',
];

describe(`migrations (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('create every table', async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const tables = rows.map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining(PRODUCT_TABLES));
  });

  it('are recorded, so running them again changes nothing', async () => {
    const count = async () =>
      toCount(
        (await queryRows<{ n: unknown }>(database.db, sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`))[0]
          ?.n,
      );
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await database.migrate();
    expect(await count()).toBe(before);
  });

  it('enforce the posting rules the database can hold', async () => {
    await database.db.insert(user).values({ id: 'u1', name: 'Ada', email: 'ada@bc.edu', emailVerified: true });
    const valid = {
      listingLocation: 'oncampus' as const,
      dorm: 'Walsh',
      adminUserId: 'u1',
      adminName: 'Ada',
      adminAcademicYear: 'junior',
      adminGender: 'female',
      aimInteger: 4,
      curGroupSize: 2,
      curNumSeek: 2,
    };
    const [created] = await database.db.insert(posting).values(valid).returning();
    if (!created) throw new Error('no posting returned');
    expect(created.status).toBe('Unfulfilled');
    // aimInteger must equal members + seeking
    await expect(database.db.insert(posting).values({ ...valid, aimInteger: 9 })).rejects.toThrow();
    // an on-campus posting needs a dorm and no address
    await expect(database.db.insert(posting).values({ ...valid, dorm: null })).rejects.toThrow();
    // members go with their posting
    await database.db
      .insert(postingMember)
      .values({ postingId: created.id, position: 0, name: 'Bo', academicYear: 'junior', gender: 'male' });
    await database.db.delete(posting).where(sql`${posting.id} = ${created.id}`);
    const members = await database.db.select().from(postingMember);
    expect(members).toEqual([]);
  });
});

describe('migration 0011 (groups of students who said yes, decision 0024)', () => {
  it("turns today's member rows into the admin (joined, member 1) and typed rows nobody joined", async () => {
    // The migrations as they were before 0011, then all of them: as a deployment upgrades.
    const folder = mkdtempSync(path.join(os.tmpdir(), 'qm-migrations-'));
    const client = new PGlite();
    try {
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalPath = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < 11) }));
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folder });
      await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES
        ('admin', 'Ada Admin', 'ada@bc.edu', true), ('bo', 'Bo Account', 'bo@bc.edu', true)`);
      const [created] = await queryRows<{ id: string }>(
        db as never,
        sql`INSERT INTO posting (listing_location, dorm, admin_user_id, admin_name, admin_academic_year, admin_gender,
            aim_integer, cur_group_size, cur_num_seek)
          VALUES ('oncampus', 'Walsh', 'admin', 'Ada Admin', 'junior', 'female', 4, 2, 2) RETURNING id`,
      );
      await db.execute(sql`INSERT INTO posting_member (posting_id, position, name, academic_year, gender, email, instagram_handle)
        VALUES (${created?.id}::uuid, 0, 'Ada Admin', 'junior', 'female', 'ada@bc.edu', 'ada.a'),
               (${created?.id}::uuid, 1, 'Bo', 'senior', 'male', 'bo@bc.edu', 'bo_b')`);

      await migrate(db, { migrationsFolder });
      const rows = await queryRows<Record<string, unknown>>(
        db as never,
        sql`SELECT position, name, email, instagram_handle, user_id, state, role, joined_at IS NOT NULL AS has_joined_at,
            invitation_token_hash FROM posting_member ORDER BY position`,
      );
      expect(rows).toEqual([
        {
          position: 0,
          name: 'Ada Admin',
          email: 'ada@bc.edu',
          instagram_handle: 'ada.a',
          user_id: 'admin',
          state: 'joined',
          role: 'admin',
          has_joined_at: true,
          invitation_token_hash: null,
        },
        // Bo has an account with the typed address, and is still linked to nobody: not invited,
        // the typed address and Instagram kept for the admin alone.
        {
          position: 1,
          name: 'Bo',
          email: 'bo@bc.edu',
          instagram_handle: 'bo_b',
          user_id: null,
          state: 'not-invited',
          role: 'member',
          has_joined_at: false,
          invitation_token_hash: null,
        },
      ]);
    } finally {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('migration 0012 (conversations, decision 0027)', () => {
  it("gives every ping its conversation, the ping's message first, read by the group", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'qm-migrations-'));
    const client = new PGlite();
    try {
      cpSync(migrationsFolder, folder, { recursive: true });
      const journalPath = path.join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx < 12) }));
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folder });
      await db.execute(sql`INSERT INTO "user" (id, name, email, email_verified) VALUES
        ('admin', 'Ada Admin', 'ada@bc.edu', true), ('co', 'Cy Co', 'cy@bc.edu', true),
        ('s1', 'Sal One', 's1@bc.edu', true), ('s2', 'Sam Two', 's2@bc.edu', true)`);
      const [created] = await queryRows<{ id: string }>(
        db as never,
        sql`INSERT INTO posting (listing_location, dorm, admin_user_id, admin_name, admin_academic_year, admin_gender,
            aim_integer, cur_group_size, cur_num_seek)
          VALUES ('oncampus', 'Walsh', 'admin', 'Ada Admin', 'junior', 'female', 4, 2, 2) RETURNING id`,
      );
      const postingId = created?.id as string;
      await db.execute(sql`INSERT INTO posting_member (posting_id, position, name, academic_year, gender, user_id, state, role)
        VALUES (${postingId}::uuid, 0, 'Ada Admin', 'junior', 'female', 'admin', 'joined', 'admin'),
               (${postingId}::uuid, 1, 'Cy Co', 'senior', 'male', 'co', 'joined', 'coadmin')`);
      await db.execute(sql`INSERT INTO ping (posting_id, searcher_user_id, sender_name, searcher_email, message, admin_user_id, status, created_at)
        VALUES (${postingId}::uuid, 's1', 'Sal One', 's1@bc.edu', '  Is it free?  ', 'admin', 'accepted', now() - interval '2 days'),
               (${postingId}::uuid, 's2', 'Sam Two', 's2@bc.edu', NULL, 'admin', 'pending', now() - interval '1 day')`);

      await migrate(db, { migrationsFolder });
      const conversations = await queryRows<{
        sender: string;
        messages: unknown;
        first: string | null;
        from_user: string | null;
      }>(
        db as never,
        sql`SELECT g.searcher_user_id AS sender, (SELECT count(*) FROM conversation_message m WHERE m.conversation_id = c.id) AS messages,
            (SELECT m.body FROM conversation_message m WHERE m.conversation_id = c.id ORDER BY m.seq LIMIT 1) AS first,
            (SELECT m.sender_user_id FROM conversation_message m WHERE m.conversation_id = c.id ORDER BY m.seq LIMIT 1) AS from_user
          FROM conversation c JOIN ping g ON g.id = c.ping_id ORDER BY g.created_at`,
      );
      expect(conversations.map((c) => ({ ...c, messages: toCount(c.messages) }))).toEqual([
        { sender: 's1', messages: 1, first: 'Is it free?', from_user: 's1' },
        { sender: 's2', messages: 0, first: null, from_user: null },
      ]);
      // The group (the admin and the joined co-admin) has read what was in Pings Received.
      const positions = await queryRows<{ user_id: string; read: boolean }>(
        db as never,
        sql`SELECT cp.user_id, cp.read_seq = coalesce((SELECT max(seq) FROM conversation_message m
              WHERE m.conversation_id = cp.conversation_id), 0) AS read
          FROM conversation_participant cp ORDER BY cp.user_id`,
      );
      expect(positions).toEqual([
        { user_id: 'admin', read: true },
        { user_id: 'admin', read: true },
        { user_id: 'co', read: true },
        { user_id: 'co', read: true },
      ]);
    } finally {
      await client.close();
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on PostgreSQL with several servers', () => {
  it('can run from two servers at once', async () => {
    const url = database.url as string;
    const [a, b] = await Promise.all([
      openDatabase({ kind: 'postgres', url, poolSize: 2 }),
      openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    ]);
    await Promise.all([a.migrate(), b.migrate()]);
    await a.ping();
    await Promise.all([a.close(), b.close()]);
  });
});
