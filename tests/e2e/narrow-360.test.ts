/**
 * Every route at 360 px, signed out and signed in: nothing wider than the screen (no sideways
 * scroll), and every page passes axe. The mobile warning of docs/product-spec.md still shows under 426 px.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { insertPosting } from '../support/browse-fixtures';
import { expectAccessible, launchBrowser } from '../support/browser';
import { CLIENT_ROUTES, routeUrl } from '../support/routes';
import { horizontalOverflow, pageAt, type SeededServer, startSeededServer } from '../support/seeded-server';

let seeded: SeededServer;
let browser: Browser;
let postingId = '';

beforeAll(async () => {
  [seeded, browser] = await Promise.all([
    startSeededServer({ main: 'Maximiliana Longname-Fitzgerald' }, async (db, members) => {
      const admin = members.main;
      if (!admin) return;
      postingId = await insertPosting(db, admin.id, { adminName: admin.name });
      await insertPosting(db, admin.id, {
        listingLocation: 'offcampus',
        address: '1234 Commonwealth Avenue, Apartment 56, Brighton, Massachusetts 02135',
        monthlyRent: 3600,
        rentType: 'total',
        rentPerPerson: 900,
        rentStart: '2027-06-01',
        rentEnd: '2028-05-31',
        adminName: admin.name,
      });
    }),
    launchBrowser(),
  ]);
  // Seeding (password hashing, a fresh database) and starting the server are slow on a busy machine.
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await seeded?.stop();
});

/** Nothing is cut off: no element (outside a scroller or clipped text) reaches past the right edge. */
function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth + 1;
    return [...document.querySelectorAll('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) return false;
        const style = getComputedStyle(el);
        if (style.visibility === 'hidden' || style.position === 'fixed') return false;
        if (el.closest('.visually-hidden, [aria-hidden="true"]')) return false;
        let parent = el.parentElement;
        while (parent) {
          if (getComputedStyle(parent).overflowX !== 'visible') return false;
          parent = parent.parentElement;
        }
        return box.right > limit;
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} right=${Math.round(el.getBoundingClientRect().right)}`);
  });
}

async function expectFits(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await horizontalOverflow(page);
  expect(scrollWidth, `horizontal scroll on ${what}`).toBeLessThanOrEqual(clientWidth);
  expect(await cutOff(page), `cut off on ${what}`).toEqual([]);
}

describe.each([
  ['signed out', false],
  ['signed in', true],
] as const)('every page at 360 px, %s', (_label, signedIn) => {
  it('shows the mobile warning, which fits too', async () => {
    const { context, page } = await pageAt(browser, seeded.server, 360, {
      cookie: signedIn ? seeded.members.main?.cookie : undefined,
      mobileWarningSeen: false,
    });
    await page.goto(`${seeded.server.url}/about`);
    const warning = page.getByRole('dialog', { name: messages.mobileWarning.title });
    await warning.waitFor();
    const { scrollWidth, clientWidth } = await horizontalOverflow(page);
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const box = await warning.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await expectAccessible(page);
    await warning.getByRole('button', { name: messages.mobileWarning.button }).click();
    await warning.waitFor({ state: 'hidden' });
    await context.close();
  });

  it.each(CLIENT_ROUTES)('%s fits and passes axe', async (route) => {
    const { context, page } = await pageAt(browser, seeded.server, 360, {
      cookie: signedIn ? seeded.members.main?.cookie : undefined,
    });
    await page.goto(`${seeded.server.url}${routeUrl(route, postingId)}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectFits(page, `${route} (${page.url()})`);
    await expectAccessible(page);
    await context.close();
  });
});
