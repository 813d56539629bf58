/**
 * Issue 12, item 6: every client route, signed out and signed in, at 1280 and 375 px, has no WCAG 2.2
 * A/AA axe violation. (The keyboard journeys and dialogs are keyboard.test.ts; this sweep has its
 * own file so that the two run side by side.)
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { insertPosting } from '../support/browse-fixtures';
import { expectAccessible, launchBrowser } from '../support/browser';
import { collegeConfigWith } from '../support/college-config';
import { CLIENT_ROUTES, routeUrl } from '../support/routes';
import { pageAt, type SeededServer, startSeededServer } from '../support/seeded-server';

let seeded: SeededServer<'admin' | 'pinger'>;
let browser: Browser;
let collegeConfig = '';
let offcampusId = '';

beforeAll(async () => {
  // The admin also moderates, so /moderation shows its queue when signed in.
  const adminEmail = `ada.admin.${Date.now()}@bc.edu`;
  collegeConfig = collegeConfigWith({ moderators: [adminEmail] });
  [seeded, browser] = await Promise.all([
    startSeededServer(
      { admin: { name: 'Ada Admin', email: adminEmail }, pinger: 'Pat Pinger' },
      async (db, members) => {
        await insertPosting(db, members.admin.id, { adminName: members.admin.name });
        offcampusId = await insertPosting(db, members.admin.id, {
          adminName: members.admin.name,
          listingLocation: 'offcampus',
          address: '12 Foster Street, Brighton, MA',
          monthlyRent: 3200,
          rentType: 'total',
          rentPerPerson: 800,
          rentStart: '2027-06-01',
          rentEnd: '2028-05-31',
        });
      },
      { env: { COLLEGE_CONFIG: collegeConfig } },
    ),
    launchBrowser(),
  ]);
  // A report puts the off-campus posting in the moderators' queue.
  const reported = await fetch(`${seeded.server.url}/api/postings/${offcampusId}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: seeded.server.url, cookie: seeded.members.pinger.cookie },
    body: JSON.stringify({ reason: 'wrong-info' }),
  });
  if (!reported.ok) throw new Error(`report: ${reported.status} ${await reported.text()}`);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await seeded?.stop();
  if (collegeConfig) rmSync(path.dirname(collegeConfig), { recursive: true, force: true });
});

// The four sweeps run side by side, each route in its own page of the sweep's context.
describe.concurrent.each([
  ['signed out', null],
  ['signed in', 'admin'],
] as const)('every route passes axe (WCAG 2.2 A and AA), %s', (_label, who) => {
  describe.each([1280, 375])('at %i px', (width) => {
    let context: BrowserContext;
    beforeAll(async () => {
      ({ context } = await pageAt(browser, seeded.server, width, {
        cookie: who ? seeded.members[who].cookie : undefined,
      }));
    });
    afterAll(async () => {
      await context?.close();
    });

    it.each(CLIENT_ROUTES)('%s', async (route) => {
      const page = await context.newPage();
      try {
        await page.goto(`${seeded.server.url}${routeUrl(route, offcampusId)}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await expectAccessible(page);
      } finally {
        await page.close();
      }
    });
  });
});
