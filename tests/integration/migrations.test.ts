import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, toCount } from '../../src/server/db/client';
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
