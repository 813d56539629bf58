/**
 * Issue 22, item 3: nothing secret is readable or logged.
 * - A whole run of the app in production mode, its log captured: sign-up and verification,
 *   password reset, a renewal link and an unsubscribe link are each followed; no log line holds
 *   any of their tokens (the request logs redact them, the file mailer names no link).
 * - The real server process keeps DATA_DIR private (0700, files 0600), for a fresh folder and for
 *   one an older version left readable by everyone.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posting } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { insertPosting } from '../support/browse-fixtures';
import { startServer } from '../support/server';
import { createMember, createUser, originHeader } from '../support/users';
import { onCampusPosting, sendPosting } from './postings-support';

describe('the log of a production run', () => {
  const lines: string[] = [];
  let t: TestApp;

  beforeAll(async () => {
    const capture = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    // Without SMTP_URL (FILE_MAILBOX=1 from the test support): the mail goes to DATA_DIR/mailbox.
    t = await createTestApp({ NODE_ENV: 'production' }, undefined, {
      backgroundJobs: false,
      logger: { level: 'info', stream: capture },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every link of every delivered e-mail, from the .eml files (the tokens the log must not hold). */
  async function mailedLinks(): Promise<URL[]> {
    await t.app.outbox.deliverDue();
    const mailbox = path.join(t.config.dataDir, 'mailbox');
    const links: URL[] = [];
    for (const file of readdirSync(mailbox)) {
      const mail = await PostalMime.parse(readFileSync(path.join(mailbox, file)));
      for (const match of (mail.text ?? '').matchAll(/https?:\/\/\S+/g)) links.push(new URL(match[0]));
    }
    return links;
  }
  const find = (links: URL[], part: string) => {
    const found = links.find((link) => link.href.includes(part));
    if (!found) throw new Error(`no link with ${part} in ${links.map(String).join('\n')}`);
    return found;
  };
  const get = (url: URL | string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: typeof url === 'string' ? url : `${url.pathname}${url.search}`,
      headers: cookie ? { cookie } : {},
    });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { ...originHeader(t), 'x-forwarded-for': '10.9.9.9' }, payload });

  it("puts better-auth's own messages in the app's log, cut short, and none on the console", async () => {
    const printed: unknown[][] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => {
      printed.push(args);
    };
    try {
      const hostile = `https://evil.example/${'x'.repeat(20_000)}`;
      const response = await post('/api/auth/sign-up/email', {
        email: `callback.${Date.now()}@bc.edu`,
        name: 'Callback Student',
        password: 'correct-horse-battery',
        callbackURL: hostile,
      });
      expect(response.statusCode).toBe(403);
    } finally {
      console.error = consoleError;
    }
    expect(printed.map((args) => String(args[0]).slice(0, 200))).toEqual([]);
    const fromAuth = lines.map((line) => JSON.parse(line)).filter((entry) => entry.source === 'better-auth');
    expect(fromAuth.length).toBeGreaterThan(0);
    expect(fromAuth.some((entry) => /callback/i.test(entry.msg))).toBe(true);
    for (const entry of fromAuth) expect(entry.msg.length).toBeLessThanOrEqual(301);
  });

  it('holds no token of a verification, reset, renewal or unsubscribe link, though every one was followed', async () => {
    // Sign-up: the verification link, followed.
    const email = `log.capture.${Date.now()}@bc.edu`;
    expect(
      (await post('/api/auth/sign-up/email', { email, name: 'Log Capture', password: 'correct-horse-battery' }))
        .statusCode,
    ).toBe(200);
    // However verification is confirmed, its link carries a token and is opened.
    const verify = find(await mailedLinks(), 'token=');
    expect((await get(verify)).statusCode).toBeLessThan(500);

    // Password reset: the e-mailed link (token in the path), its redirect (token in the query), the reset.
    expect((await post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).statusCode).toBe(
      200,
    );
    const reset = find(await mailedLinks(), '/api/auth/reset-password/');
    const redirected = await get(reset);
    expect(redirected.statusCode).toBe(302);
    const page = new URL(String(redirected.headers.location), t.config.publicUrl);
    const resetToken = page.searchParams.get('token') as string;
    expect(resetToken.length).toBeGreaterThan(10);
    await get(page);
    expect(
      (await post('/api/auth/reset-password', { newPassword: 'a-brand-new-password', token: resetToken })).statusCode,
    ).toBe(200);

    // A renewal reminder's link: the page, the API's preview, the confirmation.
    const admin = await createMember(t);
    const stale = await insertPosting(t.database.db, admin.id, { dorm: 'Walsh' });
    await t.database.db
      .update(posting)
      .set({ updatedAt: new Date(Date.now() - 60 * 24 * 60 * 60_000) })
      .where(eq(posting.id, stale));
    await t.app.freshness.run();
    const renew = find(await mailedLinks(), '/renew?token=');
    const renewalToken = renew.searchParams.get('token') as string;
    await get(renew);
    expect((await get(`/api/renewals?token=${encodeURIComponent(renewalToken)}`)).statusCode).toBe(200);
    expect((await post('/api/renewals', { token: renewalToken })).statusCode).toBe(200);

    // A saved-search alert's unsubscribe link: the page, the API's question, the one-click POST.
    const searcher = await createMember(t);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved-searches',
      headers: { ...originHeader(t), cookie: searcher.cookie },
      payload: { name: 'Walsh', alert: 'immediately', filters: { location: 'oncampus', dorm: 'Walsh' } },
    });
    expect(saved.statusCode).toBe(201);
    expect(
      (await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting({ dorm: 'Walsh' }) })).statusCode,
    ).toBe(201);
    await t.app.savedSearches.processEvents();
    const links = await mailedLinks();
    const unsubscribePage = find(links, '/alerts/unsubscribe?');
    await get(unsubscribePage);
    const unsubscribeApi = `/api/saved-searches/unsubscribe${unsubscribePage.search}`;
    expect((await get(unsubscribeApi)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: unsubscribeApi, headers: originHeader(t) })).statusCode).toBe(
      200,
    );

    const tokens = new Set<string>([resetToken, renewalToken]);
    for (const link of links) {
      for (const [name, value] of link.searchParams) if (name === 'token') tokens.add(value);
      const inPath = /\/reset-password\/([^/?]+)/.exec(link.pathname)?.[1];
      if (inPath) tokens.add(inPath);
    }
    expect(tokens.size).toBeGreaterThanOrEqual(5);

    // The log did record those requests, and the mail, with the secrets taken out.
    const log = lines.join('\n');
    expect(log).toContain(`${verify.pathname}?token=REDACTED`);
    expect(log).toContain('/api/auth/reset-password/REDACTED');
    expect(log).toContain('/renew?token=REDACTED');
    expect(log).toMatch(/\/api\/saved-searches\/unsubscribe\?id=[\w-]+&token=REDACTED/);
    expect(log).toContain(`mail to ${email}: Reset your Quadmates password`);
    for (const token of tokens) {
      for (const spelling of new Set([token, encodeURIComponent(token)])) {
        expect(lines.filter((line) => line.includes(spelling))).toEqual([]);
      }
    }
    expect(lines.filter((line) => /token=(?!REDACTED)/.test(line))).toEqual([]);
  }, 120_000);

  it('holds no invitation token however its address is spelled', async () => {
    const token = `inv${Date.now()}s3cr3t`;
    const spellings = [
      `//invitations/${token}`,
      `/%69nvitations/${token}`,
      `/INVITATIONS/${token}`,
      `/invitations%2F${token}`,
      `/api//invitations/by-token/${token}`,
      `/api/invitations/by%2Dtoken/${token}`,
      `/signin-wall?next=%2F%2Finvitations%2F${token}`,
    ];
    for (const url of spellings) expect((await get(url)).statusCode).toBeLessThan(500);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
    expect(lines.join('\n')).toContain('//invitations/REDACTED');
  });

  it('a member signing up unverified leaves no link on the log either', async () => {
    await createUser(t, { verified: false });
    await t.app.outbox.deliverDue();
    const mails = lines.filter((line) => line.includes('"mail"'));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.filter((line) => /https?:\/\//.test(line))).toEqual([]);
  });
});

