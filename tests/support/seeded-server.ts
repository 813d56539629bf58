/**
 * A server started on a data folder seeded beforehand (members with passwords, postings), browser
 * pages signed in as one of those members, and the whole set-up of a browser test with e-mail
 * (startBrowserSuite: the seeded server, a local SMTP server and Chromium).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/db/client';
import { WARNING_SEEN, WARNING_SEEN_COOKIE } from '../../src/shared/page-warnings';
import { repoRoot, type TestApp } from './app';
import { launchBrowser, openPage } from './browser';
import { type RunningServer, startServer } from './server';
import { startSmtpServer, type TestSmtpServer } from './smtp';
import { createUser } from './users';

export const SEED_PASSWORD = 'correct-horse-battery';

export interface SeededMember {
  id: string;
  name: string;
  email: string;
  /** A session made while seeding (the Cookie header), so tests need not sign in through the rate limit. */
  cookie: string;
}

export interface SeededServer<K extends string = string> {
  server: RunningServer;
  members: Record<K, SeededMember>;
  /** Signs in through the API and returns the session cookie header. */
  cookieOf(email: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * One member to seed: a name (the e-mail is made from it), or the name with a fixed e-mail (e.g. a
 * moderator named in a college config written before seeding) and the state the e-mail flows would
 * leave the account in (verified and terms accepted unless said otherwise).
 */
export type MemberSpec = string | { name: string; email?: string; verified?: boolean; acceptedTerms?: boolean };

/** A data folder seeded and closed again, ready for a server (or a copy of it for a second one). */
export interface SeededData<K extends string = string> {
  dataDir: string;
  members: Record<K, SeededMember>;
}

/** Writes what a test needs besides the members: postings, and files under the data folder. */
export type SeedExtra<K extends string> = (
  db: Database,
  members: Record<K, SeededMember>,
  dataDir: string,
) => Promise<void>;

// The server signs cookies with the same secret, so the sessions made while seeding hold.
export const SEED_SECRET = 'seed-secret-that-is-long-enough-for-signing-0123456789';

/**
 * Seeds the named members (password SEED_PASSWORD) and whatever `extra` writes into a new data
 * folder. `collegeConfig` is the COLLEGE_CONFIG the server will run with, when not the default.
 */
export async function seedData<K extends string>(
  people: Record<K, MemberSpec>,
  extra?: SeedExtra<K>,
  { collegeConfig }: { collegeConfig?: string } = {},
): Promise<SeededData<K>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qm-seeded-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_SECRET: SEED_SECRET,
      PUBLIC_URL: 'http://localhost:3000',
      ...(collegeConfig ? { COLLEGE_CONFIG: collegeConfig } : {}),
    },
    repoRoot,
  );
  // A copy of the migrated template (tests/support/database-setup.ts): PGlite's initdb and the
  // migrations take seconds, a copy a fraction of one.
  cpSync(inject('pgliteTemplateDir'), path.join(dataDir, 'db'), { recursive: true });
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  const app = await buildApp({ config, database, logger: false, backgroundJobs: false });
  await app.ready();
  const t = { app, config, database } as unknown as TestApp;
  const members = {} as Record<K, SeededMember>;
  const stamp = Date.now();
  for (const [key, spec] of Object.entries(people) as [K, MemberSpec][]) {
    const { name, email: fixed, verified, acceptedTerms } = typeof spec === 'string' ? { name: spec } : spec;
    const email =
      fixed ?? `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${stamp}@${config.college.college.emailDomain}`;
    const member = await createUser(t, { email, name, password: SEED_PASSWORD, verified, acceptedTerms });
    members[key] = { id: member.id, name, email, cookie: member.cookie };
  }
  await extra?.(database.db, members, dataDir);
  await app.close();
  await database.close();
  return { dataDir, members };
}

/**
 * Starts the built app on a seeded folder, with `env` added to the server's environment (SMTP_URL,
 * COLLEGE_CONFIG...); stopping it removes the folder.
 */
