/**
 * Issue 10, defect 2: a page opened at the other loopback spelling of PUBLIC_URL works in
 * development (never in production), and every refused origin gets a sentence saying where to go.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationLink } from '../../src/server/auth/email-verification';
import { trustedOrigins } from '../../src/server/auth/origins';
import { createTestApp, type TestApp } from '../support/app';
import { freePort, type RunningServer, startServer } from '../support/server';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { cookieFrom, createUser } from '../support/users';

const PUBLIC_URL = 'http://localhost:3000';
const ALIAS = 'http://127.0.0.1:3000';
const PASSWORD = 'correct-horse-battery';

let dev: TestApp;
let prod: TestApp;

beforeAll(async () => {
  [dev, prod] = await Promise.all([
    createTestApp({ NODE_ENV: 'development', PUBLIC_URL }),
    createTestApp({ NODE_ENV: 'production', PUBLIC_URL }),
  ]);
});
afterAll(async () => {
  await Promise.all([dev?.close(), prod?.close()]);
});

let address = 0;
/** Each request from its own client address, so better-auth's per-client rate limits stay out of the way. */
const client = () => {
  address += 1;
  return `10.20.${address >> 8}.${address & 255}`;
};

function signUp(t: TestApp, origin: string, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin, 'x-forwarded-for': client() },
    payload: { email, name: 'Loop Back', password: PASSWORD },
  });
}

const refusal = (origin: string) => ({
  title: 'Wrong Address',
  message: `This page was opened at ${origin}, which is not the address Quadmates runs at, so the request was refused. Open ${PUBLIC_URL} and try again.`,
});

describe('trusted origins', () => {
  it('adds the other loopback spelling on the same port in development only', () => {
    expect(trustedOrigins({ publicUrl: PUBLIC_URL, nodeEnv: 'development' })).toEqual([PUBLIC_URL, ALIAS]);
    expect(trustedOrigins({ publicUrl: 'http://127.0.0.1:4000', nodeEnv: 'development' })).toEqual([
      'http://127.0.0.1:4000',
      'http://localhost:4000',
    ]);
    expect(trustedOrigins({ publicUrl: PUBLIC_URL, nodeEnv: 'production' })).toEqual([PUBLIC_URL]);
    expect(trustedOrigins({ publicUrl: PUBLIC_URL, nodeEnv: 'test' })).toEqual([PUBLIC_URL]);
    expect(trustedOrigins({ publicUrl: 'https://rooms.example.edu', nodeEnv: 'development' })).toEqual([
      'https://rooms.example.edu',
    ]);
  });
});

describe('in development', () => {
  it('signs up, confirms (signing in) and writes from a page opened at 127.0.0.1 when PUBLIC_URL says localhost', async () => {
    const email = `loop.${Date.now()}@bc.edu`;
    const created = await signUp(dev, ALIAS, email);
    expect(created.statusCode).toBe(200);
    expect(created.json().user.email).toBe(email);

    // Signed in by the verification page's POST, from the same page address (decision 0020).
    const token = new URL(await verificationLink(dev.config, email, 'Loop Back')).searchParams.get('token');
    const signedIn = await dev.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/confirm',
      headers: { origin: ALIAS, 'x-forwarded-for': client() },
      payload: { token, name: 'Loop Back', password: PASSWORD },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookie = cookieFrom(signedIn.headers['set-cookie']);
    const me = await dev.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user.email).toBe(email);

    // Cookie-carrying requests pass both checks: ours (/api) and better-auth's (/api/auth).
    const ours = await dev.app.inject({
      method: 'POST',
      url: '/api/me/terms',
      headers: { origin: ALIAS, cookie },
      payload: { version: dev.config.college.termsVersion },
    });
    expect(ours.json().error?.code).not.toBe('CROSS_ORIGIN');
    const signOut = await dev.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: ALIAS, cookie },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
  });

  it('still refuses another port and other sites, saying where to go', async () => {
    for (const origin of ['http://127.0.0.1:3001', 'http://localhost:5173', 'https://evil.example']) {
      const response = await signUp(dev, origin, `other.${Date.now()}@bc.edu`);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({ code: 'CROSS_ORIGIN', ...refusal(origin) });
    }
  });
});

describe('in production', () => {
  it('accepts only PUBLIC_URL, and the refusal says where to go', async () => {
    const response = await signUp(prod, ALIAS, `prod.${Date.now()}@bc.edu`);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'CROSS_ORIGIN', ...refusal(ALIAS) });

    const member = await createUser(prod, { acceptedTerms: false });
    const ours = await prod.app.inject({
      method: 'POST',
      url: '/api/me/terms',
      headers: { origin: ALIAS, cookie: member.cookie },
      payload: { version: prod.config.college.termsVersion },
    });
    expect(ours.statusCode).toBe(403);
    expect(ours.json().error).toMatchObject({ code: 'CROSS_ORIGIN', ...refusal(ALIAS) });
  });
});

describe('a production server process', () => {
  // better-auth checks origins itself only outside NODE_ENV=test: this runs the real server.
  let server: RunningServer;
  let smtp: TestSmtpServer;
  let publicUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://localhost:${port}`;
    smtp = await startSmtpServer();
    server = await startServer({ port, env: { PUBLIC_URL: publicUrl, SMTP_URL: smtp.url } });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });

  it("turns better-auth's own bare 'Invalid origin' into a sentence saying where to go", async () => {
    const email = `referer.${Date.now()}@bc.edu`;
    const post = (path: string, headers: Record<string, string>, body: unknown = {}) =>
      fetch(`${server.url}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
    expect(
      (await post('/sign-up/email', { origin: publicUrl }, { email, name: 'Ref', password: PASSWORD })).status,
    ).toBe(200);
    // Signed in by confirming the mailed link on its page (decision 0020).
    const token = new URL(linkIn(await smtp.waitForMail(email), '/verify-email?token=')).searchParams.get('token');
    const signedIn = await post(
      '/verify-email/confirm',
      { origin: publicUrl },
      { token, name: 'Ref', password: PASSWORD },
    );
    expect(signedIn.status).toBe(200);
    const cookie = cookieFrom(signedIn.headers.getSetCookie());

    // No Origin (so ours has nothing to check) and a Referer from the other spelling: better-auth refuses.
    const wrongPage = `${server.url}/myProfile`;
    const refused = await post('/sign-out', { cookie, referer: wrongPage });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({
      code: 'INVALID_ORIGIN',
      title: 'Wrong Address',
      message: `This page was opened at ${server.url}, which is not the address Quadmates runs at, so the request was refused. Open ${publicUrl} and try again.`,
    });
    const me = await fetch(`${server.url}/api/me`, { headers: { cookie } });
    expect((await me.json()).user.email).toBe(email);
  });
});
