/**
 * Issue 20, item 4: the first-load JavaScript budget counted the way a browser fetches it. Chromium
 * loads each page; every script it asked for before the page was the app's (hydrated: the app's
 * `app-ready` mark) is counted at its brotli size (the file the server sends a browser that accepts
 * brotli), beside the build manifest's count (scripts/lib/first-load.mjs). Both must be within the
 * page's budget. (Not "before the load event": the app's scripts are asked for once the page has
 * painted, which may be after it; decision 0030.)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS, checkFirstLoad, KB } from '../../scripts/lib/first-load.mjs';
import { APP_READY_MARK } from '../../src/shared/app-ready';
import { insertPosting } from '../support/browse-fixtures';
import { expectAccessible, launchBrowser } from '../support/browser';
import { pageAt, type SeededServer, startSeededServer } from '../support/seeded-server';

const clientDir = path.resolve(import.meta.dirname, '../../dist/client');

let seeded: SeededServer<'student'>;
let browser: Browser;
let postingId = '';

beforeAll(async () => {
  [seeded, browser] = await Promise.all([
    startSeededServer({ student: 'Sam Student' }, async (db, members) => {
      postingId = await insertPosting(db, members.student.id, { adminName: members.student.name });
    }),
    launchBrowser(),
  ]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await seeded?.stop();
});

/** The scripts of this site the page asked for before it was the app's, as paths (/assets/...). */
async function scriptsBeforeReady(address: string, cookie?: string): Promise<string[]> {
  const { context, page } = await pageAt(browser, seeded.server, 412, { cookie, height: 823 });
  await page.goto(`${seeded.server.url}${address}`);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_READY_MARK);
  const scripts = await page.evaluate((mark) => {
    const readyAt = performance.getEntriesByName(mark)[0]?.startTime ?? 0;
    return (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime <= readyAt && new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname);
  }, APP_READY_MARK);
  await expectAccessible(page);
  await context.close();
  return [...new Set(scripts)];
}

function brotliBytes(assetPath: string): number {
  const file = path.join(clientDir, `${assetPath}.br`);
  if (!existsSync(file)) throw new Error(`${assetPath} has no .br beside it`);
  return readFileSync(file).length;
}

const PAGES = [
  { address: () => '/signin-wall', signedIn: false, module: 'features/auth/SignInPage.tsx' },
  { address: () => '/', signedIn: true, module: 'pages/landing/LandingPage.tsx' },
  { address: () => '/postings', signedIn: true, module: 'pages/browse/PostingsPage.tsx' },
  { address: () => `/detailView?id=${postingId}`, signedIn: true, module: 'pages/detail/DetailPage.tsx' },
  { address: () => '/myProfile', signedIn: true, module: 'pages/profile/ProfilePage.tsx' },
];

describe('first-load JavaScript, counted in Chromium and from the build manifest', () => {
  it.each(PAGES)('$module stays within its budget both ways', async ({ address, signedIn, module }) => {
    const scripts = await scriptsBeforeReady(address(), signedIn ? seeded.members.student.cookie : undefined);
    expect(scripts.length).toBeGreaterThan(0);
    const fetched = scripts.reduce((sum, script) => sum + brotliBytes(script), 0);
    const fromManifest = checkFirstLoad(clientDir).pages.find((page) => page.page === module);
    const budget = BUDGETS.pages[module] ?? BUDGETS.default;
    const report = `${module}: ${(fetched / KB).toFixed(1)} KB asked for before the page was the app's (${scripts.join(', ')}), ${((fromManifest?.bytes ?? 0) / KB).toFixed(1)} KB by the manifest, budget ${budget / KB} KB`;
    process.stdout.write(`${report}\n`);
    expect(fetched, report).toBeLessThanOrEqual(budget);
    expect(fromManifest?.bytes, report).toBeLessThanOrEqual(budget);
  });
});
