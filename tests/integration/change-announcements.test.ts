/**
 * Search pages, bookmark marks and member sessions are served from memory (decision 0006), yet a
 * change committed by anyone is seen on the very next request: the database announces it.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Change, WATCHER_APPLICATION_NAME } from '../../src/server/db/changes';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { bookmark, posting, postingImage, user } from '../../src/server/db/schema';
import type { PostingPage } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { createMember, originHeader, type TestMember } from '../support/users';

let t: TestApp;
let admin: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createMember(t);
});
afterAll(async () => {
  await t?.close();
});

const WALSH = '/api/postings?location=oncampus&dorm=Walsh';

async function page(app: FastifyInstance, member: TestMember, url = WALSH): Promise<PostingPage> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie: member.cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as PostingPage;
}

const ids = (result: PostingPage) => result.items.map((card) => card.id);

describe('one server: what was just written is on the next request', () => {
  it('shows a posting written straight into the database, its changes and its removal', async () => {
    const viewer = await createMember(t);
    const before = await page(t.app, viewer);
    const id = await insertPosting(t.database.db, admin.id, { dorm: 'Walsh' });
    expect(ids(await page(t.app, viewer))).toEqual([id, ...ids(before)]);

    await t.database.db.update(posting).set({ status: 'Fulfilled' }).where(eq(posting.id, id));
    expect((await page(t.app, viewer)).items[0]).toMatchObject({ id, status: 'Fulfilled', imageUrl: null });

    await t.database.db.insert(postingImage).values({
      postingId: id,
      position: 0,
      cardKey: 'postings/announced/card.webp',
      fullKey: 'postings/announced/full.webp',
      width: 800,
      height: 600,
    });
    expect((await page(t.app, viewer)).items[0]?.imageUrl).toBe('/api/images/postings/announced/card.webp');

    await t.database.db.delete(posting).where(eq(posting.id, id));
    expect(ids(await page(t.app, viewer))).toEqual(ids(before));
  });

  it("marks a bookmark written straight into the database on that viewer's card only", async () => {
    const id = await insertPosting(t.database.db, admin.id, { dorm: 'Walsh' });
    const viewer = await createMember(t);
    const other = await createMember(t);
    expect((await page(t.app, viewer)).items[0]).toMatchObject({ id, viewerBookmarked: false });
    await page(t.app, other);

    await t.database.db.insert(bookmark).values({ userId: viewer.id, postingId: id });
    expect((await page(t.app, viewer)).items[0]).toMatchObject({ id, viewerBookmarked: true });
    expect((await page(t.app, other)).items[0]).toMatchObject({ id, viewerBookmarked: false });

    await t.database.db.delete(bookmark).where(eq(bookmark.userId, viewer.id));
    expect((await page(t.app, viewer)).items[0]).toMatchObject({ id, viewerBookmarked: false });
  });

  it('refuses a member who just signed out', async () => {
    const member = await createMember(t);
    await page(t.app, member);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...originHeader(t), cookie: member.cookie },
    });
    expect(signOut.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: WALSH, headers: { cookie: member.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a member whose account was just removed, or whose sessions were ended', async () => {
    const removed = await createMember(t);
    const ended = await createMember(t);
    await page(t.app, removed);
    await page(t.app, ended);
    await t.database.db.delete(user).where(eq(user.id, removed.id));
    await t.database.db.execute(sql`DELETE FROM session WHERE user_id = ${ended.id}`);
    for (const member of [removed, ended]) {
      const after = await t.app.inject({ method: 'GET', url: WALSH, headers: { cookie: member.cookie } });
      expect(after.statusCode).toBe(401);
    }
  });
});

/** Resolves when `database` hears a change that `matches`. */
function heard(database: DatabaseHandle, matches: (change: Change) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = database.changes.subscribe((change) => {
      if (matches(change)) {
        stop();
        resolve();
      }
    });
  });
}

/** Waits for a condition another connection brings about (no fixed sleeps). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.runIf(process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL database', () => {
  let otherDatabase: DatabaseHandle;
  let other: FastifyInstance;

  beforeAll(async () => {
    otherDatabase = await openDatabase({ kind: 'postgres', url: t.database.url as string, poolSize: 3 });
    other = await buildApp({ config: t.config, database: otherDatabase, logger: false });
    await other.ready();
    await until(() => otherDatabase.changes.live);
  });
  afterAll(async () => {
    await other?.close();
    await otherDatabase?.close();
  });

  it('shows on one server what was written through the other, once it hears of it', async () => {
    const viewer = await createMember(t);
    const before = await page(other, viewer);
    const announced = heard(otherDatabase, (change) => change.kind === 'postings');
    const id = await insertPosting(t.database.db, admin.id, { dorm: 'Walsh' });
    await announced;
    expect(ids(await page(other, viewer))).toEqual([id, ...ids(before)]);
  });

  it('refuses on one server a member who signed out on the other, once it hears of it', async () => {
    const member = await createMember(t);
    await page(other, member);
    const announced = heard(otherDatabase, (change) => change.kind === 'user' && change.userId === member.id);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...originHeader(t), cookie: member.cookie },
    });
    await announced;
    const after = await other.inject({ method: 'GET', url: WALSH, headers: { cookie: member.cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('serves nothing from memory while it cannot hear, and listens again by itself', async () => {
    const viewer = await createMember(t);
    const before = await page(other, viewer);
    const deaf = heard(otherDatabase, (change) => change.kind === 'unheard');
    // Every listening connection of both servers goes: nobody hears the next write.
    const killer = new pg.Client({ connectionString: t.database.url });
    await killer.connect();
    try {
      await killer.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND (application_name = $1 OR query LIKE 'LISTEN%')`,
        [WATCHER_APPLICATION_NAME],
      );
      await deaf;
      expect(otherDatabase.changes.live).toBe(false);
      await killer.query(
        `INSERT INTO posting (listing_location, dorm, admin_user_id, admin_name, admin_email, admin_academic_year,
           admin_gender, aim_integer, cur_group_size, cur_num_seek, status)
         VALUES ('oncampus', 'Walsh', $1, 'Admin', 'admin@bc.edu', 'junior', 'female', 4, 2, 2, 'Unfulfilled')`,
        [admin.id],
      );
      const unheardId = (await killer.query('SELECT id FROM posting ORDER BY created_at DESC LIMIT 1')).rows[0].id;
      expect(ids(await page(other, viewer))).toEqual([unheardId, ...ids(before)]);
    } finally {
      await killer.end();
    }
    await until(() => otherDatabase.changes.live);
    const announced = heard(otherDatabase, (change) => change.kind === 'postings');
    const id = await insertPosting(t.database.db, admin.id, { dorm: 'Walsh' });
    await announced;
    expect(ids(await page(other, viewer))[0]).toBe(id);
  });
});
