/**
 * The roommate agreement page in a real browser (issue 34): three joined members with different
 * lifestyle answers open their group's draft from the posting; the clause they agree on is filled
 * in, the one they differ on is 'to discuss' with the difference and a suggestion. One changes a
 * clause and the others see it without a reload; all three sign (one by the keyboard alone); a
 * change clears the signatures and says so on every open page; they sign again (one with
 * JavaScript off, through the plain form) and it is "Signed by all". A student outside the group
 * finds no such page and gets 404 from the API. The PDF, downloaded from its link once all have signed,
 * holds every clause and the signatures' page and is tagged. axe at 1280 and 375 px (SCREENSHOT_DIR=... keeps
 * screenshots).
 */
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementPdfText } from '../../src/server/agreement/pdf';
import { postingMember } from '../../src/server/db/schema';
import { agreementMessages as am } from '../../src/shared/agreement-signatures';
import { messages } from '../../src/shared/messages';
import type { AgreementView } from '../../src/shared/schemas/agreement-answers';
import { insertPosting } from '../support/browse-fixtures';
import { expectAccessible, expectNoSidewaysScroll, shot } from '../support/browser';
import { type BrowserSuite, browserCookies, pageAt, startBrowserSuite } from '../support/seeded-server';
import type { RunningServer } from '../support/server';

type Who = 'ana' | 'ben' | 'cal' | 'olu';
let suite: BrowserSuite<Who>;
let server: RunningServer;
let postingId = '';

const agreementUrl = () => `${server.url}/postings/${postingId}/agreement`;
const pageAs = (who: Who) => pageAt(suite.browser, server, 1280, { cookie: suite.members[who].cookie });
const clause = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });

/** A paragraph of `item` saying `text` (not the text box of its form, which holds the same words). */
const said = (item: Locator, text: string | RegExp) => item.locator('p').filter({ hasText: text });

/** One space for any run of white space: a clause wraps over lines in the PDF. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/** axe at 375 and 1280 px on the page as it is, with a screenshot of each width. */
async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    if (width === 375) await expectNoSidewaysScroll(page);
    await shot(page, `agreement-${name}`);
  }
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}

