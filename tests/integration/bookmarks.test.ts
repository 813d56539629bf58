import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmark, posting } from '../../src/server/db/schema';
import type { PostingPage } from '../../src/shared/schemas/posting-view';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { createMember, createUser, originHeader, type TestMember } from '../support/users';

let t: TestApp;
let admin: TestMember;
let student: TestMember;

const put = (member: TestMember | null, id: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/postings/${id}/bookmark`,
    headers: { ...originHeader(t), ...(member ? { cookie: member.cookie } : {}) },
  });
const del = (member: TestMember | null, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/postings/${id}/bookmark`,
    headers: { ...originHeader(t), ...(member ? { cookie: member.cookie } : {}) },
  });
const list = (member: TestMember, which: 'administered' | 'bookmarked', query = '') =>
  t.app.inject({ method: 'GET', url: `/api/me/postings/${which}?${query}`, headers: { cookie: member.cookie } });

async function bookmarkCount(postingId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(bookmark).where(eq(bookmark.postingId, postingId));
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, student] = await Promise.all([createMember(t), createMember(t)]);
});
afterAll(async () => {
  await t?.close();
});

describe('bookmarks', () => {
  it('bookmarks and unbookmarks a posting, both idempotent', async () => {
    const id = await insertPosting(t.database.db, admin.id);
    const first = await put(student, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ postingId: id, bookmarked: true });
    expect((await put(student, id)).json()).toEqual({ postingId: id, bookmarked: true });
    expect(await bookmarkCount(id)).toBe(1);

    const search = await t.app.inject({
      method: 'GET',
      url: '/api/postings?location=oncampus&limit=50',
      headers: { cookie: student.cookie },
    });
    const card = (search.json() as PostingPage).items.find((c) => c.id === id);
    expect(card?.viewerBookmarked).toBe(true);

    const removed = await del(student, id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ postingId: id, bookmarked: false });
    expect((await del(student, id)).statusCode).toBe(200);
    expect(await bookmarkCount(id)).toBe(0);
  });

  it("tells a visitor 'You need to sign in to bookmark a post'", async () => {
    const id = await insertPosting(t.database.db, admin.id);
    for (const response of [await put(null, id), await del(null, id)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.message).toBe('You need to sign in to bookmark a post');
    }
    const unverified = await createUser(t, { verified: true, acceptedTerms: false });
    expect((await put(unverified, id)).statusCode).toBe(403);
    expect(await bookmarkCount(id)).toBe(0);
  });

  it('answers 404 for a posting that does not exist, and refuses cross-site requests', async () => {
    const missing = await put(student, crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('This posting no longer exists.');
    expect((await put(student, 'not-a-uuid')).statusCode).toBe(404);
    const id = await insertPosting(t.database.db, admin.id);
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/postings/${id}/bookmark`,
      headers: { origin: 'https://evil.example', cookie: student.cookie },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await bookmarkCount(id)).toBe(0);
  });

  it('refuses to let an admin bookmark their own posting', async () => {
    const id = await insertPosting(t.database.db, admin.id);
    const response = await put(admin, id);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'OWN_POSTING',
      message: 'You administer this posting, so it is already in My Administered Posts.',
    });
    expect(await bookmarkCount(id)).toBe(0);
  });

  it('removes bookmarks with their posting', async () => {
    const id = await insertPosting(t.database.db, admin.id);
    await put(student, id);
    await t.database.db.delete(posting).where(eq(posting.id, id));
    expect(await bookmarkCount(id)).toBe(0);
    expect((await put(student, id)).statusCode).toBe(404);
  });

  it('counts every one of 100 students bookmarking at the same moment', async () => {
    const id = await insertPosting(t.database.db, admin.id);
    const students: TestMember[] = [];
    for (let batch = 0; batch < 10; batch++) {
      students.push(...(await Promise.all(Array.from({ length: 10 }, () => createMember(t)))));
    }
    const responses = await Promise.all(students.map((s) => put(s, id)));
    expect(responses.map((r) => r.statusCode)).toEqual(students.map(() => 200));
    expect(await bookmarkCount(id)).toBe(100);
    // Half of them change their minds while the other half bookmark again, all at once.
    const mixed = await Promise.all(students.map((s, i) => (i % 2 === 0 ? del(s, id) : put(s, id))));
    expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
    expect(await bookmarkCount(id)).toBe(50);
    const [kept] = await t.database.db
      .select({ n: count() })
      .from(bookmark)
      .where(and(eq(bookmark.postingId, id), eq(bookmark.userId, students[1]?.id ?? '')));
    expect(Number(kept?.n)).toBe(1);
  }, 300_000); // 100 sign-ups hash 200 passwords: slow on a busy 2-core machine
});

describe('profile lists', () => {
  it('lists the postings I administer, newest first, paged', async () => {
    const owner = await createMember(t);
    const empty = await list(owner, 'administered');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ items: [], nextCursor: null });

    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.unshift(
        await insertPosting(t.database.db, owner.id, {
          createdAt: new Date(Date.UTC(2026, 1, 1, 0, i)),
          listingLocation: i % 2 ? 'offcampus' : 'oncampus',
        }),
      );
    }
    await insertPosting(t.database.db, admin.id); // someone else's
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = (
        await list(owner, 'administered', `limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json() as PostingPage;
      expect(page.items.length).toBeLessThanOrEqual(2);
      expect(page.items.every((c) => c.viewerIsAdmin)).toBe(true);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ids);
  });

  it('lists the postings I bookmarked, latest bookmark first, paged', async () => {
    const reader = await createMember(t);
    expect((await list(reader, 'bookmarked')).json()).toEqual({ items: [], nextCursor: null });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await insertPosting(t.database.db, admin.id));
    for (const id of ids) expect((await put(reader, id)).statusCode).toBe(200);
    const first = (await list(reader, 'bookmarked', 'limit=2')).json() as PostingPage;
    expect(first.items.map((c) => c.id)).toEqual([ids[2], ids[1]]);
    expect(first.items.every((c) => c.viewerBookmarked && !c.viewerIsAdmin)).toBe(true);
    const second = (await list(reader, 'bookmarked', `limit=2&cursor=${first.nextCursor}`)).json() as PostingPage;
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    // Unbookmarking takes it off the list.
    await del(reader, ids[1] as string);
    const after = (await list(reader, 'bookmarked')).json() as PostingPage;
    expect(after.items.map((c) => c.id)).toEqual([ids[2], ids[0]]);
  });

  it('refuses bad paging and visitors', async () => {
    expect((await list(student, 'bookmarked', 'limit=0')).statusCode).toBe(400);
    expect((await list(student, 'administered', 'cursor=nope')).statusCode).toBe(400);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/me/postings/bookmarked' });
    expect(visitor.statusCode).toBe(401);
  });
});
