import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimit, user } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { cookieFrom, originHeader } from '../support/users';

let t: TestApp;
let smtp: TestSmtpServer;
let clients = 0;

/** Each test speaks from its own address, so rate limits of one do not spill into another. */
const client = () => {
  clients += 1;
  return `198.51.100.${clients}`;
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

function post(url: string, payload: unknown, ip: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...originHeader(t), 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
}

async function signUp(email: string, ip = client(), password = 'correct-horse-battery') {
  return post('/api/auth/sign-up/email', { email, name: 'Test Student', password, callbackURL: '/' }, ip);
}

async function storedUsers(email: string) {
  return t.database.db
    .select()
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
}

describe('password sign-up and the college policy', () => {
  it.each(['x1@bc.edu', 'X2@BC.EDU'])('accepts %s and stores it in lower case', async (email) => {
    const response = await signUp(email);
    expect(response.statusCode, response.body).toBe(200);
    expect((await storedUsers(email)).map((u) => u.email)).toEqual([email.toLowerCase()]);
  });

  it.each(['x@evilbc.edu', 'x@bc.edu.evil.com', 'x@mail.bc.edu', 'x@gmail.com'])(
    'refuses %s with the spec message and stores nothing',
    async (email) => {
      const response = await signUp(email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'EMAIL_DOMAIN_NOT_ALLOWED',
        message: 'Access restricted. Only @bc.edu emails are allowed.',
      });
      expect(await storedUsers(email)).toEqual([]);
    },
  );

  it('accepts a subdomain the college config lists', async () => {
    const app = await createTestApp({});
    try {
      // As if config/college.json listed it (the policy reads the config on every sign-up).
      app.config.college.college.allowedEmailSubdomains = ['mail.bc.edu'];
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { ...originHeader(app), 'x-forwarded-for': client() },
        payload: { email: 'y@mail.bc.edu', name: 'Sub', password: 'correct-horse-battery' },
      });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('refuses passwords that are too short or too long, with clear messages', async () => {
    const short = await signUp('shortpw@bc.edu', client(), 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
    const long = await signUp('longpw@bc.edu', client(), 'x'.repeat(129));
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('PASSWORD_TOO_LONG');
    expect(await storedUsers('shortpw@bc.edu')).toEqual([]);
  });

  it('answers a sign-up with a taken address exactly like a new one', async () => {
    const first = await signUp('taken@bc.edu');
    const again = await signUp('taken@bc.edu');
    expect(again.statusCode).toBe(first.statusCode);
    expect(Object.keys(again.json()).sort()).toEqual(Object.keys(first.json()).sort());
    expect(again.headers['set-cookie']).toBeUndefined();
  });
});

describe('e-mail verification', () => {
  it('lets an unverified account sign in to its profile only, and the mailed link verifies it', async () => {
    const ip = client();
    expect((await signUp('verify.me@bc.edu', ip)).statusCode).toBe(200);
    const mail = await smtp.waitForMail('verify.me@bc.edu', /Verify/);
    expect(mail.html).toContain('verify-email');

    const signIn = await post(
      '/api/auth/sign-in/email',
      { email: 'verify.me@bc.edu', password: 'correct-horse-battery' },
      ip,
    );
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieFrom(signIn.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ email: 'verify.me@bc.edu', emailVerified: false, termsAccepted: false });
    // Terms can only be accepted once the address is verified.
    const terms = await post('/api/me/terms', { version: t.config.college.termsVersion }, ip, cookie);
    expect(terms.statusCode).toBe(403);
    expect(terms.json().error.code).toBe('EMAIL_NOT_VERIFIED');

    // "Send Verification Email" from the profile.
    const resend = await post(
      '/api/auth/send-verification-email',
      { email: 'verify.me@bc.edu', callbackURL: '/myProfile' },
      ip,
      cookie,
    );
    expect(resend.statusCode).toBe(200);

    const link = new URL(linkIn(mail, '/api/auth/verify-email'));
    const verify = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(verify.statusCode).toBe(302);
    const verifiedCookie = cookieFrom(verify.headers['set-cookie']);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: verifiedCookie } });
    expect(after.json().user).toMatchObject({ emailVerified: true, termsAccepted: false });
  });
});

