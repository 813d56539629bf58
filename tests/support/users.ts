import { randomUUID } from 'node:crypto';
import { generateRandomString, makeSignature } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../src/server/auth/scrypt-password';
import { account, session, user } from '../../src/server/db/schema';
import type { TestApp } from './app';

export interface TestMember {
  id: string;
  name: string;
  email: string;
  /** The Cookie header that signs requests in as this user. */
  cookie: string;
}

let counter = 0;

/** better-auth refuses cookie-less POSTs without an Origin; our pages always send it. */
export const originHeader = (t: TestApp) => ({ origin: t.config.publicUrl });

export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/**
 * A user with a password, verified or not, who accepted the terms unless `options` says otherwise;
 * a verified one comes back signed in through the real sign-in route.
 *
 * An unverified user signs up through the real API (its e-mail, its waiting state). A verified one
 * is written as a completed sign-up and verification leaves it (user row, credential account) with
 * a password hash computed once per password: hashing is scrypt, deliberately slow, and the suite
 * creates hundreds of members whose sign-up is not what their tests are about (the sign-up and
 * verification flows have their own tests in auth-*.test.ts).
 */
export async function createUser(
  t: TestApp,
  options: {
    email?: string;
    name?: string;
    password?: string;
    verified?: boolean;
    acceptedTerms?: boolean;
    /** Sign in through POST /api/auth/sign-in/email (from a 10.x address of its own), for tests of what signing in records. */
    signInThroughRoute?: boolean;
  } = {},
): Promise<TestMember> {
  counter += 1;
  const email = options.email ?? `student${counter}.${Date.now()}@${t.config.college.college.emailDomain}`;
  const name = options.name ?? `Student ${counter}`;
  const password = options.password ?? 'correct-horse-battery';
  const acceptedTerms = options.acceptedTerms ?? true;
  // Each test user signs in from its own address, so the auth rate limits (per address) never
  // stop a test that creates many users; rate-limit tests set their own addresses.
  const headers = {
    ...originHeader(t),
    'x-forwarded-for': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
  };
  const terms = acceptedTerms ? { termsAcceptedAt: new Date(), termsVersion: t.config.college.termsVersion } : {};
  if (options.verified === false) {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers,
      payload: { email, name, password },
    });
    if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
    const id = signUp.json().user.id as string;
    if (acceptedTerms) await t.database.db.update(user).set(terms).where(eq(user.id, id));
    return { id, name, email, cookie: '' };
  }
  const id = generateRandomString(32, 'a-z', 'A-Z', '0-9');
  const now = new Date();
  const hash = await passwordHash(password);
  await t.database.db.transaction(async (tx) => {
    await tx
      .insert(user)
      .values({ id, name, email: email.toLowerCase(), emailVerified: true, createdAt: now, updatedAt: now, ...terms });
    await tx.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: hash,
      createdAt: now,
      updatedAt: now,
    });
  });
  if (!options.signInThroughRoute) return { id, name, email, cookie: await signedInCookie(t, id) };
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  return { id, name, email, cookie: cookieFrom(signIn.headers['set-cookie']) };
}

/** better-auth's session cookie, named as src/server/auth/auth.ts sets it (`Secure` in production on https). */
const sessionCookieName = (t: TestApp) =>
  `${t.config.nodeEnv === 'production' && t.config.publicUrl.startsWith('https:') ? '__Secure-' : ''}better-auth.session_token`;
/** better-auth's default session lifetime. */
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A session as signing in leaves it (its row, and the cookie signed with the app's secret),
 * written directly: signing in checks the password (scrypt, about 100 ms of a core), and the suite
 * signs in hundreds of members whose sign-in is not what their tests are about (auth-*.test.ts and
 * trust-proxy.test.ts sign in through the route). The cookie is checked on /api/me, so a change in better-auth's
 * cookies stops here with a clear message rather than as a test's 401.
 */
async function signedInCookie(t: TestApp, userId: string): Promise<string> {
  const token = generateRandomString(32, 'a-z', 'A-Z', '0-9');
  const now = new Date();
  await t.database.db.insert(session).values({
    id: randomUUID(),
    token,
    userId,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    createdAt: now,
    updatedAt: now,
  });
  const cookie = `${sessionCookieName(t)}=${encodeURIComponent(`${token}.${await makeSignature(token, t.config.authSecret)}`)}`;
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  if (me.statusCode !== 200 || me.json()?.user?.id !== userId) {
    throw new Error(`a session written for a test member does not sign in: ${me.statusCode} ${me.body.slice(0, 200)}`);
  }
  return cookie;
}

const passwordHashes = new Map<string, Promise<string>>();

/** better-auth's own hash of `password`, computed once per password in this test file. */
function passwordHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/** Shorthand for a verified user who accepted the terms: may use the whole product. */
export const createMember = (t: TestApp, options: { email?: string; name?: string } = {}) =>
  createUser(t, { ...options, verified: true, acceptedTerms: true });
