/**
 * Issue 10, the postings half: the defects found on the posting form, the profile cards and the
 * detail view (6, 7 and 10), and the finished /postings, /detailView and /create-posting pages at
 * 1280 and 375 px, each page checked with axe. SCREENSHOT_DIR=<folder> also saves what each width shows.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posting, postingMember } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { insertPosting } from '../support/browse-fixtures';
import {
  postingCards as cards,
  expectAccessible,
  expectNoSidewaysScroll,
  shot,
  shownIds,
  visit,
} from '../support/browser';
import { type BrowserSuite, pageAt, startBrowserSuite } from '../support/seeded-server';
import type { RunningServer } from '../support/server';

const WIDTHS = [1280, 375] as const;
const LONG_EMAIL = 'christopher.montgomery-whitfield@bc.edu';
const DESCRIPTION = 'Quiet, tidy juniors.\nWe cook <b>together</b> on Sundays.';

type Who = 'admin' | 'viewer';
let suite: BrowserSuite<Who>;
let server: RunningServer;
const emails = { admin: '', viewer: '' };
const cookies = { admin: '', viewer: '' };
const ids = { walshSeek1: '', walshSeek3: '', vouteFulfilled: '', described: '', offCheap: '', offDear: '' };

const pageAs = (who: Who, width: number = 1280) =>
  pageAt(suite.browser, server, width, { cookie: cookies[who], mobileWarningSeen: false, height: 800 });

/** Fills what a valid on-campus posting needs: a dorm, the admin's year and gender, one roommate sought. */
async function fillValidOnCampus(page: Page): Promise<void> {
  await expect.poll(() => page.getByLabel('Admin name').inputValue()).toBe('Grace Admin');
  await page.getByLabel('Dorm').selectOption({ label: 'Stayer Hall' });
  const you = page.getByRole('group', { name: 'Group admin (you)' });
  await you.getByRole('combobox', { name: 'Academic year', exact: true }).selectOption('junior');
  await you.getByRole('combobox', { name: 'Gender', exact: true }).selectOption('female');
  await page.getByLabel('Number of roommates needed').fill('2');
}

beforeAll(async () => {
  suite = await startBrowserSuite({ admin: 'Grace Admin', viewer: 'Vera Viewer' }, async (db, members) => {
    const admin = members.admin;
    let minute = 0;
    const at = () => new Date(Date.UTC(2026, 5, 1, 12, minute++));
    ids.walshSeek3 = await insertPosting(db, admin.id, { dorm: 'Walsh', curNumSeek: 3, createdAt: at() });
    ids.vouteFulfilled = await insertPosting(db, admin.id, {
      dorm: 'Voute',
      curNumSeek: 2,
      status: 'Fulfilled',
      createdAt: at(),
    });
    ids.offDear = await insertPosting(db, admin.id, {
      listingLocation: 'offcampus',
      address: '21 Kirkwood Road',
      monthlyRent: 1400,
      rentType: 'per_person',
      rentPerPerson: 1400,
      createdAt: at(),
    });
    ids.offCheap = await insertPosting(db, admin.id, {
      listingLocation: 'offcampus',
      address: '5 Lake Street',
      monthlyRent: 900,
      rentType: 'per_person',
      rentPerPerson: 900,
      createdAt: at(),
    });
    ids.described = await insertPosting(db, admin.id, { dorm: 'Gabelli', curNumSeek: 2, createdAt: at() });
    // A long address to wrap: the admin's (a member who has not joined shows none, decision 0024).
    await db
      .update(posting)
      .set({ description: DESCRIPTION, adminEmail: LONG_EMAIL })
      .where(eq(posting.id, ids.described));
    await db.insert(postingMember).values({
      postingId: ids.described,
      position: 1,
      name: 'Christopher Montgomery-Whitfield',
      academicYear: 'junior',
      gender: 'male',
      email: LONG_EMAIL,
    });
    ids.walshSeek1 = await insertPosting(db, admin.id, { dorm: 'Walsh', curNumSeek: 1, createdAt: at() });
  });
  server = suite.server;
  for (const who of ['admin', 'viewer'] as const) {
    emails[who] = suite.members[who].email;
    cookies[who] = suite.members[who].cookie;
  }
  // The machine may be shared: seeding runs initdb and every migration first.
}, 300_000);
afterAll(() => suite?.stop());

