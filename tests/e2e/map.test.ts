/**
 * Issue 33, the map view: the Off-Campus results on a MapLibre map drawn from the server's PMTiles
 * fixture (tests/fixtures/map), markers reachable by keyboard and in step with the list, axe at
 * 1280 and 375 px, the list alone with a sentence when the browser has no WebGL, and the map's
 * code absent from /postings' first load.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { posting, postingWalk } from '../../src/server/db/schema';
import { insertPosting } from '../support/browse-fixtures';
import { postingCards as cards, expectAccessible, expectNoSidewaysScroll, shot } from '../support/browser';
import { collegeConfigWith } from '../support/college-config';
import { pageAt, type SeededServer, startSeededServer } from '../support/seeded-server';

const root = path.resolve(import.meta.dirname, '../..');
const fixture = path.join(root, 'tests/fixtures/map/chestnut-hill.pmtiles');
const defaultCollege = JSON.parse(readFileSync(path.join(root, 'config/college.json'), 'utf8')) as {
  map: Record<string, unknown>;
};

let seeded: SeededServer<'admin' | 'student'>;
let browser: Browser;
const ids = { exact: '', approximate: '', unpinned: '' };
const OFF_CAMPUS = '/postings?location=offcampus';

/** Chromium with WebGL drawn in software (SwiftShader), whichever Chromium the tests found. */
async function launchWithWebGl(): Promise<Browser> {
  const launch = inject('chromium');
  const args = [...new Set([...launch.args, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'])];
  return chromium.launch({ executablePath: launch.executablePath, args });
}

beforeAll(async () => {
  const college = collegeConfigWith({ map: { ...defaultCollege.map, tiles: fixture } });
  [seeded, browser] = await Promise.all([
    startSeededServer(
      { admin: 'Ada Admin', student: 'Sam Student' },
      async (db, members) => {
        let minute = 0;
        const at = () => new Date(Date.UTC(2026, 5, 1, 12, minute++));
        const admin = members.admin.id;
        // Listed oldest first: the list (newest first) shows exact, approximate, unpinned.
        ids.unpinned = await insertPosting(db, admin, {
          listingLocation: 'offcampus',
          address: '3 Lake Street',
          createdAt: at(),
        });
        ids.approximate = await insertPosting(db, admin, {
          listingLocation: 'offcampus',
          address: '40 Kirkwood Road',
          monthlyRent: 1250,
          rentType: 'per_person',
          createdAt: at(),
        });
        ids.exact = await insertPosting(db, admin, {
          listingLocation: 'offcampus',
          address: '12 Foster Street',
          monthlyRent: 1100,
          rentType: 'per_person',
          createdAt: at(),
        });
        const pins = [
          { id: ids.exact, at: [-71.1655, 42.3382], area: [-71.1648, 42.3378], exact: true, minutes: 10 },
          { id: ids.approximate, at: [-71.1721, 42.3342], area: [-71.1712, 42.3349], exact: false, minutes: 5 },
        ] as const;
        for (const pin of pins) {
          await db
            .update(posting)
            .set({
              pinLongitude: pin.at[0],
              pinLatitude: pin.at[1],
              pinAreaLongitude: pin.area[0],
              pinAreaLatitude: pin.area[1],
              pinExact: pin.exact,
            })
            .where(eq(posting.id, pin.id));
          await db.insert(postingWalk).values({ postingId: pin.id, placeKey: 'main', minutes: pin.minutes });
        }
      },
      { env: { COLLEGE_CONFIG: college } },
    ),
    launchWithWebGl(),
  ]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await seeded?.stop();
});

const studentPage = (width: number, height = 900) =>
  pageAt(browser, seeded.server, width, { cookie: seeded.members.student.cookie, height });

/** The map's chunk as the build's manifest names it: the code that must not load before the map opens. */
function mapChunk(): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'dist/client/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = manifest['features/map/map-engine.ts'];
  if (!chunk) throw new Error('The build has no chunk for features/map/map-engine.ts.');
  return `/${chunk.file}`;
}

/** Every path of this site the page asked for (scripts, stylesheets, tiles). */
function requestsOf(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

const markers = (page: Page) => page.locator('button[data-posting-id]');
const focusedMarkerId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.postingId ?? null);

describe('the map of Off-Campus results', () => {
  it('is not loaded with /postings; opens on request with markers in list order, reached by keyboard, in step with the cards', async () => {
    const { context, page } = await studentPage(1280);
    const requests = requestsOf(page);
    const tileAnswers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/map/tiles.pmtiles') tileAnswers.push(response.status());
    });
    await page.goto(`${seeded.server.url}${OFF_CAMPUS}`);
    await expect.poll(() => cards(page).count()).toBe(3);
    const chunk = mapChunk();
    expect(requests).not.toContain(chunk);
    expect(requests.some((p) => p.includes('maplibre'))).toBe(false);
    expect(requests).not.toContain('/map/tiles.pmtiles');

    await page.getByRole('button', { name: 'Show map' }).click();
    await expect.poll(() => requests.includes(chunk)).toBe(true);
    // The tiles are read from the archive by byte ranges.
    await expect.poll(() => tileAnswers.includes(206)).toBe(true);
    await expect.poll(() => markers(page).count()).toBe(2);
    await expect.poll(() => page.getByText('© OpenStreetMap contributors').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('1 posting has no place on the map yet.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Hide map' }).getAttribute('aria-expanded')).toBe('true');

    // Markers say what a card says, in the list's order; the approximate one says so.
    const labels = await markers(page).evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
    await shot(page, 'map-open');
    expect(labels).toEqual([
      '12 Foster Street: $1,100 / month (Per Person) · 4-man Housing, looking for 2 more · ≈ 10 min walk to Main Campus',
      '40 Kirkwood Road: $1,250 / month (Per Person) · 4-man Housing, looking for 2 more · ≈ 5 min walk to Main Campus · approximate area',
    ]);
    await expectAccessible(page);

    // By keyboard: from the last map control, Tab reaches the markers (past the map's canvas).
    await page.getByRole('button', { name: 'Pan south' }).focus();
    for (let i = 0; i < 3 && (await focusedMarkerId(page)) === null; i++) await page.keyboard.press('Tab');
    expect(await focusedMarkerId(page)).toBe(ids.exact);
    // Its card is marked as the one in view.
    await expect.poll(() => page.locator(`#card-item-${ids.exact}`).getAttribute('aria-current')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focusedMarkerId(page)).toBe(ids.approximate);
    await expect.poll(() => page.locator(`#card-item-${ids.approximate}`).getAttribute('aria-current')).toBe('true');
    expect(await page.locator(`#card-item-${ids.exact}`).getAttribute('aria-current')).toBeNull();
    // Enter on a marker takes the keyboard to its card.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.id ?? null))
      .toBe(`card-item-${ids.approximate}`);

    // A card focused: its marker is the one marked on the map.
    await page.locator(`#card-item-${ids.exact} a`).first().focus();
    await expect.poll(() => markers(page).nth(0).getAttribute('aria-current')).toBe('true');
    expect(await markers(page).nth(1).getAttribute('aria-current')).toBeNull();

    // Zoom and pan without dragging.
    for (const name of ['Zoom in', 'Zoom out', 'Pan north', 'Pan west', 'Pan east', 'Pan south']) {
      await page.getByRole('button', { name }).click();
    }
    await expect.poll(() => markers(page).count()).toBe(2);
    await context.close();
  });

  it('passes axe on a phone-sized screen with the map open', async () => {
    const { context, page } = await studentPage(375, 812);
    await page.goto(`${seeded.server.url}${OFF_CAMPUS}`);
    await expect.poll(() => cards(page).count()).toBe(3);
    await page.getByRole('button', { name: 'Show map' }).click();
    await expect.poll(() => markers(page).count()).toBe(2);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await shot(page, 'map-open');
    await context.close();
  });

  it('leaves the list alone, saying why, in a browser without WebGL (and loads none of its code)', async () => {
    const { context, page } = await studentPage(1280);
    // As a browser with WebGL turned off answers: no WebGL context of any kind.
    await context.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
        if (kind.includes('webgl')) return null;
        return (getContext as (...args: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
      } as typeof getContext;
    });
    const requests = requestsOf(page);
    await page.goto(`${seeded.server.url}${OFF_CAMPUS}`);
    await expect.poll(() => cards(page).count()).toBe(3);
    await page.getByRole('button', { name: 'Show map' }).click();
    await expect
      .poll(() =>
        page
          .getByText(
            'The map needs WebGL, which this browser has turned off or does not offer. The postings are in the list.',
          )
          .isVisible(),
      )
      .toBe(true);
    expect(await cards(page).count()).toBe(3);
    expect(await markers(page).count()).toBe(0);
    expect(requests).not.toContain(mapChunk());
    await expectAccessible(page);
    await context.close();
  });

  it('is not offered on the On-Campus tab, and the detail view loads none of its code', async () => {
    const { context, page } = await studentPage(1280);
    const requests = requestsOf(page);
    await page.goto(`${seeded.server.url}/postings`);
    await expect.poll(() => page.getByRole('status').first().textContent()).not.toBe('Loading…');
    expect(await page.getByRole('button', { name: 'Show map' }).count()).toBe(0);
    await page.goto(`${seeded.server.url}/detailView?id=${ids.exact}`);
    await expect.poll(() => page.getByText('12 Foster Street').first().isVisible()).toBe(true);
    expect(requests).not.toContain(mapChunk());
    expect(requests.some((p) => p.includes('maplibre') || p === '/map/tiles.pmtiles')).toBe(false);
    await context.close();
  });
});
