/**
 * Browsing in a real browser: filters in the URL, reset, the empty message, the detail view's
 * carousel by keyboard, and a bookmark that shows up on the profile.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postingImage } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { insertPosting } from '../support/browse-fixtures';
import { postingCards as cards, expectAccessible, shownIds } from '../support/browser';
import { type BrowserSuite, pageAt, type SeedExtra, startBrowserSuite } from '../support/seeded-server';
import type { RunningServer } from '../support/server';

let suite: BrowserSuite<'admin' | 'viewer'>;
let server: RunningServer;
/** Postings seeded before the server starts. */
const ids = { walshSeek2: [] as string[], walshSeek1: '', voute: '', offCampus: '', withPhotos: '' };

/** Seeds postings (one with two photos on disk) into the data folder the server will open. */
const seed: SeedExtra<'admin' | 'viewer'> = async (db, members, dataDir) => {
  const admin = members.admin;
  let minute = 0;
  const at = () => new Date(Date.UTC(2026, 5, 1, 12, minute++));
  ids.offCampus = await insertPosting(db, admin.id, {
    listingLocation: 'offcampus',
    address: '21 Kirkwood Road',
    createdAt: at(),
  });
  ids.voute = await insertPosting(db, admin.id, { dorm: 'Voute', curNumSeek: 2, createdAt: at() });
  ids.walshSeek1 = await insertPosting(db, admin.id, { dorm: 'Walsh', curNumSeek: 1, createdAt: at() });
  for (let i = 0; i < 2; i++) {
    ids.walshSeek2.push(await insertPosting(db, admin.id, { dorm: 'Walsh', curNumSeek: 2, createdAt: at() }));
  }
  ids.withPhotos = await insertPosting(db, admin.id, { dorm: 'Gabelli', curNumSeek: 3, createdAt: at() });
  // Two photos stored where the server's disk storage reads them.
  const folderOfPhotos = path.join(dataDir, 'uploads', 'postings', ids.withPhotos);
  mkdirSync(folderOfPhotos, { recursive: true });
  for (const [position, colour] of [
    [0, '#2a6f97'],
    [1, '#e07a5f'],
  ] as const) {
    const image = sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).webp();
    await image.toFile(path.join(folderOfPhotos, `photo${position}-full.webp`));
    await sharp({ create: { width: 32, height: 24, channels: 3, background: colour } })
      .webp()
      .toFile(path.join(folderOfPhotos, `photo${position}-card.webp`));
    await db.insert(postingImage).values({
      postingId: ids.withPhotos,
      position,
      cardKey: `postings/${ids.withPhotos}/photo${position}-card.webp`,
      fullKey: `postings/${ids.withPhotos}/photo${position}-full.webp`,
      width: 64,
      height: 48,
    });
  }
};

const signedInPage = () =>
  pageAt(suite.browser, server, 1280, { cookie: suite.members.viewer.cookie, mobileWarningSeen: false, height: 800 });

beforeAll(async () => {
  suite = await startBrowserSuite({ admin: 'Grace Admin', viewer: 'Vera Viewer' }, seed);
  server = suite.server;
  // The machine may be shared: seeding runs initdb and every migration first.
}, 300_000);
afterAll(() => suite?.stop());

