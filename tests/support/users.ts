import { eq } from 'drizzle-orm';
import { user } from '../../src/server/db/schema';
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

/** Signs a user up through the real API and signs them in; verification and terms are up to `options`. */
export async function createUser(
  t: TestApp,
  options: { email?: string; name?: string; password?: string; verified?: boolean; acceptedTerms?: boolean } = {},
): Promise<TestMember> {
  counter += 1;
  const email = options.email ?? `student${counter}.${Date.now()}@${t.config.college.college.emailDomain}`;
  const name = options.name ?? `Student ${counter}`;
  const password = options.password ?? 'correct-horse-battery';
  // Each test user signs up from its own address, so the auth rate limits (per address) never
  // stop a test that creates many users; rate-limit tests set their own addresses.
  const headers = {
    ...originHeader(t),
    'x-forwarded-for': `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`,
  };
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    payload: { email, name, password },
  });
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  const id = signUp.json().user.id as string;
  const verified = options.verified ?? true;
  await t.database.db
    .update(user)
    .set({
      emailVerified: verified,
      ...((options.acceptedTerms ?? true)
        ? { termsAcceptedAt: new Date(), termsVersion: t.config.college.termsVersion }
        : {}),
    })
    .where(eq(user.id, id));
  if (!verified) {
    return { id, name, email, cookie: '' };
  }
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers,
    payload: { email, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  return { id, name, email, cookie: cookieFrom(signIn.headers['set-cookie']) };
}

/** Shorthand for a verified user who accepted the terms: may use the whole product. */
export const createMember = (t: TestApp, options: { email?: string; name?: string } = {}) =>
  createUser(t, { ...options, verified: true, acceptedTerms: true });