export async function serveSeeded<K extends string>(
  { dataDir, members }: SeededData<K>,
  { env = {}, port }: { env?: Record<string, string>; port?: number } = {},
): Promise<SeededServer<K>> {
  // Each sign-in below comes from its own (forwarded) address, as students' browsers would, so the
  // per-address sign-in limit never stops a test that signs many people in.
  const server = await startServer({
    dataDir,
    port,
    env: { AUTH_SECRET: SEED_SECRET, TRUST_PROXY: 'loopback', ...env },
  });
  let signIns = 0;
  return {
    server,
    members,
    async cookieOf(email, password = SEED_PASSWORD) {
      const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          'x-forwarded-for': `10.250.${(++signIns >> 8) & 255}.${signIns & 255}`,
        },
        body: JSON.stringify({ email, password }),
      });
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
      return response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** seedData, then serveSeeded: a server on a folder seeded beforehand. */
export async function startSeededServer<K extends string>(
  people: Record<K, MemberSpec>,
  extra?: SeedExtra<K>,
  { env = {} }: { env?: Record<string, string> } = {},
): Promise<SeededServer<K>> {
  return serveSeeded(await seedData(people, extra, { collegeConfig: env.COLLEGE_CONFIG }), { env });
}

/**
 * A page at the given width, signed in with `cookie` when given. `mobileWarningSeen` skips the
 * narrow-screen warning (tests of that warning, and those that answer it with `visit`, pass false).
 */
export async function pageAt(
  browser: Browser,
  server: RunningServer,
  width: number,
  {
    cookie,
    mobileWarningSeen = true,
    height = 900,
    bypassCSP,
  }: { cookie?: string; mobileWarningSeen?: boolean; height?: number; bypassCSP?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await openPage(browser, { viewport: { width, height }, bypassCSP });
  if (mobileWarningSeen) await context.addCookies(browserCookies(server, mobileWarningSeenCookie));
  if (cookie) await context.addCookies(browserCookies(server, cookie));
  return { context, page };
}

/** The cookie a visitor's answer to the narrow-screen warning leaves (src/client/shell/page-warnings.ts). */
export const mobileWarningSeenCookie = `${WARNING_SEEN_COOKIE.mobile}=${WARNING_SEEN}`;

/** A Cookie header (as seeding and sign-in give it) as the cookies of a browser context for `server`. */
export function browserCookies(server: RunningServer, cookie: string) {
  const { hostname } = new URL(server.url);
  return cookie.split('; ').map((pair) => {
    const [name, ...value] = pair.split('=');
    return { name: name as string, value: value.join('='), domain: hostname, path: '/' };
  });
}

/** The page scrolls sideways: its content is wider than the viewport. */
export function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; clientWidth: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement as HTMLElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
}

/** What a browser test of mail-sending journeys runs against: a seeded server, a browser, a mailbox. */
export interface BrowserSuite<K extends string> {
  seeded: SeededServer<K>;
  server: RunningServer;
  members: Record<K, SeededMember>;
  browser: Browser;
  /** The local SMTP server the app sends every e-mail to. */
  smtp: TestSmtpServer;
  stop(): Promise<void>;
}

/**
 * Starts a local SMTP server, then seeds and starts the app sending its mail there (with `env`
 * added) while Chromium launches.
 */
export async function startBrowserSuite<K extends string>(
  people: Record<K, MemberSpec>,
  extra?: SeedExtra<K>,
  { env = {} }: { env?: Record<string, string> } = {},
): Promise<BrowserSuite<K>> {
  const smtp = await startSmtpServer();
  const [started, launched] = await Promise.allSettled([
    startSeededServer(people, extra, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Quadmates <no-reply@localhost>', ...env },
    }),
    launchBrowser(),
  ]);
  if (started.status === 'rejected' || launched.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close();
    if (started.status === 'fulfilled') await started.value.stop();
    await smtp.stop();
    throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
  }
  const seeded = started.value;
  const browser = launched.value;
  return {
    seeded,
    server: seeded.server,
    members: seeded.members,
    browser,
    smtp,
    async stop() {
      await browser.close();
      await seeded.stop();
      await smtp.stop();
    },
  };
}