describe('password reset', () => {
  it('answers the same for an unknown address as for a real one, and only the real one gets mail', async () => {
    await signUp('reset.me@bc.edu');
    const known = await post(
      '/api/auth/request-password-reset',
      { email: 'reset.me@bc.edu', redirectTo: '/reset-password' },
      client(),
    );
    const unknown = await post(
      '/api/auth/request-password-reset',
      { email: 'nobody@bc.edu', redirectTo: '/reset-password' },
      client(),
    );
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await smtp.waitForMail('reset.me@bc.edu', /Reset/);
    expect(smtp.messages.some((m) => m.to?.some((a) => a.address === 'nobody@bc.edu'))).toBe(false);
  });

  it('opens the reset page from the mailed link and sets the new password', async () => {
    const ip = client();
    await signUp('new.password@bc.edu', ip);
    await post('/api/auth/request-password-reset', { email: 'new.password@bc.edu', redirectTo: '/reset-password' }, ip);
    const mail = await smtp.waitForMail('new.password@bc.edu', /Reset/);
    const link = new URL(linkIn(mail, '/api/auth/reset-password/'));
    const open = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(open.statusCode).toBe(302);
    const page = new URL(String(open.headers.location), t.config.publicUrl);
    expect(page.pathname).toBe('/reset-password');
    const token = page.searchParams.get('token');
    expect(token).toBeTruthy();

    const tooShort = await post('/api/auth/reset-password', { newPassword: 'short', token }, ip);
    expect(tooShort.statusCode).toBe(400);
    const reset = await post('/api/auth/reset-password', { newPassword: 'a-brand-new-password', token }, ip);
    expect(reset.statusCode, reset.body).toBe(200);
    const reused = await post('/api/auth/reset-password', { newPassword: 'yet-another-password', token }, ip);
    expect(reused.statusCode).toBe(400);

    const oldPassword = await post(
      '/api/auth/sign-in/email',
      { email: 'new.password@bc.edu', password: 'correct-horse-battery' },
      client(),
    );
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await post(
      '/api/auth/sign-in/email',
      { email: 'new.password@bc.edu', password: 'a-brand-new-password' },
      client(),
    );
    expect(newPassword.statusCode).toBe(200);
  });
});

describe('rate limits (stored in the database)', () => {
  it('limits sign-in attempts per address and keeps the count in the rate_limit table', async () => {
    const ip = client();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await post(
        '/api/auth/sign-in/email',
        { email: 'nobody@bc.edu', password: 'wrong-password-123' },
        ip,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const rows = await t.database.db.select().from(rateLimit);
    expect(rows.some((row) => row.key.includes(ip) && row.key.includes('/sign-in/email'))).toBe(true);
    // Another address is not affected.
    const other = await post(
      '/api/auth/sign-in/email',
      { email: 'nobody@bc.edu', password: 'wrong-password-123' },
      client(),
    );
    expect(other.statusCode).toBe(401);
  });

  it('counts each client apart when no proxy names it (the socket address decides)', async () => {
    const attempt = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        headers: originHeader(t),
        payload: { email: 'nobody@bc.edu', password: 'wrong-password-123' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await attempt('198.51.100.20')).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt('198.51.100.21')).statusCode).toBe(401);
  });

  it.each([
    [
      '/api/auth/sign-up/email',
      (i: number) => ({ email: `flood${i}@bc.edu`, name: 'Flood', password: 'correct-horse-battery' }),
    ],
    ['/api/auth/request-password-reset', () => ({ email: 'someone@bc.edu', redirectTo: '/reset-password' })],
    ['/api/auth/send-verification-email', () => ({ email: 'someone@bc.edu' })],
  ])('limits %s', async (url, body) => {
    const ip = client();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await post(url, body(i), ip)).statusCode);
    expect(statuses[0]).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });
});
