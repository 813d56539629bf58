import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guard } from '../../src/server/auth/guard';
import { bookmark, ping, posting, session, user } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { cookieFrom, createUser, originHeader } from '../support/users';

let t: TestApp;
const cleanedUp: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.get('/api/test/member', { preHandler: guard('product.use') }, async (request) => ({ id: request.viewer?.id }));
    app.onAccountDelete(async (userId) => {
      cleanedUp.push(userId);
    });
  });
});
afterAll(async () => {
  await t?.close();
});

const probe = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/test/member', headers: { cookie } });
const post = (url: string, cookie: string, payload: object = {}, origin = t.config.publicUrl) =>
  t.app.inject({ method: 'POST', url, headers: { cookie, origin }, payload });

async function insertPosting(adminUserId: string) {
  const [row] = await t.database.db
    .insert(posting)
    .values({
      listingLocation: 'oncampus',
      dorm: 'Walsh',
      adminUserId,
      adminName: 'Admin',
      adminAcademicYear: 'junior',
      adminGender: 'female',
      aimInteger: 4,
      curGroupSize: 2,
      curNumSeek: 2,
    })
    .returning({ id: posting.id });
  if (!row) throw new Error('no posting');
  return row.id;
}

describe('the Terms & Conditions gate', () => {
  it('refuses product data with TERMS_NOT_ACCEPTED until the current terms are accepted', async () => {
    const member = await createUser(t, { acceptedTerms: false });
    const before = await probe(member.cookie);
    expect(before.statusCode).toBe(403);
    expect(before.json().error.code).toBe('TERMS_NOT_ACCEPTED');

    const wrongVersion = await post('/api/me/terms', member.cookie, { version: 'an-old-version' });
    expect(wrongVersion.statusCode).toBe(409);
    expect((await probe(member.cookie)).statusCode).toBe(403);

    const accept = await post('/api/me/terms', member.cookie, { version: t.config.college.termsVersion });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().user).toMatchObject({ id: member.id, termsAccepted: true });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, member.id));
    expect(row?.termsVersion).toBe(t.config.college.termsVersion);
    expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
    expect((await probe(member.cookie)).statusCode).toBe(200);
  });

  it('asks again when the terms version changes', async () => {
    const member = await createUser(t, { acceptedTerms: true });
    expect((await probe(member.cookie)).statusCode).toBe(200);
    await t.database.db.update(user).set({ termsVersion: 'previous' }).where(eq(user.id, member.id));
    expect((await probe(member.cookie)).json().error.code).toBe('TERMS_NOT_ACCEPTED');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
    expect(me.json().user.termsAccepted).toBe(false);
  });

  it('requires a signed-in user to accept or decline', async () => {
    expect((await post('/api/me/terms', '', { version: t.config.college.termsVersion })).statusCode).toBe(401);
    expect((await post('/api/me/decline', '')).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(me.json()).toEqual({ user: null });
  });
});

describe('declining the terms', () => {
  it('deletes the account and everything it owns, and signs out', async () => {
    const decliner = await createUser(t, { acceptedTerms: false });
    const other = await createUser(t);
    const own = await insertPosting(decliner.id);
    const others = await insertPosting(other.id);
    await t.database.db.insert(bookmark).values({ userId: decliner.id, postingId: others });
    await t.database.db.insert(bookmark).values({ userId: other.id, postingId: own });
    await t.database.db.insert(ping).values({
      postingId: others,
      searcherUserId: decliner.id,
      senderName: 'Decliner',
      searcherEmail: decliner.email,
      adminUserId: other.id,
    });

    const response = await post('/api/me/decline', decliner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/session_token=;/);
    expect(cleanedUp).toContain(decliner.id);

    const db = t.database.db;
    expect(await db.select().from(user).where(eq(user.id, decliner.id))).toEqual([]);
    expect(await db.select().from(session).where(eq(session.userId, decliner.id))).toEqual([]);
    expect(await db.select().from(posting).where(eq(posting.adminUserId, decliner.id))).toEqual([]);
    expect(await db.select().from(bookmark).where(eq(bookmark.userId, decliner.id))).toEqual([]);
    expect(await db.select().from(bookmark).where(eq(bookmark.postingId, own))).toEqual([]);
    expect(await db.select().from(ping).where(eq(ping.searcherUserId, decliner.id))).toEqual([]);
    // The other member and their posting are untouched.
    expect((await db.select().from(posting).where(eq(posting.id, others))).length).toBe(1);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: decliner.cookie } });
    expect(me.json()).toEqual({ user: null });
  });

  it('answers Session Expired and signs out when the sign-in is not recent', async () => {
    const member = await createUser(t, { acceptedTerms: false });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await t.database.db.update(session).set({ createdAt: twoDaysAgo }).where(eq(session.userId, member.id));
    const response = await post('/api/me/decline', member.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'SESSION_EXPIRED',
      title: 'Session Expired',
      message: 'Please sign in again to accept the Terms & Conditions.',
    });
    expect((await t.database.db.select().from(user).where(eq(user.id, member.id))).length).toBe(1);
    expect(await t.database.db.select().from(session).where(eq(session.userId, member.id))).toEqual([]);
  });
});

describe('session safety', () => {
  it('refuses writes from another site', async () => {
    const member = await createUser(t, { acceptedTerms: false });
    const ours = await post('/api/me/terms', member.cookie, { version: 'x' }, 'https://evil.example');
    expect(ours.statusCode).toBe(403);
    expect(ours.json().error.code).toBe('CROSS_ORIGIN');
    const auth = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: member.email, password: 'correct-horse-battery' },
    });
    expect(auth.statusCode).toBe(403);
    expect(auth.json().error.code).toBe('CROSS_ORIGIN');
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: 'https://evil.example', cookie: member.cookie },
      payload: {},
    });
    expect(signOut.statusCode).toBe(403);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } });
    expect(me.json().user.id).toBe(member.id);
  });

  it('sets HttpOnly SameSite session cookies', async () => {
    const member = await createUser(t, { email: 'cookies@bc.edu', verified: true });
    expect(member.cookie).toMatch(/better-auth\.session_token=/);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: originHeader(t),
      payload: { email: 'cookies@bc.edu', password: 'correct-horse-battery' },
    });
    const cookie = [signIn.headers['set-cookie']].flat().find((c) => String(c).includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('marks cookies Secure in production over https', async () => {
    const app = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://quadmates.example' });
    try {
      const headers = { origin: 'https://quadmates.example' };
      await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers,
        payload: { email: 'secure@bc.edu', name: 'Secure', password: 'correct-horse-battery' },
      });
      // Only a verified address signs in (decision 0020).
      await app.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'secure@bc.edu'));
      const signIn = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers,
        payload: { email: 'secure@bc.edu', password: 'correct-horse-battery' },
      });
      expect(signIn.statusCode).toBe(200);
      const cookie = [signIn.headers['set-cookie']].flat().find((c) => String(c).includes('session_token'));
      expect(cookie).toMatch(/^__Secure-/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookieFrom(signIn.headers['set-cookie'])).toBeTruthy();
    } finally {
      await app.close();
    }
  });
});
