/**
 * The profile's Account section: account details, and deleting an account with everything it
 * owns in one transaction (stored images removed only after it commits). A failing step leaves
 * every row and file where it was.
 */

import { existsSync } from 'node:fs';
import path from 'node:path';
import { count, eq, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, bookmark, ping, posting, postingImage, session, user } from '../../src/server/db/schema';
import { accountMessages } from '../../src/shared/account-messages';
import { messages } from '../../src/shared/messages';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, createUser, originHeader, type TestMember } from '../support/users';
import { jpegFile, keyOf, onCampusPosting, sendPosting, storedFiles } from './postings-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const deleteAccount = (member: TestMember, confirmEmail: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: { ...originHeader(t), cookie: member.cookie },
    payload: { confirmEmail },
  });

/** A member with a posting (two images), a bookmark on someone else's posting and pings both ways. */
async function memberWithEverything(other: TestMember) {
  const member = await createMember(t);
  const created = await sendPosting(t, {
    cookie: member.cookie,
    posting: onCampusPosting(),
    files: [await jpegFile('a.jpg'), await jpegFile('b.jpg')],
  });
  expect(created.statusCode).toBe(201);
  const own = created.json() as { id: string; images: { cardUrl: string; fullUrl: string }[] };
  const keys = own.images.flatMap((image) => [keyOf(image.cardUrl), keyOf(image.fullUrl)]);
  const theirs = (
    await sendPosting(t, { cookie: other.cookie, posting: onCampusPosting({ dorm: 'Voute' }) })
  ).json() as { id: string };
  const headers = (who: TestMember) => ({ ...originHeader(t), cookie: who.cookie });
  expect(
    (await t.app.inject({ method: 'PUT', url: `/api/postings/${theirs.id}/bookmark`, headers: headers(member) }))
      .statusCode,
  ).toBe(200);
  expect(
    (await t.app.inject({ method: 'PUT', url: `/api/postings/${own.id}/bookmark`, headers: headers(other) }))
      .statusCode,
  ).toBe(200);
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/postings/${theirs.id}/pings`,
        headers: headers(member),
        payload: { message: 'Hi' },
      })
    ).statusCode,
  ).toBe(201);
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/postings/${own.id}/pings`,
        headers: headers(other),
        payload: {},
      })
    ).statusCode,
  ).toBe(201);
  return { member, ownId: own.id, theirsId: theirs.id, keys };
}