describe('defects of issue 10 (postings half)', () => {
  it("6: after 'Posting Submitted!' offers 'View posting', and profile cards offer Edit", async () => {
    const { context, page } = await pageAs('admin');
    await visit(page, `${server.url}/create-posting`);
    await fillValidOnCampus(page);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/postings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    const created = (await (await saved).json()) as PostingDetail;
    const dialog = page.getByRole('dialog', { name: messages.submit.created });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole('link', { name: 'View posting' }).click();
    await page.waitForURL(`**/detailView?id=${created.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Stayer Hall');

    await visit(page, `${server.url}/myProfile`);
    const administered = page.getByRole('region', { name: 'My Administered Posts' });
    const edit = administered.getByRole('link', { name: 'Edit posting at Stayer Hall' });
    await edit.waitFor();
    expect(await edit.textContent()).toBe('Edit');
    await expectAccessible(page);
    await edit.click();
    await page.waitForURL(`**/create-posting?id=${created.id}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Posting' }).waitFor();
    await expect.poll(() => page.getByLabel('Dorm').inputValue()).toBe('Stayer');
    await context.close();
  });

  it("7: closing 'Submission Failed' puts focus on the first field in error", async () => {
    const { context, page } = await pageAs('admin');
    await visit(page, `${server.url}/create-posting`);
    await expect.poll(() => page.getByLabel('Admin name').inputValue()).toBe('Grace Admin');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    const dialog = page.getByRole('dialog', { name: messages.submit.failedTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
    const dorm = page.getByLabel('Dorm');
    await expect.poll(() => dorm.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dorm.getAttribute('aria-invalid')).toBe('true');

    // With the dorm fixed, the next field in error is the admin's academic year.
    await dorm.selectOption({ label: 'Walsh Hall' });
    await page.getByRole('button', { name: 'Submit posting' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const year = page
      .getByRole('group', { name: 'Group admin (you)' })
      .getByRole('combobox', { name: 'Academic year', exact: true });
    await expect.poll(() => year.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('10: at 375 px e-mail addresses wrap only at @ or a dot, never mid-word', async () => {
    const { context, page } = await pageAs('viewer', 375);
    await visit(page, `${server.url}/detailView?id=${ids.described}`);
    const link = page.getByRole('region', { name: 'Group Administrator' }).getByRole('link', { name: LONG_EMAIL });
    await link.waitFor();
    // The member typed with the same address has not joined: only their name and year are shown.
    const typed = page
      .getByRole('region', { name: /^Current Group Members/ })
      .getByRole('listitem')
      .filter({ hasText: 'Christopher Montgomery-Whitfield' });
    await typed.getByText('Not joined yet').waitFor();
    expect(await typed.getByRole('link').count()).toBe(0);
    // Each line the address is laid out on, read character by character from the layout.
    const lines = await link.evaluate((anchor) => {
      const out: string[] = [];
      let top: number | null = null;
      const walker = document.createTreeWalker(anchor, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getBoundingClientRect();
          if (top === null || Math.abs(rect.top - top) > 4) {
            out.push('');
            top = rect.top;
          }
          out[out.length - 1] = `${out[out.length - 1] ?? ''}${text[i] ?? ''}`;
        }
      }
      return out;
    });
    expect(lines.join('')).toBe(LONG_EMAIL);
    for (const line of lines.slice(1)) expect(line[0], JSON.stringify(lines)).toMatch(/[@.]/);
    await expectNoSidewaysScroll(page);
    await context.close();
  });

  it('10: the bookmark on the detail view has a visible label, and an admin cannot bookmark their own posting', async () => {
    const viewer = await pageAs('viewer');
    await visit(viewer.page, `${server.url}/detailView?id=${ids.walshSeek1}`);
    const toggle = viewer.page.getByRole('button', { name: 'Bookmark Walsh Hall' });
    await toggle.waitFor();
    expect(await toggle.textContent()).toBe('Bookmark');
    await toggle.click();
    await expect.poll(() => toggle.textContent()).toBe('Bookmarked');
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(viewer.page);
    await viewer.context.close();

    const admin = await pageAs('admin');
    await visit(admin.page, `${server.url}/detailView?id=${ids.walshSeek1}`);
    await admin.page.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    expect(await admin.page.getByRole('button', { name: /^Bookmark/ }).count()).toBe(0);
    await visit(admin.page, `${server.url}/postings?location=oncampus&dorm=Walsh`);
    await expect.poll(() => cards(admin.page).count()).toBe(2);
    expect(await admin.page.getByRole('button', { name: /^Bookmark/ }).count()).toBe(0);
    await admin.context.close();
    // The server refuses it too.
    const refused = await fetch(`${server.url}/api/postings/${ids.walshSeek1}/bookmark`, {
      method: 'PUT',
      headers: { origin: server.url, cookie: cookies.admin },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(messages.bookmark.ownPost);
  });
});

describe('/postings', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: count, chips, sort, Hide Fulfilled and Reset in the empty state`, async () => {
      const { context, page } = await pageAs('viewer', width);
      await visit(page, `${server.url}/postings?location=oncampus`);
      const count = page.getByRole('status').filter({ hasText: /postings?$/ });
      await expect.poll(() => count.textContent()).toBe('5 postings');
      const form = page.getByRole('form', { name: 'Search filters' });
      if (width < 768) {
        // Narrow: the filters fold away so the results come first.
        expect(await form.isVisible()).toBe(false);
        const toggle = page.getByRole('button', { name: 'Show filters' });
        expect(await toggle.getAttribute('aria-expanded')).toBe('false');
        const firstCard = await cards(page).first().boundingBox();
        expect(firstCard?.y ?? 9999).toBeLessThan(800);
        await shot(page, 'postings');
        await toggle.click();
        await expect.poll(() => form.isVisible()).toBe(true);
      } else {
        expect(await form.isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: 'Show filters' }).isVisible()).toBe(false);
        await shot(page, 'postings');
      }
      // Every card says when it was updated and keeps its headline on one line.
      for (const card of await cards(page).all()) {
        expect(await card.textContent()).toMatch(/Updated (\d+ \w+ ago|yesterday|last \w+|today|just now)/);
        const heading = card.getByRole('heading', { level: 3 });
        const lineCount = await heading.evaluate((el) => {
          const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
          return Math.round(el.getBoundingClientRect().height / lineHeight);
        });
        expect(lineCount, (await heading.textContent()) ?? '').toBe(1);
      }
      await expectAccessible(page);

      await form.getByLabel('Preferred Dorm').selectOption({ label: 'Walsh Hall' });
      await expect.poll(() => count.textContent()).toBe('2 postings');
      const chips = page.getByRole('list', { name: 'Active filters' });
      await expect.poll(() => chips.getByRole('button').allTextContents()).toEqual(['Walsh Hall']);
      await page.getByLabel('Sort').selectOption('seeking');
      await expect.poll(() => shownIds(page)).toEqual([ids.walshSeek3, ids.walshSeek1]);
      expect(page.url()).toContain('sort=seeking');
      await shot(page, 'postings-filtered');
      await expectAccessible(page);
      await chips.getByRole('button', { name: 'Remove filter: Walsh Hall' }).click();
      await expect.poll(() => count.textContent()).toBe('5 postings');
      expect(page.url()).not.toContain('dorm=');

      await page.getByLabel('Hide Fulfilled').check();
      await expect.poll(() => count.textContent()).toBe('4 postings');
      expect(await shownIds(page)).not.toContain(ids.vouteFulfilled);
      await expect.poll(() => chips.getByRole('button').allTextContents()).toEqual(['Fulfilled hidden']);

      await visit(page, `${server.url}/postings?location=oncampus&dorm=Welch`);
      await expect.poll(() => page.getByText(messages.postings.empty).isVisible()).toBe(true);
      await expect.poll(() => count.textContent()).toBe('0 postings');
      await shot(page, 'postings-empty');
      await expectAccessible(page);
      const empty = page.getByText(messages.postings.empty).locator('..');
      await empty.getByRole('link', { name: 'Reset' }).click();
      await expect.poll(() => cards(page).count()).toBe(5);
      expect(new URL(page.url()).search).toBe('?location=oncampus');
      await expectNoSidewaysScroll(page);
      await context.close();
    });
  }

  it('sorts off campus by lowest rent, and offers rent only there', async () => {
    const { context, page } = await pageAs('viewer');
    await visit(page, `${server.url}/postings?location=offcampus`);
    await expect.poll(() => shownIds(page)).toEqual([ids.offCheap, ids.offDear]);
    await page.getByLabel('Sort').selectOption('rent');
    await expect.poll(() => shownIds(page)).toEqual([ids.offCheap, ids.offDear]);
    await page.getByLabel('Sort').selectOption('newest');
    await page.getByRole('tab', { name: 'On Campus' }).click();
    await expect
      .poll(() => page.getByLabel('Sort').locator('option').allTextContents())
      .toEqual(['Newest first', 'Seeking most first']);
    await expectAccessible(page);
    await context.close();
  });
});

describe('/detailView', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: dates, a back link that keeps the filters, copy link and the group description`, async () => {
      const { context, page } = await pageAs('viewer', width);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await visit(page, `${server.url}/postings?location=oncampus&dorm=Gabelli&hideFulfilled=yes`);
      await page.getByRole('link', { name: /SHOW MORE.*Gabelli Hall/ }).click();
      await page.waitForURL(`**/detailView?id=${ids.described}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Gabelli Hall');
      expect(await page.getByText(/^Posted June 1, 2026/).isVisible()).toBe(true);

      const about = page.getByRole('region', { name: 'About the Group' });
      // Shown as text: the markup is not interpreted, the line break is kept.
      expect(await about.textContent()).toContain('Quiet, tidy juniors.\nWe cook <b>together</b> on Sundays.');
      expect(await about.locator('b').count()).toBe(0);
      await shot(page, 'detail');
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);

      await page.getByRole('button', { name: 'Copy link' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Link copied.' }).count()).toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${server.url}/detailView?id=${ids.described}`,
      );

      await page.getByRole('link', { name: 'Back to results' }).click();
      await page.waitForURL('**/postings?**');
      const params = new URL(page.url()).searchParams;
      expect(params.get('dorm')).toBe('Gabelli');
      expect(params.get('hideFulfilled')).toBe('yes');
      await expect.poll(() => shownIds(page)).toEqual([ids.described]);
      await context.close();
    });
  }

  it('edits the description from the form and shows it, and a shared link goes back to all results', async () => {
    const { context, page } = await pageAs('admin');
    await visit(page, `${server.url}/create-posting?id=${ids.walshSeek3}`);
    await expect.poll(() => page.getByLabel('Dorm').inputValue()).toBe('Walsh');
    await page.getByLabel('Group description (optional)').fill('Line one\nLine two');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog', { name: messages.submit.updated }).getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`**/detailView?id=${ids.walshSeek3}`);
    const about = page.getByRole('region', { name: 'About the Group' });
    await expect.poll(() => about.textContent()).toContain('Line one\nLine two');
    expect(
      await page
        .getByText(/Updated /)
        .first()
        .isVisible(),
    ).toBe(true);
    // Opened directly (a shared link), Back leads to the search.
    await visit(page, `${server.url}/detailView?id=${ids.walshSeek3}`);
    expect(await page.getByRole('link', { name: 'Back to results' }).getAttribute('href')).toBe('/postings');
    await context.close();
  });
});

describe('/create-posting', () => {
  for (const width of WIDTHS) {
    it(`at ${width} px: the admin is member 1, pills without radio dots, dates side by side, and a preview`, async () => {
      const { context, page } = await pageAs('admin', width);
      await visit(page, `${server.url}/create-posting`);
      await expect.poll(() => page.getByLabel('Admin name').inputValue()).toBe('Grace Admin');
      // The admin's year and gender are asked once; member 1 is the admin and cannot be removed.
      expect(await page.getByRole('combobox', { name: 'Academic year', exact: true }).count()).toBe(1);
      expect(await page.getByRole('combobox', { name: 'Gender', exact: true }).count()).toBe(1);
      expect(await page.getByText('Member 1 (you)').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: /Remove member 1/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Add member' }).click();
      expect(await page.getByRole('button', { name: 'Remove member 2' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Remove member 2' }).click();

      // The location pills: no native radio dot shows, yet they are radios for assistive technology.
      for (const radio of await page.getByRole('radio').all()) {
        const box = await radio.boundingBox();
        expect((box?.width ?? 0) <= 1 || (await radio.evaluate((el) => getComputedStyle(el).opacity)) === '0').toBe(
          true,
        );
      }
      await shot(page, 'create-posting');
      await expectAccessible(page);

      await page.getByRole('radio', { name: 'Off-Campus' }).check();
      const start = await page.getByLabel('Start date').boundingBox();
      const end = await page.getByLabel('End date').boundingBox();
      expect(Math.abs((start?.y ?? 0) - (end?.y ?? 100))).toBeLessThan(2);
      expect((end?.x ?? 0) > (start?.x ?? 0)).toBe(true);
      await page.getByLabel('Address').fill('9 Kirkwood Road');
      const you = page.getByRole('group', { name: 'Group admin (you)' });
      await you.getByRole('combobox', { name: 'Academic year', exact: true }).selectOption('senior');
      await you.getByRole('combobox', { name: 'Gender', exact: true }).selectOption('female');
      await page.getByLabel('Number of roommates needed').fill('1');
      await page.getByLabel('End date').fill('2028-05-31');
      await page.getByLabel('Group description (optional)').fill('Two cats.\nNo smoking.');
      await shot(page, 'create-posting-offcampus');
      await expectNoSidewaysScroll(page);

      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('dialog', { name: 'Preview' });
      await preview.waitFor();
      const text = await preview.textContent();
      expect(text).toContain('9 Kirkwood Road');
      expect(text).toContain('1 looking for 1 more');
      expect(text).toContain('Grace Admin · Senior · Female');
      expect(text).toContain('Two cats.\nNo smoking.');
      await shot(page, 'create-posting-preview');
      await expectAccessible(page);
      // Keep editing returns to the form untouched; submitting from the preview saves.
      await preview.getByRole('button', { name: 'Keep editing' }).click();
      await preview.waitFor({ state: 'detached' });
      expect(await page.getByLabel('Address').inputValue()).toBe('9 Kirkwood Road');
      await page.getByRole('button', { name: 'Preview' }).click();
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/postings') && r.request().method() === 'POST');
      await preview.getByRole('button', { name: 'Submit posting' }).click();
      const created = (await (await saved).json()) as PostingDetail;
      // Member 1 is the admin, joined (decisions 0008 and 0024).
      expect(created.members).toEqual([
        expect.objectContaining({
          position: 0,
          joined: true,
          role: 'admin',
          name: 'Grace Admin',
          academicYear: 'senior',
          gender: 'female',
          customGender: null,
          email: emails.admin,
          instagramHandle: null,
          isYou: true,
        }),
      ]);
      expect(created.description).toBe('Two cats.\nNo smoking.');
      await page.getByRole('dialog', { name: messages.submit.created }).waitFor();
      await context.close();
    });
  }
});
