/**
 * TRUST_PROXY (issue 12, item 2): with no proxy trusted, a client cannot give itself a fresh
 * rate-limit bucket by sending X-Forwarded-For, neither at better-auth's sign-in limiter nor at
 * our own per-student limits; with TRUST_PROXY=loopback (or a hop count) the header names the
 * client, as Fastify computes it, and better-auth sees the same address.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../src/server/db/schema';
import { PING_HOURLY_LIMIT } from '../../src/shared/options';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { createMember, createUser, originHeader } from '../support/users';

/** better-auth's rule for /sign-in/email (src/server/auth/auth.ts): 10 a minute per address. */
const SIGN_IN_LIMIT = 10;

const signIn = (t: TestApp, forwardedFor: string, email = 'nobody@bc.edu') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { ...originHeader(t), 'x-forwarded-for': forwardedFor },
    payload: { email, password: 'not-the-password-at-all' },
  });

/** Uses up the sign-in bucket, each attempt claiming a different address. */
async function exhaustSignIn(t: TestApp, prefix: string) {
  for (let i = 1; i <= SIGN_IN_LIMIT; i++) {
    expect((await signIn(t, `${prefix}.${i}`)).statusCode).toBe(401);
  }
}

describe('TRUST_PROXY unset: nobody is trusted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '' }, undefined, { backgroundJobs: false });
  });
  afterAll(async () => t?.close());

  it('records the socket address, not a claimed one, on the session', async () => {
    const member = await createUser(t, { verified: true, acceptedTerms: true, signInThroughRoute: true });
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, member.id));
    expect(row?.ipAddress).toBe('127.0.0.1');
  });

  it('keeps every ping of a student in one hourly bucket whatever address they claim', async () => {
    const admin = await createMember(t);
    const student = await createMember(t);
    const ids: string[] = [];
    for (let i = 0; i <= PING_HOURLY_LIMIT; i++) ids.push(await insertPosting(t.database.db, admin.id));
    const ping = (id: string, n: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/postings/${id}/pings`,
        headers: { ...originHeader(t), cookie: student.cookie, 'x-forwarded-for': `198.51.100.${n}` },
        payload: {},
      });
    for (const [n, id] of ids.slice(0, PING_HOURLY_LIMIT).entries()) expect((await ping(id, n)).statusCode).toBe(201);
    const limited = await ping(ids[PING_HOURLY_LIMIT] as string, 250);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('PING_RATE_LIMITED');
  });

  it('gives a spoofed X-Forwarded-For no fresh sign-in bucket', async () => {
    // Each attempt claims a new address; all share the socket's bucket, which the sign-ins of the
    // tests above have partly used. If the header counted, no attempt would ever be limited.
    const answers: number[] = [];
    for (let i = 1; i <= SIGN_IN_LIMIT * 2; i++) answers.push((await signIn(t, `203.0.113.${i}`)).statusCode);
    expect(answers.filter((status) => status === 401).length).toBeLessThanOrEqual(SIGN_IN_LIMIT);
    expect(answers.slice(SIGN_IN_LIMIT)).toEqual(Array(SIGN_IN_LIMIT).fill(429));
    // Nor does a header better-auth could be told to read, nor a list of hops.
    expect((await signIn(t, '192.0.2.78, 192.0.2.79')).statusCode).toBe(429);
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { ...originHeader(t), 'x-quadmates-client-address': '192.0.2.80', 'x-real-ip': '192.0.2.81' },
      payload: { email: 'nobody@bc.edu', password: 'not-the-password-at-all' },
    });
    expect(claimed.statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=loopback: the proxy on this machine names the client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' }, undefined, { backgroundJobs: false });
  });
  afterAll(async () => t?.close());

  it('keeps one bucket per forwarded address', async () => {
    for (let i = 0; i < SIGN_IN_LIMIT; i++) expect((await signIn(t, '203.0.113.5')).statusCode).toBe(401);
    expect((await signIn(t, '203.0.113.5')).statusCode).toBe(429);
    // Another client behind the same proxy has its own bucket.
    expect((await signIn(t, '203.0.113.6')).statusCode).toBe(401);
  });

  it('honours the header for every address it names', async () => {
    await exhaustSignIn(t, '198.51.100');
    expect((await signIn(t, '192.0.2.10')).statusCode).toBe(401);
  });

  it('passes the forwarded address to better-auth', async () => {
    const member = await createUser(t, { verified: true, acceptedTerms: true, signInThroughRoute: true });
    const [row] = await t.database.db.select().from(session).where(eq(session.userId, member.id));
    // createUser signs in from a 10.x address of its own (tests/support/users.ts).
    expect(row?.ipAddress).toMatch(/^10\.\d+\.\d+\.\d+$/);
  });
});

describe('TRUST_PROXY=1: one proxy in front', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1' }, undefined, { backgroundJobs: false });
  });
  afterAll(async () => t?.close());

  it("takes the proxy's entry (the last) and ignores what the client prepended", async () => {
    for (let i = 0; i < SIGN_IN_LIMIT; i++) {
      expect((await signIn(t, `10.9.9.${i}, 203.0.113.20`)).statusCode).toBe(401);
    }
    expect((await signIn(t, '10.9.9.99, 203.0.113.20')).statusCode).toBe(429);
    expect((await signIn(t, '10.9.9.99, 203.0.113.21')).statusCode).toBe(401);
  });
});
