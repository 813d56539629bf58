/**
 * Issue 20: pages drawn on the server. The main pages arrive drawn with their data; with JavaScript
 * off they show their content and their links work; a signed-out visitor to a guarded page gets the
 * sign-in page from the server. (Every route's hydration, signed in and out, is checked in
 * every-route-axe.test.ts.)
 */
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posting } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { MOBILE_WARNING_MAX_WIDTH } from '../../src/shared/options';
import type { PageModules } from '../../src/shared/page-modules';
import { WARNING_SEEN, WARNING_SEEN_COOKIE } from '../../src/shared/page-warnings';
import { insertPosting } from '../support/browse-fixtures';
import { launchBrowser } from '../support/browser';
import { browserCookies, type SeededServer, startSeededServer } from '../support/seeded-server';

let seeded: SeededServer<'admin'>;
let browser: Browser;
let postingId = '';
/** A posting made at 02:30 UTC on November 20: still November 19 in New York. */
let lateEveningId = '';
const LATE_EVENING = new Date('2026-11-20T02:30:00.000Z');

beforeAll(async () => {
  [seeded, browser] = await Promise.all([
    startSeededServer({ admin: 'Ada Admin' }, async (db, members) => {
      postingId = await insertPosting(db, members.admin.id, { adminName: members.admin.name, dorm: 'Walsh' });
      await db
        .update(posting)
        .set({ description: 'Quiet juniors who cook together on Sundays.' })
        .where(eq(posting.id, postingId));
      // Off campus: the on-campus search above counts one posting.
      lateEveningId = await insertPosting(db, members.admin.id, {
        adminName: members.admin.name,
        listingLocation: 'offcampus',
        dorm: null,
        address: '12 Foster Street',
        monthlyRent: 1200,
        rentType: 'per_person',
        rentStart: '2027-06-01',
        rentEnd: '2028-05-31',
      });
      await db
        .update(posting)
        .set({ createdAt: LATE_EVENING, updatedAt: LATE_EVENING })
        .where(eq(posting.id, lateEveningId));
    }),
    launchBrowser(),
  ]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await seeded?.stop();
});

/** The page's HTML as the server sent it, before any script ran. */
async function sentHtml(path: string, cookie?: string): Promise<{ status: number; html: string; location: string }> {
  const response = await fetch(`${seeded.server.url}${path}`, {
    headers: cookie ? { cookie } : {},
    redirect: 'manual',
  });
  return { status: response.status, html: await response.text(), location: response.headers.get('location') ?? '' };
}

describe('what the server draws', () => {
  it('draws the main pages for a signed-in student, their data included', async () => {
    const cookie = seeded.members.admin.cookie;
    for (const path of ['/', '/postings', `/detailView?id=${postingId}`, '/myProfile']) {
      const sent = await sentHtml(path, cookie);
      expect(sent.status, path).toBe(200);
      expect(sent.html, path).toMatch(/<div id="root" data-drawn data-drawn-at="\d+">/);
      expect(sent.html, path).not.toContain('role="status">Loading...</p></div>');
    }
    expect((await sentHtml('/postings?location=oncampus', cookie)).html).toContain('>1 posting<');
    expect((await sentHtml(`/detailView?id=${postingId}`, cookie)).html).toContain(
      'Quiet juniors who cook together on Sundays.',
    );
    expect((await sentHtml('/myProfile', cookie)).html).toContain('Ada Admin');
  });

  it('sends a signed-out visitor of a guarded page to the sign-in page, which it draws', async () => {
    for (const path of ['/', '/postings', `/detailView?id=${postingId}`, '/myProfile', '/create-posting']) {
      const sent = await sentHtml(path);
      expect(sent.status, path).toBe(302);
      expect(sent.location, path).toBe('/signin-wall');
    }
    const signIn = await sentHtml('/signin-wall');
    expect(signIn.status).toBe(200);
    expect(signIn.html).toContain('data-drawn');
    expect(signIn.html).toContain('Sign in with your Boston College email to continue');
  });

  it('keeps a page with a student’s data private to their browser', async () => {
    const response = await fetch(`${seeded.server.url}/myProfile`, {
      headers: { cookie: seeded.members.admin.cookie },
    });
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toMatch(/cookie/i);
  });
});

// axe runs as a script in the page, which these pages do not allow: every-route-axe.test.ts
// checks the same routes as drawn here, and compares their first heading with this drawing.
describe('with JavaScript off', () => {
  it('shows the sign-in page and the main pages, and their links work', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${seeded.server.url}/signin-wall`);
    await page.getByRole('heading', { level: 1, name: 'Sign in with your Boston College email to continue' }).waitFor();

    await context.addCookies(browserCookies(seeded.server, seeded.members.admin.cookie));
    await page.goto(`${seeded.server.url}/postings?location=oncampus`);
    await page.getByRole('heading', { level: 1, name: 'Search Postings' }).waitFor();
    await page.getByText('1 posting', { exact: true }).waitFor();
    // The card's link is a real link: it opens the detail view, drawn by the server.
    await page.locator(`main a[href*="${postingId}"]`).first().click();
    await page.waitForURL(new RegExp(`/detailView\\?id=${postingId}`));
    await page.getByText('Quiet juniors who cook together on Sundays.').waitFor();

    await page.goto(`${seeded.server.url}/myProfile`);
    await page.getByText('Ada Admin').first().waitFor();
    // A link in the navigation is a real link: it leads to the page, drawn by the server.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our Purpose' }).click();
    await page.waitForURL(`${seeded.server.url}/our-purpose`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await context.close();
  });
});

describe('the warnings, drawn over the page', () => {
  it('shows the narrow-screen warning under 426 px, even with JavaScript off, and closes it with its button', async () => {
    for (const [width, shown] of [
      [MOBILE_WARNING_MAX_WIDTH, true],
      [MOBILE_WARNING_MAX_WIDTH + 1, false],
    ] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${seeded.server.url}/signin-wall`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const warning = page.getByRole('dialog', { name: messages.mobileWarning.title });
      expect(await warning.isVisible(), `at ${width} px`).toBe(shown);
      if (shown) {
        await warning.getByRole('button', { name: messages.mobileWarning.button }).click();
        await warning.waitFor({ state: 'hidden' });
      }
      await context.close();
    }
  });

  it('draws a warning only for the visitor it concerns, and names its code only then', async () => {
    const instagram = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Instagram 300.0.0.0';
    const firstVisit = await sentHtml('/signin-wall');
    expect(firstVisit.html).toContain(`data-warning="mobile"`);
    expect(firstVisit.html).not.toContain(`data-warning="inAppBrowser"`);
    expect(firstVisit.html).toMatch(/<script type="module" crossorigin src="\/assets\/warnings-[\w-]+\.js">/);
    const inApp = await fetch(`${seeded.server.url}/signin-wall`, { headers: { 'user-agent': instagram } });
    const inAppHtml = await inApp.text();
    expect(inAppHtml).toContain(`data-warning="inAppBrowser"`);
    expect(inAppHtml).toContain(messages.inAppBrowser.title('Instagram'));
    expect(inApp.headers.get('vary')).toMatch(/user-agent/i);
    // Both answered: neither is drawn, and the page does not fetch their code.
    const answered = `${WARNING_SEEN_COOKIE.mobile}=${WARNING_SEEN}; ${WARNING_SEEN_COOKIE.inAppBrowser}=${WARNING_SEEN}`;
    const later = await fetch(`${seeded.server.url}/signin-wall`, {
      headers: { 'user-agent': instagram, cookie: answered },
    });
    const laterHtml = await later.text();
    expect(laterHtml).not.toContain('data-warning=');
    expect(laterHtml).not.toContain('/assets/warnings-');
  });
});

