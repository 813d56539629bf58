import { signJWT } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { account, rateLimit, session, user } from '../../src/server/db/schema';
import { namePosingMessage } from '../../src/shared/account-names';
import { messages } from '../../src/shared/messages';
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

async function storedUser(email: string) {
  const [row] = await storedUsers(email);
  if (!row) throw new Error(`${email} is not stored`);
  return row;
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

/** Every message to `to` so far, oldest first, once there are at least `count`. */
async function mailsTo(to: string, count: number) {
  return vi.waitFor(
    () => {
      const found = smtp.messages.filter((m) => (m.to ?? []).some((a) => a.address?.toLowerCase() === to));
      if (found.length < count) throw new Error(`${found.length} of ${count} mails to ${to}`);
      return found;
    },
    { timeout: 15_000, interval: 50 },
  );
}

/** The token of a mailed verification link: the page /verify-email?token=... */
function tokenIn(mail: Parameters<typeof linkIn>[0] | undefined) {
  if (!mail) throw new Error('no mail');
  const link = new URL(linkIn(mail, '/verify-email?token='));
  expect(link.origin).toBe(t.config.publicUrl);
  expect(link.pathname).toBe('/verify-email');
  return String(link.searchParams.get('token'));
}

function signIn(email: string, password: string, ip = client()) {
  return post('/api/auth/sign-in/email', { email, password }, ip);
}

function confirm(token: string, password: string, name: unknown = 'Real Owner', ip = client()) {
  return post('/api/auth/verify-email/confirm', { token, name, password }, ip);
}

describe('e-mail verification (issue 22: sign-up cannot be pre-claimed)', () => {
  it('lets no password open an account before its address is verified', async () => {
    expect((await signUp('verify.me@bc.edu')).statusCode).toBe(200);
    const refused = await signIn('verify.me@bc.edu', 'correct-horse-battery');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(refused.headers['set-cookie']).toBeUndefined();
  });

  it('a pre-claimed address: the victim verifies through the mailed link, the attacker password opens nothing', async () => {
    const victim = 'pre.claimed@bc.edu';
    // The attacker signs up with the classmate's address and a password of their own.
    expect((await signUp(victim, client(), 'attacker-password-1')).statusCode).toBe(200);
    const attackerTry = await signIn(victim, 'attacker-password-1');
    expect(attackerTry.statusCode).toBe(403);
    const attackerCookie = cookieFrom(attackerTry.headers['set-cookie']);
    // The classmate gets the genuine e-mail and confirms on the page, choosing a password there.
    const [mail] = await mailsTo(victim, 1);
    const confirmed = await confirm(tokenIn(mail), 'victims-own-password');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const ownerCookie = cookieFrom(confirmed.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: ownerCookie } });
    expect(me.json().user).toMatchObject({ email: victim, name: 'Real Owner', emailVerified: true });

    // The attacker's password no longer opens the account, and nothing they held is a session.
    expect((await signIn(victim, 'attacker-password-1')).statusCode).toBe(401);
    if (attackerCookie) {
      const theirs = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: attackerCookie } });
      expect(theirs.json().user).toBeNull();
    }
    expect((await signIn(victim, 'victims-own-password')).statusCode).toBe(200);
    // The link is spent: it is not a second way to set the password.
    const again = await confirm(tokenIn(mail), 'attacker-password-2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_VERIFICATION_LINK',
      message: messages.auth.verifyLinkInvalid,
    });
    expect((await signIn(victim, 'attacker-password-2')).statusCode).toBe(401);
  });

  it('revokes every session an unverified account held before the owner confirmed', async () => {
    const email = 'old.session@bc.edu';
    expect((await signUp(email, client(), 'attacker-password-1')).statusCode).toBe(200);
    const row = await storedUser(email);
    // A session opened before verification (as the old rules allowed; sign-in refuses one now).
    const ctx = session;
    await t.database.db.insert(ctx).values({
      id: crypto.randomUUID(),
      token: 'pre-verification-session-token',
      userId: row.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const [mail] = await mailsTo(email, 1);
    expect((await confirm(tokenIn(mail), 'owners-password-1')).statusCode).toBe(200);
    const left = await t.database.db.select().from(ctx).where(eq(ctx.userId, row.id));
    expect(left.map((s) => s.token)).not.toContain('pre-verification-session-token');
    expect(left).toHaveLength(1);
  });

  it('signs no browser in by opening the link: GET shows the page, the old API link sets no cookie', async () => {
    const email = 'login.csrf@bc.edu';
    await signUp(email);
    const [mail] = await mailsTo(email, 1);
    if (!mail) throw new Error('no mail');
    const link = new URL(linkIn(mail, '/verify-email?token='));
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.headers['set-cookie']).toBeUndefined();
    // better-auth's own GET verification is gone; an old link only leads to the page.
    const api = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${link.searchParams.get('token')}&callbackURL=/`,
    });
    expect(api.statusCode).toBe(302);
    expect(api.headers.location).toBe('/verify-email?error=INVALID_TOKEN');
    expect(api.headers['set-cookie']).toBeUndefined();
    expect((await storedUser(email)).emailVerified).toBe(false);
  });

  it('a foreign page cannot post the confirmation (login CSRF)', async () => {
    const email = 'foreign.confirm@bc.edu';
    await signUp(email);
    const [mail] = await mailsTo(email, 1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/confirm',
      headers: { origin: 'https://evil.example', 'x-forwarded-for': client() },
      payload: { token: tokenIn(mail), name: 'X', password: 'attacker-password-1' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect((await storedUser(email)).emailVerified).toBe(false);
  });

  it('a sign-up on a waiting address replaces its password and name and mails a fresh link', async () => {
    const email = 'signs.up.twice@bc.edu';
    await post(
      '/api/auth/sign-up/email',
      { email, name: 'Attacker Chosen', password: 'attacker-password-1' },
      client(),
    );
    const [first] = await mailsTo(email, 1);
    const before = await storedUser(email);
    const again = await post(
      '/api/auth/sign-up/email',
      { email, name: 'Rightful Owner', password: 'owners-password-1' },
      client(),
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
    const mails = await mailsTo(email, 2);
    const fresh = mails[1];
    expect(tokenIn(fresh)).not.toBe(tokenIn(first));
    const after = await storedUser(email);
    expect(after.id).toBe(before.id);
    expect(after.name).toBe('Rightful Owner');
    expect(after.createdAt.getTime()).toBeGreaterThanOrEqual(before.createdAt.getTime());
    // The stored password is the new one: the owner's, once the address is proven.
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, after.id));
    expect((await signIn(email, 'attacker-password-1')).statusCode).toBe(401);
    expect((await signIn(email, 'owners-password-1')).statusCode).toBe(200);
  });

  it('a refused sign-up on a waiting address changes nothing', async () => {
    const email = 'refused.again@bc.edu';
    await post('/api/auth/sign-up/email', { email, name: 'First', password: 'first-password-1' }, client());
    await mailsTo(email, 1);
    const before = await storedUser(email);
    const refused = await post(
      '/api/auth/sign-up/email',
      { email, name: 'Second', password: 'second-password-1', rememberMe: 'not-a-boolean' },
      client(),
    );
    expect(refused.statusCode).toBe(400);
    expect(await storedUser(email)).toEqual(before);
    await t.app.outbox.deliverDue();
    expect((await mailsTo(email, 1)).length).toBe(1);
  });

  it('a sign-up on a verified address changes nothing and mails no link', async () => {
    const email = 'already.verified@bc.edu';
    await signUp(email, client(), 'owners-password-1');
    await mailsTo(email, 1);
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const again = await signUp(email, client(), 'attacker-password-1');
    expect(again.statusCode).toBe(200);
    expect((await signIn(email, 'attacker-password-1')).statusCode).toBe(401);
    expect((await signIn(email, 'owners-password-1')).statusCode).toBe(200);
    await t.app.outbox.deliverDue();
    expect((await mailsTo(email, 1)).length).toBe(1);
  });

  it('refuses forged, foreign and expired tokens with a clear message', async () => {
    const email = 'forged.token@bc.edu';
    await signUp(email);
    const wrongSecret = await signJWT(
      { purpose: 'confirm-email', email },
      'another-secret-0123456789-abcdefghij',
      3600,
    );
    const otherPurpose = await signJWT({ email }, t.config.authSecret, 3600);
    const expired = await signJWT({ purpose: 'confirm-email', email }, t.config.authSecret, -10);
    for (const token of ['not-a-token', wrongSecret, otherPurpose, expired]) {
      const response = await confirm(token, 'attacker-password-1');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_VERIFICATION_LINK' });
    }
    expect((await storedUser(email)).emailVerified).toBe(false);
  });

  it('refuses a short password or a bad name on the page, and leaves the account waiting', async () => {
    const email = 'bad.confirm@bc.edu';
    await signUp(email);
    const [mail] = await mailsTo(email, 1);
    const short = await confirm(tokenIn(mail), 'short');
    expect(short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    const badName = await confirm(tokenIn(mail), 'owners-password-1', 'Eve\u202Eevil');
    expect(badName.json()).toMatchObject({ code: 'NAME_INVALID', message: messages.auth.nameInvalidCharacters });
    const posingName = await confirm(tokenIn(mail), 'owners-password-1', 'BC Housing Office');
    expect(posingName.statusCode).toBe(400);
    expect(posingName.json()).toMatchObject({
      code: 'NAME_POSING',
      message: namePosingMessage('Quadmates', 'Boston College'),
    });
    expect((await storedUser(email)).emailVerified).toBe(false);
  });
});

describe('unverified accounts expire', () => {
  it('removes accounts left unverified for 24 hours and keeps younger ones and verified ones', async () => {
    await signUp('expired.pending@bc.edu');
    await signUp('young.pending@bc.edu');
    await signUp('old.verified@bc.edu');
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    await t.database.db
      .update(user)
      .set({ createdAt: new Date(now - day - 60_000) })
      .where(eq(user.email, 'expired.pending@bc.edu'));
    await t.database.db
      .update(user)
      .set({ createdAt: new Date(now - day + 60 * 60_000) })
      .where(eq(user.email, 'young.pending@bc.edu'));
    await t.database.db
      .update(user)
      .set({ createdAt: new Date(now - 30 * day), emailVerified: true })
      .where(eq(user.email, 'old.verified@bc.edu'));
    const expiredRow = await storedUser('expired.pending@bc.edu');

    await t.app.unverifiedAccounts.run(new Date(now));

    expect(await storedUsers('expired.pending@bc.edu')).toEqual([]);
    expect(await t.database.db.select().from(account).where(eq(account.userId, expiredRow.id))).toEqual([]);
    expect(await storedUsers('young.pending@bc.edu')).toHaveLength(1);
    expect(await storedUsers('old.verified@bc.edu')).toHaveLength(1);
    // The freed address can be signed up for again.
    expect((await signUp('expired.pending@bc.edu')).statusCode).toBe(200);
    expect(await storedUsers('expired.pending@bc.edu')).toHaveLength(1);
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
    // Only a verified address signs in (decision 0020); the reset itself works either way.
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'new.password@bc.edu'));
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

/** better-auth's error ({ code, message }) or the API's ({ error: { code, message } }). */
function refusal(response: { json(): unknown }) {
  const body = response.json() as { code?: string; message?: string; error?: { code?: string; message?: string } };
  return { code: body.error?.code ?? body.code, message: body.error?.message ?? body.message };
}

const hostileNames: [string, string, string][] = [
  ['900,000 characters', 'A'.repeat(900_000), messages.auth.nameTooLong(100)],
  ['101 characters', 'B'.repeat(101), messages.auth.nameTooLong(100)],
  ['CR/LF', 'Eve\r\nBcc: everyone@bc.edu', messages.auth.nameInvalidCharacters],
  ['a lone LF', 'Eve\nSmith', messages.auth.nameInvalidCharacters],
  ['U+202E (right-to-left override)', 'Eve \u202Egnp.exe', messages.auth.nameInvalidCharacters],
  ['U+2066 (left-to-right isolate)', 'Eve \u2066x\u2069', messages.auth.nameInvalidCharacters],
  ['U+200F (right-to-left mark)', 'Eve\u200F', messages.auth.nameInvalidCharacters],
  ['U+0000', 'Eve\u0000', messages.auth.nameInvalidCharacters],
  ['only spaces', '   ', messages.auth.nameRequired],
];

describe('account names (issue 22)', () => {
  it.each(hostileNames)(
    'refuses a sign-up name with %s, with a clear message, and stores nothing',
    async (_what, name, message) => {
      const email = `hostile.${Math.random().toString(36).slice(2)}@bc.edu`;
      const response = await post(
        '/api/auth/sign-up/email',
        { email, name, password: 'correct-horse-battery' },
        client(),
      );
      expect(response.statusCode).toBe(400);
      expect(refusal(response)).toEqual({ code: 'NAME_INVALID', message });
      expect(await storedUsers(email)).toEqual([]);
    },
  );

  it.each(hostileNames)('refuses an update to a name with %s and keeps the old name', async (_what, name, message) => {
    const email = `rename.${Math.random().toString(36).slice(2)}@bc.edu`;
    await signUp(email);
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const cookie = cookieFrom((await signIn(email, 'correct-horse-battery')).headers['set-cookie']);
    const response = await post('/api/auth/update-user', { name }, client(), cookie);
    expect(response.statusCode).toBe(400);
    expect(refusal(response)).toEqual({ code: 'NAME_INVALID', message });
    expect((await storedUser(email)).name).toBe('Test Student');
  });

  // Issue 30: a name that poses as the college, its offices, the product or a moderator.
  const posingNames = ['BC Housing Office', 'Boston College Residence Life', 'Quadmates Support', 'Moderator', 'Аdmіn'];
  const posing = { code: 'NAME_POSING', message: namePosingMessage('Quadmates', 'Boston College') };

  it.each(posingNames)('refuses the sign-up name %s with a clear message, and stores nothing', async (name) => {
    const email = `posing.${Math.random().toString(36).slice(2)}@bc.edu`;
    const response = await post(
      '/api/auth/sign-up/email',
      { email, name, password: 'correct-horse-battery' },
      client(),
    );
    expect(response.statusCode).toBe(400);
    expect(refusal(response)).toEqual(posing);
    expect(await storedUsers(email)).toEqual([]);
  });

  it.each(posingNames)('refuses an update to the name %s and keeps the old name', async (name) => {
    const email = `posing.rename.${Math.random().toString(36).slice(2)}@bc.edu`;
    await signUp(email);
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const cookie = cookieFrom((await signIn(email, 'correct-horse-battery')).headers['set-cookie']);
    const response = await post('/api/auth/update-user', { name }, client(), cookie);
    expect(response.statusCode).toBe(400);
    expect(refusal(response)).toEqual(posing);
    expect((await storedUser(email)).name).toBe('Test Student');
  });

  it('keeps a good name, trimmed, on sign-up and update', async () => {
    const email = 'good.name@bc.edu';
    await post(
      '/api/auth/sign-up/email',
      { email, name: '  Zoë Ñúñez-O’Brien  ', password: 'correct-horse-battery' },
      client(),
    );
    expect((await storedUser(email)).name).toBe('Zoë Ñúñez-O’Brien');
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const cookie = cookieFrom((await signIn(email, 'correct-horse-battery')).headers['set-cookie']);
    const response = await post('/api/auth/update-user', { name: ' 李小龍 ' }, client(), cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect((await storedUser(email)).name).toBe('李小龍');
  });
});
