import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, user } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { completeProviderLogin, startOidcProvider, type TestOidcProvider } from '../support/oidc';
import { cookieFrom, originHeader } from '../support/users';

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

async function usersWithEmail(email: string) {
  return t.database.db
    .select()
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
}

describe('OpenID Connect sign-in', () => {
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