describe('paint first, then the scripts', () => {
  it("asks for the app's scripts only once the drawn page has painted", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(browserCookies(seeded.server, seeded.members.admin.cookie));
    const page = await context.newPage();
    await page.goto(`${seeded.server.url}/postings`);
    await page.locator('#root[data-ready]').waitFor({ state: 'attached' });
    const { painted, firstAppScript, appScripts } = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const named = JSON.parse(document.getElementById('page-modules')?.textContent ?? '{}') as PageModules;
      const appFiles = new Set([named.app, ...named.modules]);
      const app = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((resource) =>
        appFiles.has(new URL(resource.name).pathname),
      );
      return {
        painted: paint?.startTime ?? Number.NaN,
        firstAppScript: Math.min(...app.map((resource) => resource.startTime)),
        appScripts: app.length,
      };
    });
    expect(appScripts).toBeGreaterThan(3);
    expect(firstAppScript).toBeGreaterThanOrEqual(painted);
    await context.close();
  });
});

describe("dates in the reader's time zone", () => {
  it("takes over a page whose dates fall on another day in the reader's zone, then shows the reader's day", async () => {
    // The server draws in UTC (no reader's zone is known to it); the browser takes the page over
    // reading the same, then writes the reader's day.
    const sent = await sentHtml(`/detailView?id=${lateEveningId}`, seeded.members.admin.cookie);
    expect(sent.html).toMatch(/Posted <time[^>]*>November 20, 2026<\/time>/);
    const context = await browser.newContext({
      timezoneId: 'America/New_York',
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies(browserCookies(seeded.server, seeded.members.admin.cookie));
    const page = await context.newPage();
    const said: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') said.push(message.text());
    });
    page.on('pageerror', (error) => said.push(error.message));
    await page.goto(`${seeded.server.url}/detailView?id=${lateEveningId}`);
    await page.locator('#root[data-ready]').waitFor({ state: 'attached' });
    await page.locator('time', { hasText: 'November 19, 2026' }).first().waitFor();
    expect(said).toEqual([]);
    await context.close();
  });
});
