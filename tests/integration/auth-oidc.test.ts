import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, session, user } from '../../src/server/db/schema';
import { formActions } from '../../src/shared/form-posts';
import { messages } from '../../src/shared/messages';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { collegeConfigWith } from '../support/college-config';
import { completeProviderLogin, startOidcProvider, type TestOidcProvider } from '../support/oidc';
import { cookieFrom, createMember, originHeader } from '../support/users';

const PUBLIC_URL = 'http://localhost:3000';
let provider: TestOidcProvider;
let t: TestApp;

const accounts = {
  student: { email: 'eagle@bc.edu', name: 'Eagle Student', emailVerified: true },
  shouting: { email: 'LOUD@BC.EDU', name: 'Loud Student', emailVerified: true },
  evil: { email: 'x@evilbc.edu', name: 'Evil', emailVerified: true },
  suffix: { email: 'x@bc.edu.evil.com', name: 'Suffix', emailVerified: true },
  subdomain: { email: 'x@mail.bc.edu', name: 'Subdomain', emailVerified: true },
  unverified: { email: 'unverified@bc.edu', name: 'Unverified', emailVerified: false },
  suspended: { email: 'sly.scammer@bc.edu', name: 'Sly Scammer', emailVerified: true },
  // Hostile name claims (issue 22): line breaks, NUL, bidi overrides, a huge name, nothing usable.
  hostile: {
    email: 'hostile.name@bc.edu',
    name: 'Eve\r\nBcc: all@bc.edu\u0000 \u202Egnp.exe\u2066x\u2069',
    emailVerified: true,
  },
  huge: { email: 'huge.name@bc.edu', name: 'A'.repeat(900_000), emailVerified: true },
  blank: { email: 'blank.name@bc.edu', name: '\u202E\u0000\r\n', emailVerified: true },
  // A claim that poses as the college's office (issue 30), and an address that does too.
  posing: { email: 'pat.posing@bc.edu', name: 'BC Housing Office', emailVerified: true },
  posingAddress: { email: 'housing.office@bc.edu', name: 'Quadmates Support', emailVerified: true },
};

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/callback/oidc`] });
  for (const [id, data] of Object.entries(accounts)) provider.addAccount(id, data);
  t = await createTestApp({ PUBLIC_URL, ...provider.env });
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

let clients = 0;
async function startSignIn(app: TestApp) {
  // Each sign-in from its own address: better-auth allows 3 sign-in starts per 10 s per address.
  clients += 1;
  const start = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { ...originHeader(app), 'x-forwarded-for': `203.0.113.${clients}` },
    payload: { provider: 'oidc', callbackURL: '/', errorCallbackURL: '/signin-wall', disableRedirect: true },
  });
  return start;
}

/** Runs a whole OpenID sign-in as `login` and returns where the app sends the browser. */
async function oidcSignIn(app: TestApp, login: string) {
  const start = await startSignIn(app);
  expect(start.statusCode, start.body).toBe(200);
  const authorizationUrl = new URL(start.json().url as string);
  const callback = new URL(await completeProviderLogin(authorizationUrl.toString(), login));
  expect(callback.origin).toBe(PUBLIC_URL);
  const response = await app.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: cookieFrom(start.headers['set-cookie']) },
  });
  return {
    authorizationUrl,
    status: response.statusCode,
    location: new URL(String(response.headers.location), PUBLIC_URL),
    cookie: cookieFrom(response.headers['set-cookie']),
  };
}

/**
 * Runs the sign-in page's link as `login` (GET /api/forms/sign-in/provider, the way a tap before
 * the scripts does): the provider, then the callback, and returns where the callback sends the
 * browser with every cookie set on the way.
 */
async function oidcLinkSignIn(app: TestApp, login: string) {
  clients += 1;
  const address = { 'x-forwarded-for': `203.0.113.${clients}` };
  const start = await app.app.inject({ method: 'GET', url: formActions.providerSignIn('/'), headers: address });
  expect(start.statusCode, start.body).toBe(302);
  const callback = new URL(await completeProviderLogin(String(start.headers.location), login));
  const cookies = cookieFrom(start.headers['set-cookie']);
  const response = await app.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { ...address, cookie: cookies },
  });
  return {
    status: response.statusCode,
    location: new URL(String(response.headers.location), PUBLIC_URL),
    cookies: [cookies, cookieFrom(response.headers['set-cookie'])].filter(Boolean).join('; '),
  };
}

async function usersWithEmail(email: string, app: TestApp = t) {
  return app.database.db
    .select()
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
}

describe('OpenID Connect sign-in', () => {
  it.each([
    ['hostile', 'hostile.name@bc.edu', 'Eve Bcc: all@bc.edu gnp.exe x'],
    ['huge', 'huge.name@bc.edu', 'A'.repeat(100)],
    ['blank', 'blank.name@bc.edu', 'blank.name'],
    ['posing', 'pat.posing@bc.edu', 'pat.posing'],
    ['posingAddress', 'housing.office@bc.edu', 'Student'],
  ])(
    'signs %s in with a clean name (control and bidi characters gone, 100 at most, posing replaced)',
    async (login, email, name) => {
      const result = await oidcSignIn(t, login);
      expect(result.location.pathname).toBe('/');
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: result.cookie } });
      expect(me.json().user).toMatchObject({ email, name });
      expect((await usersWithEmail(email)).map((row) => row.name)).toEqual([name]);
    },
  );

  it('lets a college account in, with the domain hint sent to the provider', async () => {
    const result = await oidcSignIn(t, 'student');
    expect(result.authorizationUrl.searchParams.get('hd')).toBe('bc.edu');
    expect(result.status).toBe(302);
    expect(result.location.pathname).toBe('/');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: result.cookie } });
    expect(me.json().user).toMatchObject({ email: 'eagle@bc.edu', emailVerified: true, termsAccepted: false });
  });

  it('accepts the college domain in any case and stores the address in lower case', async () => {
    const result = await oidcSignIn(t, 'shouting');
    expect(result.location.pathname).toBe('/');
    const rows = await usersWithEmail('loud@bc.edu');
    expect(rows.map((r) => r.email)).toEqual(['loud@bc.edu']);
  });

  it.each([
    ['evil', 'x@evilbc.edu'],
    ['suffix', 'x@bc.edu.evil.com'],
    ['subdomain', 'x@mail.bc.edu'],
  ])('refuses %s (%s), leaves nothing behind and says why', async (login, email) => {
    const result = await oidcSignIn(t, login);
    expect(result.status).toBe(302);
    expect(result.location.pathname).toBe('/signin-wall');
    expect(result.location.searchParams.get('error')).toBe('EMAIL_DOMAIN_NOT_ALLOWED');
    expect(result.location.searchParams.get('error_description')).toBe(
      'Access restricted. Only @bc.edu emails are allowed.',
    );
    expect(result.cookie).not.toMatch(/session_token=[^;]+/);
    expect(await usersWithEmail(email)).toEqual([]);
    const accountsOf = await t.database.db.select().from(account).where(eq(account.accountId, login));
    expect(accountsOf).toEqual([]);
  });

  it('refuses an address the provider has not verified', async () => {
    const result = await oidcSignIn(t, 'unverified');
    expect(result.location.pathname).toBe('/signin-wall');
    expect(result.location.searchParams.get('error')).toBe('EMAIL_NOT_VERIFIED_BY_PROVIDER');
    expect(await usersWithEmail('unverified@bc.edu')).toEqual([]);
  });
});

describe('a provider that is down when the server starts', () => {
  it('answers "unavailable" while it is down and works once it is back, without a restart', async () => {
    const late = await startOidcProvider({ redirectUris: [`${PUBLIC_URL}/api/auth/callback/oidc`], listen: false });
    late.addAccount('student', { email: 'late@bc.edu', name: 'Late Student', emailVerified: true });
    const app = await createTestApp({ PUBLIC_URL, ...late.env });
    try {
      const down = await startSignIn(app);
      expect(down.statusCode).toBe(503);
      expect(down.json().code).toBe('OIDC_UNAVAILABLE');

      await late.start();
      const result = await oidcSignIn(app, 'student');
      expect(result.location.pathname).toBe('/');
      const me = await app.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: result.cookie } });
      expect(me.json().user.email).toBe('late@bc.edu');
    } finally {
      await app.close();
      await late.stop();
    }
  });
});

describe('a suspended account', () => {
  it('is signed out, and the OpenID provider cannot sign it back in', async () => {
    const college = collegeConfigWith({ moderators: ['mo.moderator@bc.edu'] });
    const app = await createTestApp({ PUBLIC_URL, ...provider.env, COLLEGE_CONFIG: college });
    const as = (cookie: string) => ({ ...originHeader(app), cookie });
    try {
      const first = await oidcSignIn(app, 'suspended');
      expect(first.location.pathname).toBe('/');
      const [sly] = await usersWithEmail('sly.scammer@bc.edu', app);
      if (!sly) throw new Error('the OpenID sign-in made no user');
      const me = () => app.app.inject({ method: 'GET', url: '/api/me', headers: as(first.cookie) });
      expect((await me()).json().user).toMatchObject({ email: 'sly.scammer@bc.edu' });

      // A student reports Sly's posting; a moderator suspends the account from the queue.
      const postingId = await insertPosting(app.database.db, sly.id, { dorm: 'Voute' });
      const moderator = await createMember(app, { email: 'mo.moderator@bc.edu', name: 'Mo Moderator' });
      const student = await createMember(app);
      const reported = await app.app.inject({
        method: 'POST',
        url: `/api/postings/${postingId}/reports`,
        headers: as(student.cookie),
        payload: { reason: 'scam' },
      });
      expect(reported.statusCode, reported.body).toBe(201);
      const suspended = await app.app.inject({
        method: 'POST',
        url: `/api/moderation/postings/${postingId}/suspend`,
        headers: as(moderator.cookie),
        payload: { reason: 'Asked students for deposits by wire.' },
      });
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect((await me()).json().user).toBeNull();

      // Signing in again through the provider is refused, with the reason, and starts no session.
      const again = await oidcSignIn(app, 'suspended');
      expect(again.status).toBe(302);
      expect(again.location.pathname).toBe('/signin-wall');
      expect(again.location.searchParams.get('error')).toBe('ACCOUNT_SUSPENDED');
      expect(again.location.searchParams.get('error_description')).toBe(messages.auth.accountSuspended);
      expect(again.cookie).not.toMatch(/session_token=[^;]+/);
      expect(await app.database.db.select().from(session).where(eq(session.userId, sly.id))).toEqual([]);

      // The sign-in page's link (the way a tap before the scripts starts it) ends the same way.
      const link = await oidcLinkSignIn(app, 'suspended');
      expect(link.status).toBe(302);
      expect(link.location.pathname).toBe('/signin-wall');
      expect(link.location.searchParams.get('error')).toBe('ACCOUNT_SUSPENDED');
      expect(link.cookies).not.toMatch(/session_token=[^;]+/);
      expect(await app.database.db.select().from(session).where(eq(session.userId, sly.id))).toEqual([]);
    } finally {
      await app.close();
      rmSync(path.dirname(college), { recursive: true, force: true });
    }
  });
});