/** Presses Tab until `target` has focus (the keyboard alone). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`${max} presses of Tab never reached ${target}`);
}

async function signByClicks(page: Page, name: string) {
  await page.getByLabel('Type your name as it is on your account').fill(name);
  await page.getByLabel(am.confirmLabel).check();
  await page.getByRole('button', { name: 'Sign the agreement' }).click();
  await page.getByText(/^You have signed version \d+\.$/).waitFor();
}

async function changeClause(page: Page, title: string, text: string) {
  const item = clause(page, title);
  await item.getByText(`Change the clause “${title}”`).click();
  await item.getByLabel(`New text of “${title}”`).fill(text);
  await item.getByRole('button', { name: `Save “${title}”` }).click();
  await said(item, text).waitFor();
}

beforeAll(async () => {
  suite = await startBrowserSuite(
    { ana: 'Ana Ruiz', ben: 'Ben Cho', cal: 'Cal Ide', olu: 'Olu Outside' },
    async (db, members) => {
      postingId = await insertPosting(db, members.ana.id, { dorm: 'Walsh', curNumSeek: 1, adminName: 'Ana Ruiz' });
      for (const [position, who] of [
        [1, members.ben],
        [2, members.cal],
      ] as const) {
        await db.insert(postingMember).values({
          postingId,
          position,
          name: who.name,
          academicYear: 'junior',
          gender: 'female',
          email: who.email,
          userId: who.id,
          state: 'joined',
          joinedAt: new Date(),
        });
      }
    },
  );
  ({ server } = suite);
  // Different bedtimes, the same answer on smoking.
  for (const [who, bedtime] of [
    ['ana', 'before-11'],
    ['ben', 'after-1'],
    ['cal', '11-to-12'],
  ] as const) {
    const saved = await fetch(`${server.url}/api/me/lifestyle`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: suite.members[who].cookie },
      body: JSON.stringify({
        answers: [
          { question: 'bedtime', self: bedtime, accept: [bedtime], importance: 'somewhat' },
          { question: 'smoking', self: 'never', accept: ['never'], importance: 'very' },
        ],
      }),
    });
    expect(saved.status).toBe(200);
  }
  // The machine may be shared: seeding runs initdb and every migration first.
}, 300_000);
afterAll(() => suite?.stop());

describe('the roommate agreement page', () => {
  it('three members read the draft, change it live, sign, see signatures cleared by a change, and sign again', async () => {
    const ana = await pageAs('ana');
    const ben = await pageAs('ben');
    const cal = await pageAs('cal');

    // From the posting, by its link.
    await ana.page.goto(`${server.url}/detailView?id=${postingId}`);
    await ana.page.getByRole('link', { name: "Open your group's roommate agreement" }).click();
    await ana.page.getByRole('heading', { level: 1, name: 'Roommate agreement' }).waitFor();
    expect(new URL(ana.page.url()).pathname).toBe(`/postings/${postingId}/agreement`);
    await ana.page.getByText(am.notALease).first().waitFor();

    const smoking = clause(ana.page, 'Smoking and vaping');
    await smoking.getByText('Agreed', { exact: true }).waitFor();
    await said(smoking, 'No smoking or vaping, in the room or at the door.').waitFor();
    const quiet = clause(ana.page, 'Quiet hours');
    await quiet.getByText('To discuss', { exact: true }).waitFor();
    await quiet
      .getByText('Your answers on bedtime differ: before 11 pm, between 11 pm and midnight and after 1 am.')
      .waitFor();
    await quiet.getByText('Suggested:').waitFor();
    await said(quiet, /^Quiet hours start at the earliest bedtime among us \(before 11 pm\)/).waitFor();
    await ana.page.getByText('Signed by 0 of 3.', { exact: false }).waitFor();
    // The copy to keep is a link away (downloaded and read once all have signed, below).
    const pdfLink = ana.page.getByRole('link', { name: 'Download the agreement as a PDF' });
    const pdf = await ana.page.request.get(new URL((await pdfLink.getAttribute('href')) ?? '', server.url).href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
    await checkWidths(ana.page, 'draft');

    // Ben from his profile's groups, Cal by the address.
    await Promise.all([ben.page.goto(`${server.url}/myProfile#groups`), cal.page.goto(agreementUrl())]);
    await ben.page.getByRole('link', { name: 'Roommate agreement of Walsh Hall' }).click();
    await ben.page.getByRole('heading', { level: 1, name: 'Roommate agreement' }).waitFor();
    await cal.page.getByRole('heading', { level: 1, name: 'Roommate agreement' }).waitFor();

    // Ana changes a clause; Ben and Cal see it without a reload, with who changed it.
    const quietText = 'Quiet hours from 11 pm to 7 am every night; headphones after that.';
    await changeClause(ana.page, 'Quiet hours', quietText);
    for (const other of [ben.page, cal.page]) {
      const item = clause(other, 'Quiet hours');
      await said(item, quietText).waitFor();
      await item.getByText(/^Changed by Ana Ruiz on /).waitFor();
    }
    await ben.page.getByText('Version history (2 versions)').click();
    await ben.page.getByText('Version 2: Ana Ruiz changed “Quiet hours” on', { exact: false }).waitFor();

    // All three sign: Ana by the keyboard alone.
    const name = ana.page.getByLabel('Type your name as it is on your account');
    await ana.page.locator('h1').click();
    await tabTo(ana.page, name);
    await ana.page.keyboard.type('Ana Ruiz');
    await ana.page.keyboard.press('Tab');
    expect(await isFocused(ana.page.getByLabel(am.confirmLabel))).toBe(true);
    await ana.page.keyboard.press('Space');
    await ana.page.keyboard.press('Tab');
    expect(await isFocused(ana.page.getByRole('button', { name: 'Sign the agreement' }))).toBe(true);
    await ana.page.keyboard.press('Enter');
    await ana.page.getByText('You have signed version 2.').waitFor();
    await signByClicks(ben.page, 'ben cho');
    await signByClicks(cal.page, 'Cal Ide');
    for (const page of [ana.page, ben.page, cal.page]) await page.getByText(am.signedByAll, { exact: true }).waitFor();
    await ana.page.getByText('Cal Ide: signed on', { exact: false }).waitFor();
    await checkWidths(ana.page, 'signed');

    // Ben changes another clause: every signature is cleared, and every open page says so.
    await changeClause(ben.page, 'Guests', 'Guests are announced a day ahead; no overnight guests on weeknights.');
    for (const page of [ben.page, ana.page, cal.page]) {
      await page.getByText(am.signaturesCleared).waitFor();
      await page.getByText('Signed by 0 of 3.', { exact: false }).waitFor();
    }
    await checkWidths(ana.page, 'cleared');

    // They sign again; Cal with JavaScript off, through the plain form.
    await signByClicks(ana.page, 'Ana Ruiz');
    await signByClicks(ben.page, 'Ben Cho');
    const still = await suite.browser.newContext({ javaScriptEnabled: false });
    await still.addCookies(browserCookies(server, suite.members.cal.cookie));
    const plain = await still.newPage();
    await plain.goto(agreementUrl());
    await plain.getByLabel('Type your name as it is on your account').fill('Cal Ide');
    // Unconfirmed, the server says what is missing.
    await plain.getByRole('button', { name: 'Sign the agreement' }).click();
    await plain.getByText(am.confirmToSign).waitFor();
    await plain.getByLabel('Type your name as it is on your account').fill('Cal Ide');
    await plain.getByLabel(am.confirmLabel).check();
    await plain.getByRole('button', { name: 'Sign the agreement' }).click();
    await plain.getByText(am.signed).waitFor();
    await plain.getByText(am.signedByAll, { exact: true }).waitFor();
    await still.close();
    for (const page of [ana.page, ben.page, cal.page]) await page.getByText(am.signedByAll, { exact: true }).waitFor();
    await checkWidths(cal.page, 'signed-again');

    // The copy to keep: downloaded from its link, every clause in its text, the signatures' page last
    // (each party, the version's hash), and tagged for assistive technology.
    const agreed = (await (
      await fetch(`${server.url}/api/postings/${postingId}/agreement`, {
        headers: { cookie: suite.members.ana.cookie },
      })
    ).json()) as AgreementView;
    const [download] = await Promise.all([
      ana.page.waitForEvent('download'),
      ana.page.getByRole('link', { name: 'Download the agreement as a PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`roommate-agreement-version-${agreed.version}.pdf`);
    const document = await getDocumentProxy(new Uint8Array(readFileSync((await download.path()) ?? '')));
    const { text: pdfPages } = await extractText(document, { mergePages: false });
    const pdfText = flat(pdfPages.join('\n'));
    expect(pdfText).toContain(am.notALease);
    for (const one of agreed.clauses) {
      expect(pdfText).toContain(flat(one.title));
      expect(pdfText).toContain(flat(one.text));
    }
    const signaturesPage = flat(pdfPages.at(-1) ?? '');
    expect(signaturesPage.startsWith(agreementPdfText.signaturesTitle)).toBe(true);
    for (const name of ['Ana Ruiz', 'Ben Cho', 'Cal Ide']) expect(signaturesPage).toContain(name);
    expect(signaturesPage).toContain(agreed.textHash);
    expect(await document.getMarkInfo()).toMatchObject({ Marked: true });
    const roles = (node: { role?: string; children?: unknown[] }): string[] => [
      ...(node.role ? [node.role] : []),
      ...((node.children ?? []) as { role?: string }[]).flatMap(roles),
    ];
    expect(roles(await (await document.getPage(1)).getStructTree())).toEqual(
      expect.arrayContaining(['Document', 'H1', 'H2', 'P']),
    );
    await document.destroy();

    // Printed: the clauses and signatures, no navigation or forms, and not a lease.
    await ana.page.emulateMedia({ media: 'print' });
    for (const hidden of ['nav', 'header', 'footer', 'form', 'button', 'details']) {
      const found = ana.page.locator(hidden);
      expect(await found.count(), hidden).toBeGreaterThan(0);
      for (const one of await found.all()) expect(await one.isVisible(), hidden).toBe(false);
    }
    expect(await ana.page.getByText(am.notALease).last().isVisible()).toBe(true);
    expect(await said(clause(ana.page, 'Quiet hours'), quietText).isVisible()).toBe(true);
    await shot(ana.page, 'agreement-print');
    await ana.page.emulateMedia({ media: 'screen' });

    await Promise.all([ana.context.close(), ben.context.close(), cal.context.close()]);
  }, 300_000);

  it('a student outside the group finds no such page, and the API answers 404 for the agreement and its PDF', async () => {
    const olu = await pageAs('olu');
    await olu.page.goto(agreementUrl());
    await olu.page.getByRole('heading', { level: 1, name: messages.postingAccess.notFound.title }).waitFor();
    expect(await olu.page.getByText(am.notALease).count()).toBe(0);
    await checkWidths(olu.page, 'not-found');
    // Nor is there a link to it on the posting.
    await olu.page.goto(`${server.url}/detailView?id=${postingId}`);
    await olu.page.getByRole('heading', { level: 2, name: 'Group Administrator' }).waitFor();
    expect(await olu.page.getByRole('link', { name: "Open your group's roommate agreement" }).count()).toBe(0);
    await olu.context.close();
    for (const answer of ['agreement', 'agreement.pdf']) {
      const response = await fetch(`${server.url}/api/postings/${postingId}/${answer}`, {
        headers: { cookie: suite.members.olu.cookie },
      });
      expect(response.status, answer).toBe(404);
    }
    // Without scripts the drawn page says so too (the markup axe checked above), and is a 404.
    const plain = await suite.browser.newContext({ javaScriptEnabled: false });
    await plain.addCookies(browserCookies(server, suite.members.olu.cookie));
    const page = await plain.newPage();
    const drawn = await page.goto(agreementUrl());
    expect(drawn?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: messages.postingAccess.notFound.title }).waitFor();
    expect(await page.getByText(messages.loading).count()).toBe(0);
    await plain.close();
  }, 120_000);
});
