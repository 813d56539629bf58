/**
 * Issue 12, item 6: every client route, signed out and signed in, at 1280 and 375 px, has no WCAG 2.2
 * A/AA axe violation. Issue 20: each is drawn by the server and taken over by the scripts without a
 * hydration error or warning, and keeps the heading the server drew. (The keyboard journeys and
 * dialogs are keyboard.test.ts; this sweep has its own file so that the two run side by side.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser } from '../support/browser';
import { type ModeratedWorld, startModeratedWorld } from '../support/moderated-world';
import { CLIENT_ROUTES, routeUrl } from '../support/routes';
import { browserCookies, pageAt } from '../support/seeded-server';

let world: ModeratedWorld<'pinger'>;
let seeded: ModeratedWorld<'pinger'>['seeded'];
let browser: Browser;
let offcampusId = '';

beforeAll(async () => {
  [world, browser] = await Promise.all([
    startModeratedWorld({ pinger: 'Pat Pinger' }, { reporter: 'pinger' }),
    launchBrowser(),
  ]);
  seeded = world.seeded;
  offcampusId = world.ids.offcampus;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

/** Anything said in the console while the scripts take the page over (a mismatch is an error). */
function watchConsole(page: Page): string[] {
  const said: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') said.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => said.push(`pageerror: ${error.message}`));
  return said;
}

/**
 * The first heading the server drew (the page with its scripts off), or null where it drew none or
 * drew 'Loading...' for data it does not have (its heading may then change).
 */
async function headingDrawnByServer(address: string, who: 'admin' | null): Promise<string | null> {
  const still = await browser.newContext({ javaScriptEnabled: false });
  try {
    if (who) await still.addCookies(browserCookies(seeded.server, seeded.members[who].cookie));
    const page = await still.newPage();
    await page.goto(address);
    const complete =
      (await page.locator('#root[data-drawn] h1').count()) > 0 &&
      (await page.locator('#root').getByText('Loading...').count()) === 0;
    return complete ? await page.locator('h1').first().textContent() : null;
  } finally {
    await still.close();
  }
}

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
      const address = `${seeded.server.url}${routeUrl(route, offcampusId)}`;
      const drawnHeading = await headingDrawnByServer(address, who);
      const page = await context.newPage();
      const said = watchConsole(page);
      try {
        await page.goto(address);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(said.filter((line) => /hydrat|did not match|server rendered/i.test(line))).toEqual([]);
        expect(said.filter((line) => line.startsWith('pageerror'))).toEqual([]);
        if (drawnHeading !== null) expect(await page.locator('h1').first().textContent()).toBe(drawnHeading);
        await expectAccessible(page);
      } finally {
        await page.close();
      }
    });
  });
});