describe('browsing postings', () => {
  it('filters on campus by dorm and group size, shares the URL, and resets', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/postings`);
    await expect.poll(() => cards(page).count()).toBe(5);
    await expect.poll(() => page.getByText(messages.postings.filterHint).isVisible()).toBe(true);
    await expectAccessible(page);

    await page.getByLabel('Preferred Dorm').selectOption({ label: 'Walsh Hall' });
    await page.getByLabel('Current Group Size').selectOption('2');
    await expect.poll(() => shownIds(page)).toEqual([...ids.walshSeek2].reverse());
    for (const text of await cards(page).allInnerTexts()) {
      expect(text).toContain('Walsh Hall');
      expect(text).toContain('looking for 2 more');
    }
    expect(page.url()).toContain('dorm=Walsh');
    expect(page.url()).toContain('groupSize=2');

    // The same address in another window shows the same search.
    const shared = await signedInPage();
    await shared.page.goto(page.url());
    await expect.poll(() => shownIds(shared.page)).toEqual([...ids.walshSeek2].reverse());
    expect(await shared.page.getByLabel('Preferred Dorm').inputValue()).toBe('Walsh');
    await expectAccessible(shared.page);
    await shared.context.close();

    // Back undoes the last filter.
    await page.goBack();
    await expect.poll(() => shownIds(page)).toEqual([...ids.walshSeek2].reverse().concat(ids.walshSeek1));

    await page.getByRole('link', { name: 'Reset' }).click();
    await expect.poll(() => cards(page).count()).toBe(5);
    expect(await page.getByLabel('Preferred Dorm').inputValue()).toBe('');
    expect(new URL(page.url()).search).toBe('?location=oncampus');
    await context.close();
  });

  it('searches from the landing page: its Search button opens /postings with the filters', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/`);
    const search = page.getByRole('form', { name: 'Search filters' });
    await search.getByLabel('Preferred Dorm').selectOption({ label: 'Walsh Hall' });
    await search.getByLabel('Current Group Size').selectOption('1');
    await expectAccessible(page);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/postings?**');
    await expect.poll(() => shownIds(page)).toEqual([ids.walshSeek1]);
    // On /postings the search is live: no Search button, and Back returns to the landing page.
    expect(await page.getByRole('button', { name: 'Search', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForURL(`${server.url}/`);
    await context.close();
  });

  it('shows the empty message when nothing matches, and the off-campus tab by keyboard', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/postings?location=oncampus&dorm=Welch`);
    await expect.poll(() => page.getByText(messages.postings.empty).isVisible()).toBe(true);
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'On Campus' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Off Campus', selected: true }).count()).toBe(1);
    await expect.poll(() => shownIds(page)).toEqual([ids.offCampus]);
    expect(await cards(page).first().textContent()).toContain('21 Kirkwood Road');
    await expectAccessible(page);
    await context.close();
  });

  it('opens a detail view and walks its carousel with the keyboard', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/postings`);
    await page
      .getByRole('link', { name: /SHOW MORE.*Gabelli Hall/ })
      .first()
      .click();
    await page.waitForURL(`**/detailView?id=${ids.withPhotos}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Gabelli Hall');
    expect(await page.getByText('5 Total').isVisible()).toBe(true);
    expect(await page.getByText('Seeking 3 More').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Current Group Members (2)' }).isVisible()).toBe(true);
    await expectAccessible(page);

    const carousel = page.getByRole('region', { name: 'Images of Gabelli Hall' });
    const visibleSlide = () => carousel.getByRole('group').filter({ visible: true }).getAttribute('aria-label');
    // The dorm's image first, then the two photos.
    expect(await visibleSlide()).toBe('1 of 3');
    expect(await carousel.getByRole('img').first().getAttribute('src')).toContain('/college/dorms/gabelli');
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(visibleSlide).toBe('2 of 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(visibleSlide).toBe('3 of 3');
    await page.keyboard.press('ArrowRight');
    await expect.poll(visibleSlide).toBe('1 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(visibleSlide).toBe('3 of 3');
    await carousel.getByRole('button', { name: 'Next image' }).click();
    await expect.poll(visibleSlide).toBe('1 of 3');
    // The stored photo really loads.
    const photo = await page.request.get(`${server.url}/api/images/postings/${ids.withPhotos}/photo0-full.webp`);
    expect(photo.status()).toBe(200);

    await page.goto(`${server.url}/detailView?id=${crypto.randomUUID()}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Posting Not Found');
    await expectAccessible(page);
    await context.close();
  });

  it("draws each page's first data from the answers in its HTML, without asking for them", async () => {
    const { context, page } = await signedInPage();
    /** The API addresses the page asked the network for. */
    const apiRequests = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname + new URL(entry.name).search)
          .filter((url) => url.startsWith('/api/')),
      );
    const firstPaintData = {
      '/postings?dorm=Walsh&location=oncampus': [
        '/api/config',
        '/api/me',
        '/api/postings?location=oncampus&dorm=Walsh&limit=8',
        '/api/me/lifestyle',
        '/api/pings/awaiting-count',
        '/api/stats',
      ],
      [`/detailView?id=${ids.voute}`]: ['/api/config', '/api/me', `/api/postings/${ids.voute}`],
      '/myProfile': [
        '/api/config',
        '/api/me',
        '/api/me/postings/administered?limit=2',
        '/api/me/postings/bookmarked?limit=2',
        '/api/pings/sent?limit=10',
      ],
    };
    for (const [address, answers] of Object.entries(firstPaintData)) {
      await page.goto(`${server.url}${address}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
      await expect.poll(() => page.getByRole('contentinfo').textContent()).toMatch(/groups matched to date/);
      const requests = await apiRequests();
      for (const answer of answers) expect(requests, `${address}: ${answer}`).not.toContain(answer);
    }
    // And they are what the page shows: the search's cards, the posting, the member's own lists.
    await page.goto(`${server.url}/postings?dorm=Walsh&location=oncampus`);
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    await page.goto(`${server.url}/detailView?id=${ids.voute}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Voute/);
    await expectAccessible(page);
    await context.close();
  });

  it('loads the first row of card images at once and the rest as they near the screen, and nothing shifts', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/postings`);
    await expect.poll(() => cards(page).count()).toBe(5);
    const images = await cards(page)
      .getByRole('img')
      .evaluateAll((nodes) =>
        nodes.map((node) => [
          node.getAttribute('loading'),
          node.getAttribute('fetchpriority'),
          node.getAttribute('width'),
          node.getAttribute('height'),
        ]),
      );
    expect(images).toEqual([
      ['eager', 'high', '400', '260'],
      ['eager', 'high', '400', '260'],
      ['eager', 'high', '400', '260'],
      ['eager', 'high', '400', '260'],
      ['lazy', 'auto', '400', '260'],
    ]);
    // 'Save this search' loads after the cards may have been drawn: the space kept for it is its
    // height, so the cards below do not move when it arrives.
    const save = page.getByRole('button', { name: 'Save this search' });
    await expect.poll(() => save.isVisible()).toBe(true);
    const [kept, drawn] = await save.evaluate((button) => {
      // The button, its plain form (issue 31), the row, and the place kept for them.
      const row = button.parentElement?.parentElement?.parentElement as HTMLElement;
      return [getComputedStyle(row).minHeight, `${button.getBoundingClientRect().height}px`];
    });
    expect(drawn).toBe(kept);
    await context.close();
  });

  it('bookmarks a posting from its card and finds it on the profile', async () => {
    const { context, page } = await signedInPage();
    await page.goto(`${server.url}/postings?location=oncampus&dorm=Voute`);
    const toggle = page.getByRole('button', { name: 'Bookmark Voute Hall' });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${server.url}/myProfile`);
    const bookmarked = page.getByRole('region', { name: 'My Bookmarked Posts' });
    await expect.poll(() => bookmarked.getByRole('article').count()).toBe(1);
    expect(await bookmarked.getByRole('article').textContent()).toContain('Voute Hall');
    const administered = page.getByRole('region', { name: 'My Administered Posts' });
    await expect.poll(() => administered.getByText(messages.profile.noAdministered).isVisible()).toBe(true);
    await expectAccessible(page);

    // Removing the bookmark on the profile empties the list.
    await bookmarked.getByRole('button', { name: 'Bookmark Voute Hall' }).click();
    await expect.poll(() => bookmarked.getByText(messages.profile.noBookmarked).isVisible()).toBe(true);
    await context.close();
  });
});