/** Every file and folder under `root` with its permission bits. */
function modes(root: string): { entry: string; mode: number; dir: boolean }[] {
  const found: { entry: string; mode: number; dir: boolean }[] = [];
  const walk = (at: string) => {
    const stat = statSync(at);
    found.push({ entry: path.relative(root, at) || '.', mode: stat.mode & 0o777, dir: stat.isDirectory() });
    if (stat.isDirectory()) for (const name of readdirSync(at)) walk(path.join(at, name));
  };
  walk(root);
  return found;
}
const notPrivate = (root: string) =>
  modes(root)
    .filter(({ mode, dir }) => (dir ? mode !== 0o700 : (mode & 0o077) !== 0))
    .map(({ entry, mode }) => `${entry} ${mode.toString(8)}`);

describe('DATA_DIR on disk', () => {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'qm-modes-'));
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  it('is private to the server: fresh, and an old readable one fixed at start', async () => {
    // A folder the server creates itself.
    const dataDir = path.join(parent, 'data');
    const server = await startServer({ dataDir });
    try {
      // A sign-up's verification e-mail lands in the mailbox (the server runs its outbox itself).
      const email = `modes.${Date.now()}@bc.edu`;
      const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email, name: 'File Modes', password: 'correct-horse-battery' }),
      });
      expect(signUp.status).toBe(200);
      const mailbox = path.join(dataDir, 'mailbox');
      await expect
        .poll(() => readdirSync(dataDir).includes('mailbox') && readdirSync(mailbox).length, {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);

      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(modes(path.join(dataDir, 'db')).length).toBeGreaterThan(500);
      expect(notPrivate(dataDir)).toEqual([]);

      // What an older version left: everything readable (and PGlite's files writable) by everyone.
      await server.stop();
      mkdirSync(path.join(dataDir, 'uploads', 'postings', 'p'), { recursive: true });
      writeFileSync(path.join(dataDir, 'uploads', 'postings', 'p', 'a-card.webp'), 'image');
      writeFileSync(path.join(dataDir, 'auth-secret'), 'an-old-generated-secret-that-is-long-enough');
      for (const { entry, dir } of modes(dataDir)) chmodSync(path.join(dataDir, entry), dir ? 0o777 : 0o666);
      expect(notPrivate(dataDir).length).toBeGreaterThan(500);
    } finally {
      if (server.process.exitCode === null) await server.stop();
    }

    const again = await startServer({ dataDir });
    try {
      expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
      expect(notPrivate(dataDir)).toEqual([]);
      expect(statSync(path.join(dataDir, 'auth-secret')).mode & 0o777).toBe(0o600);
    } finally {
      await again.stop();
    }
    // The files the database wrote while running are private too.
    expect(notPrivate(dataDir)).toEqual([]);
  }, 240_000);
});