async function countWhere(
  table: typeof bookmark | typeof ping | typeof posting | typeof session,
  where: ReturnType<typeof eq>,
) {
  const [row] = await t.database.db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** Everything of the member's the deletion must remove, counted. */
async function footprint(memberId: string, ownId: string) {
  const db = t.database.db;
  const [users] = await db.select({ n: count() }).from(user).where(eq(user.id, memberId));
  const [accounts] = await db.select({ n: count() }).from(account).where(eq(account.userId, memberId));
  const [images] = await db.select({ n: count() }).from(postingImage).where(eq(postingImage.postingId, ownId));
  return {
    user: Number(users?.n ?? 0),
    accounts: Number(accounts?.n ?? 0),
    sessions: await countWhere(session, eq(session.userId, memberId)),
    postings: await countWhere(posting, eq(posting.adminUserId, memberId)),
    images: Number(images?.n ?? 0),
    bookmarksMade: await countWhere(bookmark, eq(bookmark.userId, memberId)),
    bookmarksOfTheirPosting: await countWhere(bookmark, eq(bookmark.postingId, ownId)),
    pings: await countWhere(
      ping,
      or(eq(ping.searcherUserId, memberId), eq(ping.adminUserId, memberId)) as ReturnType<typeof eq>,
    ),
  };
}

const fileExists = (key: string) => existsSync(path.join(t.config.dataDir, 'uploads', key));

describe('account details', () => {
  it('shows name, e-mail, sign-in method and when the account was made', async () => {
    const member = await createMember(t, { name: 'Nora Quinn' });
    const response = await t.app.inject({ method: 'GET', url: '/api/me/account', headers: { cookie: member.cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Nora Quinn',
      email: member.email,
      emailVerified: true,
      signInMethods: ['password'],
    });
    expect(Date.now() - Date.parse(body.memberSince)).toBeLessThan(10 * 60_000);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is for signed-in people only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me/account' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.title).toBe(messages.api.unauthorized.title);
  });
});

describe('deleting an account', () => {
  it('removes the postings, images (rows and files), bookmarks, pings and sessions, and signs out', async () => {
    const other = await createMember(t);
    const { member, ownId, theirsId, keys } = await memberWithEverything(other);
    expect(keys).toHaveLength(4);
    expect(keys.every(fileExists)).toBe(true);
    expect(await footprint(member.id, ownId)).toEqual({
      user: 1,
      accounts: 1,
      sessions: 1,
      postings: 1,
      images: 2,
      bookmarksMade: 1,
      bookmarksOfTheirPosting: 1,
      pings: 2,
    });

    const response = await deleteAccount(member, `  ${member.email.toUpperCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deleted: true });
    // The browser's session cookie is cleared.
    const cookies = [response.headers['set-cookie']].flat().filter(Boolean).join('\n');
    expect(cookies).toMatch(/session_token=;/);
    expect(cookies).toMatch(/Max-Age=0/i);

    expect(await footprint(member.id, ownId)).toEqual({
      user: 0,
      accounts: 0,
      sessions: 0,
      postings: 0,
      images: 0,
      bookmarksMade: 0,
      bookmarksOfTheirPosting: 0,
      pings: 0,
    });
    expect(keys.some(fileExists)).toBe(false);
    expect(storedFiles(t).some((key) => keys.includes(key))).toBe(false);

    // Someone else's posting is untouched; the old cookie no longer signs anyone in.
    expect(await countWhere(posting, eq(posting.id, theirsId))).toBe(1);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
    expect(me.json()).toEqual({ user: null });
    // And the same e-mail can sign in no more.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: originHeader(t),
      payload: { email: member.email, password: 'correct-horse-battery' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('refuses without the typed e-mail address, and changes nothing', async () => {
    const other = await createMember(t);
    const { member, ownId, keys } = await memberWithEverything(other);
    const before = await footprint(member.id, ownId);
    for (const typed of ['', 'someone.else@bc.edu', 'delete']) {
      const response = await deleteAccount(member, typed);
      expect(response.statusCode, typed).toBe(400);
      expect(response.json().error).toMatchObject({
        title: accountMessages.deleteConfirmTitle,
        message: accountMessages.deleteConfirmMismatch,
      });
    }
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { ...originHeader(t), cookie: member.cookie },
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(await footprint(member.id, ownId)).toEqual(before);
    expect(keys.every(fileExists)).toBe(true);
  });

  it('needs a signed-in person and a request from our own pages', async () => {
    const anonymous = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: originHeader(t),
      payload: { confirmEmail: 'x@bc.edu' },
    });
    expect(anonymous.statusCode).toBe(401);
    const member = await createMember(t);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { origin: 'https://evil.example', cookie: member.cookie },
      payload: { confirmEmail: member.email },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await countWhere(session, eq(session.userId, member.id))).toBe(1);
  });

  it('lets an unverified person delete their account too', async () => {
    // No unverified account can sign in now (decision 0020); a session opened before that rule,
    // on an account the expiry job has not removed yet, may still delete it.
    const person = await createUser(t, { verified: true, acceptedTerms: false });
    await t.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, person.id));
    const response = await deleteAccount(person, person.email);
    expect(response.statusCode).toBe(200);
    expect(await countWhere(session, eq(session.userId, person.id))).toBe(0);
  });

  it('leaves everything as it was when a step fails inside the transaction', async () => {
    const other = await createMember(t);
    const { member, ownId, keys } = await memberWithEverything(other);
    const before = await footprint(member.id, ownId);
    // The last step (deleting the user row) fails after the postings were already deleted.
    const db = t.database.db;
    await db.execute(
      sql.raw(`CREATE FUNCTION test_refuse_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF OLD.id = '${member.id}' THEN RAISE EXCEPTION 'refused by test'; END IF;
          RETURN OLD;
        END $$`),
    );
    await db.execute(
      sql.raw(
        'CREATE TRIGGER test_refuse_user_delete BEFORE DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION test_refuse_user_delete()',
      ),
    );
    try {
      const response = await deleteAccount(member, member.email);
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toMatchObject({
        title: messages.api.internal.title,
        message: accountMessages.deleteFailed,
      });
      expect(response.headers['set-cookie']).toBeUndefined();
    } finally {
      await db.execute(sql.raw('DROP TRIGGER test_refuse_user_delete ON "user"'));
      await db.execute(sql.raw('DROP FUNCTION test_refuse_user_delete()'));
    }
    // Nothing half-done: the postings, image rows, files, bookmarks, pings and the session remain.
    expect(await footprint(member.id, ownId)).toEqual(before);
    expect(keys.every(fileExists)).toBe(true);
    const images = await db
      .select({ key: postingImage.cardKey })
      .from(postingImage)
      .where(inArray(postingImage.postingId, [ownId]));
    expect(images).toHaveLength(2);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
    expect(me.json().user?.id).toBe(member.id);

    // And once the failure is gone, the same request deletes it all.
    expect((await deleteAccount(member, member.email)).statusCode).toBe(200);
    expect((await footprint(member.id, ownId)).postings).toBe(0);
    expect(keys.some(fileExists)).toBe(false);
  });
});

describe('groups matched (the footer)', () => {
  const read = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/stats' });
    expect(response.statusCode).toBe(200);
    return response.json().groupsMatched as number;
  };
  const setStatus = (member: TestMember, id: string, status: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/postings/${id}/status`,
      headers: { ...originHeader(t), cookie: member.cookie },
      payload: { status },
    });

  it('is the baseline plus each posting marked Fulfilled once, kept when the posting is deleted', async () => {
    const baseline = t.config.college.groupsMatchedBaseline;
    expect(baseline).toBe(21);
    const start = await read();
    expect(start).toBeGreaterThanOrEqual(baseline);
    const admin = await createMember(t);
    const first = (await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting() })).json().id as string;
    const second = (await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting() })).json().id as string;

    expect((await setStatus(admin, first, 'Likely Fulfilled')).statusCode).toBe(200);
    expect(await read()).toBe(start);
    expect((await setStatus(admin, first, 'Fulfilled')).statusCode).toBe(200);
    expect(await read()).toBe(start + 1);
    // Unmarked and marked again: still one posting.
    await setStatus(admin, first, 'Unfulfilled');
    await setStatus(admin, first, 'Fulfilled');
    expect(await read()).toBe(start + 1);
    await setStatus(admin, second, 'Fulfilled');
    expect(await read()).toBe(start + 2);
    // Deleting a fulfilled posting keeps it counted.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/postings/${first}`,
      headers: { ...originHeader(t), cookie: admin.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(await read()).toBe(start + 2);
  });

  it('does not count a status change that failed', async () => {
    const start = await read();
    const admin = await createMember(t);
    const stranger = await createMember(t);
    const id = (await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting() })).json().id as string;
    expect((await setStatus(stranger, id, 'Fulfilled')).statusCode).toBe(403);
    expect((await setStatus(admin, id, 'Done')).statusCode).toBe(400);
    expect(await read()).toBe(start);
  });
});
