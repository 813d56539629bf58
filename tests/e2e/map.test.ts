/**
 * Issue 33, the map view: the Off-Campus results on a MapLibre map drawn from the server's PMTiles
 * fixture (tests/fixtures/map), markers reachable by keyboard and in step with the list, axe at
 * 1280 and 375 px, the list alone with a sentence when the browser has no WebGL, and the map's
 * code absent from /postings' first load. And the posting editor's map: the pin placed by a click
 * on it, the map's code fetched only once it is opened.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
/** A self-hosted geocoder as the server sees it: Nominatim's /search, one place inside the bounds. */
let geocoder: Server;
const FOUND = { lat: '42.3361', lon: '-71.1688', display_name: '9 Kirkwood Road, Brighton, Boston, MA 02135' };
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
  geocoder = createServer((request, response) => {
    const found = new URL(request.url ?? '/', 'http://geocoder.test').pathname === '/search' ? [FOUND] : [];
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
  const college = collegeConfigWith({
    map: {
      ...defaultCollege.map,
      tiles: fixture,
      geocoder: { kind: 'nominatim', url: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}` },
    },
  });
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
  geocoder?.close();
});

const studentPage = (width: number, height = 900) =>
  pageAt(browser, seeded.server, width, { cookie: seeded.members.student.cookie, height });
const adminPage = (width: number, height = 900) =>
  pageAt(browser, seeded.server, width, { cookie: seeded.members.admin.cookie, height });

/** An off-campus posting typed into /create-posting up to its pin. */
async function fillOffCampusPosting(page: Page) {
  await page.goto(`${seeded.server.url}/create-posting`);
  await expect.poll(() => page.getByLabel('Admin name').inputValue()).toBe('Ada Admin');
  await page.getByRole('radio', { name: 'Off-Campus' }).check();
  await page.getByLabel('Address').fill('9 Kirkwood Road, Brighton, MA');
  const you = page.getByRole('group', { name: 'Group admin (you)' });
  await you.getByRole('combobox', { name: 'Academic year', exact: true }).selectOption('senior');
  await you.getByRole('combobox', { name: 'Gender', exact: true }).selectOption('female');
  await page.getByLabel('Admin phone').fill('617-555-0142');
  await page.getByLabel('Number of roommates needed').fill('1');
  await page.getByLabel('Start date').fill('2027-06-01');
  await page.getByLabel('End date').fill('2028-05-31');
}

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
    // MapLibre in software WebGL on a busy machine takes seconds to ask for its first tiles.
    await expect.poll(() => tileAnswers.includes(206), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => markers(page).count(), { timeout: 20_000 }).toBe(2);
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
    await expect.poll(() => markers(page).count(), { timeout: 20_000 }).toBe(2);
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

describe("the posting editor's map", () => {
  const pinGroup = (page: Page) => page.getByRole('group', { name: 'Pin on the map' });
  const pinField = (page: Page, name: 'Latitude' | 'Longitude') => pinGroup(page).getByLabel(name);
  const [[west, south], [east, north]] = defaultCollege.map.bounds as [[number, number], [number, number]];

  it('opens only when asked; a click on it places the pin in the fields, and the posting saves that pin', async () => {
    const { context, page } = await adminPage(1280);
    const requests = requestsOf(page);
    await fillOffCampusPosting(page);
    const open = pinGroup(page).getByRole('button', { name: 'Place on a map' });
    await open.waitFor();
    expect(requests).not.toContain(mapChunk());
    expect(requests.some((p) => p.includes('maplibre') || p === '/map/tiles.pmtiles')).toBe(false);

    await pinField(page, 'Latitude').fill('42.3395');
    await pinField(page, 'Longitude').fill('-71.1615');
    await open.click();
    expect(await pinGroup(page).getByRole('button', { name: 'Close the map' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    await expect.poll(() => requests.includes(mapChunk())).toBe(true);
    const canvas = pinGroup(page).locator('canvas');
    await canvas.waitFor();
    await expect.poll(() => pinGroup(page).getByText('© OpenStreetMap contributors').isVisible()).toBe(true);

    // The map opens on the fields' point; a click left of and above its middle is west and north of it.
    const box = await canvas.boundingBox();
    if (!box) throw new Error('The map has no box.');
    await expect
      .poll(async () => {
        await canvas.click({ position: { x: box.width * 0.25, y: box.height * 0.25 } });
        return pinField(page, 'Longitude').inputValue();
      })
      .not.toBe('-71.1615');
    const latitude = Number(await pinField(page, 'Latitude').inputValue());
    const longitude = Number(await pinField(page, 'Longitude').inputValue());
    expect(longitude).toBeLessThan(-71.1615);
    expect(latitude).toBeGreaterThan(42.3395);
    expect(longitude).toBeGreaterThanOrEqual(west);
    expect(latitude).toBeLessThanOrEqual(north);
    await pinGroup(page)
      .getByText(`Pin at latitude ${latitude}, longitude ${longitude}.`)
      .waitFor({ state: 'attached' });
    // The fields stay the keyboard's way to the same pin.
    await pinGroup(page).getByRole('button', { name: 'Move south' }).click();
    expect(Number(await pinField(page, 'Latitude').inputValue())).toBeLessThan(latitude);
    expect(Number(await pinField(page, 'Latitude').inputValue())).toBeGreaterThanOrEqual(south);
    expect(Number(await pinField(page, 'Longitude').inputValue())).toBeLessThanOrEqual(east);
    await shot(page, 'pin-picker-open');
    await expectAccessible(page);

    const placed = {
      latitude: Number(await pinField(page, 'Latitude').inputValue()),
      longitude: Number(await pinField(page, 'Longitude').inputValue()),
    };
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/postings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    // Stored as placed: what the posting's admin is answered.
    const stored = await fetch(`${seeded.server.url}/api/postings/${id}`, {
      headers: { cookie: seeded.members.admin.cookie },
    });
    const { pin } = (await stored.json()) as { pin: { latitude: number; longitude: number } | null };
    expect({ latitude: pin?.latitude, longitude: pin?.longitude }).toEqual(placed);
    await context.close();
  });

  it('is offered by the editor /postings opens in place to edit a posting, loaded only when pressed', async () => {
    const { context, page } = await adminPage(1280);
    const requests = requestsOf(page);
    await page.goto(`${seeded.server.url}${OFF_CAMPUS}`);
    await page
      .getByRole('button', { name: /^Edit posting at 12 Foster Street/ })
      .first()
      .click();
    const open = pinGroup(page).getByRole('button', { name: 'Place on a map' });
    await open.waitFor();
    expect(requests).not.toContain(mapChunk());
    await open.click();
    await pinGroup(page).locator('canvas').waitFor();
    expect(requests).toContain(mapChunk());
    await expectAccessible(page);
    await context.close();
  });

  it('passes axe on a phone-sized screen with the map open', async () => {
    const { context, page } = await adminPage(375, 812);
    await fillOffCampusPosting(page);
    await pinGroup(page).getByRole('button', { name: 'Place on a map' }).click();
    await pinGroup(page).locator('canvas').waitFor();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await shot(page, 'pin-picker-open');
    await context.close();
  });

  it('without WebGL says why in its place, and the fields still place the pin', async () => {
    const { context, page } = await adminPage(1280);
    await context.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
        if (kind.includes('webgl')) return null;
        return (getContext as (...args: unknown[]) => RenderingContext | null).call(this, kind, ...rest);
      } as typeof getContext;
    });
    await fillOffCampusPosting(page);
    await pinGroup(page).getByRole('button', { name: 'Place on a map' }).click();
    await pinGroup(page)
      .getByText(
        'The map needs WebGL, which this browser has turned off or does not offer. Place the pin with the latitude and longitude fields.',
      )
      .waitFor();
    await pinGroup(page).getByRole('button', { name: 'Move north' }).click();
    expect(await pinField(page, 'Latitude').inputValue()).not.toBe('');
    await context.close();
  });

  it("finds the typed address with the college's own geocoder; the place chosen fills the pin's fields", async () => {
    const { context, page } = await adminPage(1280);
    await fillOffCampusPosting(page);
    await pinGroup(page).getByRole('button', { name: 'Find the address on the map' }).click();
    const place = pinGroup(page).getByRole('button', { name: FOUND.display_name });
    await place.waitFor();
    await expectAccessible(page);
    await place.click();
    expect(await pinField(page, 'Latitude').inputValue()).toBe(FOUND.lat);
    expect(await pinField(page, 'Longitude').inputValue()).toBe(FOUND.lon);
    await pinGroup(page)
      .getByText(`Pin at latitude ${FOUND.lat}, longitude ${FOUND.lon}.`)
      .waitFor({ state: 'attached' });
    await context.close();
  });
});
