import { randomUUID } from 'node:crypto';
import { generateRandomString, hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { account, user } from '../../src/server/db/schema';
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
  options: { email?: string; name?: string; password?: string; verified?: boolean; acceptedTerms?: boolean } = {},
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
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  return { id, name, email, cookie: cookieFrom(signIn.headers['set-cookie']) };
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
