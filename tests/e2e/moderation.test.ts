/**
 * Issue 14 in a real browser. Fresh listings: the server's job e-mails the admin of an old posting;
 * the admin opens the 'Still looking' link from the mail, confirms on the page (a POST), and the
 * link then says it was used; a stale posting shows its notice and the admin renews it from the
 * detail page. Reports: a student reports a posting in the dialog (a second try is refused
 * clearly), two more students report it so it hides itself, and a moderator hides it from
 * /moderation, where the record shows the action; a student who is not a moderator is kept out.
 * Every page and dialog passes axe. SCREENSHOT_DIR=<folder> saves /moderation, the report dialog
 * and the stale notice at 1280 and 375 px.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posting, user } from '../../src/server/db/schema';
import { freshnessMessages } from '../../src/shared/freshness';
import { messages } from '../../src/shared/messages';
import { moderationMessages } from '../../src/shared/moderation';
import { insertPosting } from '../support/browse-fixtures';
import { expectAccessible, shot } from '../support/browser';
import { collegeConfigWith } from '../support/college-config';
import { type BrowserSuite, pageAt, SEED_PASSWORD, startBrowserSuite } from '../support/seeded-server';
import type { RunningServer } from '../support/server';
import type { TestSmtpServer } from '../support/smtp';

const DAY = 24 * 60 * 60_000;
const MODERATOR_EMAIL = `mo.moderator.${Date.now()}@bc.edu`;
type Who = 'admin' | 'student' | 'second' | 'third' | 'moderator';
let suite: BrowserSuite<Who>;
let server: RunningServer;
let people: BrowserSuite<Who>['members'];
let smtp: TestSmtpServer;
let collegeConfig: string;
const ids = { old: '', stale: '', reported: '' };

/** A page signed in as `who`, or signed out (null); narrow pages skip the mobile warning. */
const pageAs = (who: Who | null, width = 1280) =>
  pageAt(suite.browser, server, width, { cookie: who ? people[who].cookie : undefined, bypassCSP: true });

// Each sign-in comes from its own (forwarded) address, as students' browsers would, so the
// per-address sign-in limit never stops this test (the server trusts loopback as its proxy).
let signIns = 0;
const signInHeaders = () => ({
  'content-type': 'application/json',
  origin: server.url,
  'x-forwarded-for': `10.251.0.${++signIns}`,
});

const report = (who: Who, postingId: string, reason: string) =>
  fetch(`${server.url}/api/postings/${postingId}/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: people[who].cookie },
    body: JSON.stringify({ reason }),
  });

beforeAll(async () => {
  collegeConfig = collegeConfigWith({ moderators: [MODERATOR_EMAIL] });
  suite = await startBrowserSuite(
    {
      admin: 'Ada Admin',
      student: 'Sam Student',
      second: 'Tess Second',
      third: 'Theo Third',
      moderator: { name: 'Mo Moderator', email: MODERATOR_EMAIL },
    },
    async (db, members) => {
      const admin = members.admin;
      // Not updated for 30 days: the server's freshness job reminds its admin when it starts.
      ids.old = await insertPosting(db, admin.id, { dorm: 'Walsh', adminName: admin.name });
      await db
        .update(posting)
        .set({ updatedAt: new Date(Date.now() - 30 * DAY) })
        .where(eq(posting.id, ids.old));
      // Reminded 9 days ago and never answered: stale.
      ids.stale = await insertPosting(db, admin.id, { dorm: 'Voute', adminName: admin.name });
      await db
        .update(posting)
        .set({
          updatedAt: new Date(Date.now() - 30 * DAY),
          renewalRemindedAt: new Date(Date.now() - 9 * DAY),
          renewalNonce: '5b0f9a53-0a5e-4f43-9c43-51d3d8a0f6a1',
          staleAt: new Date(Date.now() - 2 * DAY),
        })
        .where(eq(posting.id, ids.stale));
      ids.reported = await insertPosting(db, admin.id, { dorm: 'Gabelli', adminName: admin.name });
      // Only accounts older than a day count toward the automatic hide (decision 0022).
      await db
        .update(user)
        .set({ createdAt: new Date(Date.now() - 2 * DAY) })
        .where(inArray(user.id, [members.student.id, members.second.id, members.third.id]));
    },
    { env: { COLLEGE_CONFIG: collegeConfig } },
  );
  ({ server, members: people, smtp } = suite);
  // The machine may be shared: seeding runs initdb and every migration first.
}, 300_000);
afterAll(async () => {
  await suite?.stop();
  rmSync(path.dirname(collegeConfig), { recursive: true, force: true });
});

describe('fresh listings', () => {
  it("the admin opens 'Still looking' from the e-mail, confirms, and the link then says it was used", async () => {
    const mail = await smtp.waitForMail(people.admin.email, /^Still looking\? Your posting at Walsh Hall$/, 30_000);
    const link = /Still looking: (\S+)/.exec(mail.text ?? '')?.[1];
    expect(link).toMatch(/\/renew\?token=/);
    expect(mail.text).toMatch(/Mark Fulfilled: \S+\/renew\?token=/);

    // Signed out, as someone reading mail on another device would be.
    const { context, page } = await pageAs(null);
    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Still looking?', level: 1 }).waitFor();
    await page.getByText(/Confirm that your group at Walsh Hall is still looking/).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Confirm: Still looking' }).click();
    await page.getByRole('heading', { name: 'Posting Renewed', level: 1 }).waitFor();
    await page.getByText(freshnessMessages.renewed).waitFor();
    await expectAccessible(page);

    await page.goto(link as string);
    await page.getByRole('heading', { name: freshnessMessages.usedLink.title, level: 1 }).waitFor();
    await page.getByText(freshnessMessages.usedLink.message).waitFor();
    await expectAccessible(page);
    await context.close();

    const detail = await fetch(`${server.url}/api/postings/${ids.old}`, { headers: { cookie: people.admin.cookie } });
    const body = (await detail.json()) as { updatedAt: string; staleAt: string | null };
    expect(Date.now() - new Date(body.updatedAt).getTime()).toBeLessThan(5 * 60_000);
  }, 180_000);

  it('a stale posting shows its notice; its admin renews it from the detail page', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await pageAs('student', width);
      await page.goto(`${server.url}/detailView?id=${ids.stale}`);
      await page.getByRole('heading', { name: 'This posting may be out of date' }).waitFor();
      await page.getByText(freshnessMessages.staleNotice).waitFor();
      await expectAccessible(page);
      await shot(page, 'stale-notice');
      await context.close();
    }
    const { context, page } = await pageAs('admin');
    await page.goto(`${server.url}/postings?location=oncampus&dorm=Voute`);
    await page
      .getByText(/No postings|0 postings|match/i)
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: /Voute Hall/ }).count()).toBe(0);
    await page.getByLabel('Show stale postings').check();
    await page.getByRole('list', { name: 'Postings' }).getByRole('article').first().waitFor();
    await expectAccessible(page);

    await page.goto(`${server.url}/detailView?id=${ids.stale}`);
    await page.getByText(freshnessMessages.staleAdminNotice).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Still looking' }).click();
    await page.getByRole('heading', { name: 'This posting may be out of date' }).waitFor({ state: 'detached' });
    await expectAccessible(page);
    await context.close();
  }, 240_000);
});

describe('report and moderate', () => {
  it('a student reports in the dialog, once; at three reporters it hides; a moderator hides it for good', async () => {
    for (const width of [1280, 375]) {
      const { context, page } = await pageAs('student', width);
      await page.goto(`${server.url}/detailView?id=${ids.reported}`);
      await page.getByRole('heading', { name: 'Gabelli Hall', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Report posting' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report this posting' });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: 'Scam or fake' }).check();
      await dialog.getByLabel('Details (optional)').fill('Asks for a deposit by wire before any viewing.');
      await expectAccessible(page);
      await shot(page, 'report-dialog');
      if (width === 375) {
        // Already reported at 1280: the second try is refused with a clear message.
        await dialog.getByRole('button', { name: 'Send report' }).click();
        const refused = page.getByRole('dialog', { name: moderationMessages.reportFailedTitle });
        await refused.getByText(moderationMessages.alreadyReported).waitFor();
        await expectAccessible(page);
        await refused.getByRole('button', { name: 'OK' }).click();
      } else {
        await dialog.getByRole('button', { name: 'Send report' }).click();
        const sent = page.getByRole('dialog', { name: 'Report Sent' });
        await sent.getByText(moderationMessages.reported).waitFor();
        // The outcome alone: the form is kept for a report to send again, not shown under it.
        expect(await sent.getByRole('radio', { name: 'Scam or fake' }).isVisible()).toBe(false);
        await expectAccessible(page);
        await sent.getByRole('button', { name: 'OK' }).click();
        await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Report posting');
      }
      await context.close();
    }

    expect((await report('second', ids.reported, 'scam')).status).toBe(201);
    const third = await report('third', ids.reported, 'wrong-info');
    expect(await third.json()).toEqual({ reported: true, hidden: true });

    // Hidden now: other students no longer find it.
    const { context: gone, page: gonePage } = await pageAs('second');
    await gonePage.goto(`${server.url}/detailView?id=${ids.reported}`);
    await gonePage.getByText(messages.postingAccess.notFound.message).waitFor();
    await gone.close();

    // A student who is not a moderator is sent away from /moderation (and the API says 403).
    const { context: outsider, page: outsiderPage } = await pageAs('student');
    await outsiderPage.goto(`${server.url}/moderation`);
    await outsiderPage.waitForURL(/\/postings/);
    await outsider.close();

    for (const width of [375, 1280]) {
      const { context, page } = await pageAs('moderator', width);
      await page.goto(`${server.url}/moderation`);
      await page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
      const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gabelli Hall' }) });
      await item.getByText('3 reporters').waitFor();
      await item.getByText('Scam or fake: 2').waitFor();
      await item.getByText('Hidden automatically').first().waitFor();
      await page.getByText('Automatic rule', { exact: false }).first().waitFor();
      await expectAccessible(page);
      await shot(page, 'moderation');
      if (width === 1280) {
        await item.getByLabel('Reason (required to hide or suspend)').fill('Deposit-by-wire scam.');
        await item.getByRole('button', { name: 'Hide posting' }).click();
        await page.getByText('Nothing waits for a moderator.').waitFor();
        const record = page.getByRole('region', { name: 'Moderation record' });
        await record.getByText(/Hid the posting · Gabelli Hall/).waitFor();
        await record
          .getByText(new RegExp(`${people.moderator.email.replace('.', '\\.')} · .* · Why: Deposit-by-wire scam\\.`))
          .waitFor();
        await expectAccessible(page);
      }
      await context.close();
    }

    const hidden = await smtp.waitForMail(people.admin.email, /was hidden by a moderator/);
    expect(hidden.text).toContain('The reason given: Deposit-by-wire scam.');
    const { context, page } = await pageAs('admin');
    await page.goto(`${server.url}/detailView?id=${ids.reported}`);
    await page.getByText(moderationMessages.hiddenNotice('Deposit-by-wire scam.')).waitFor();
    await expectAccessible(page);
    await context.close();

    // Suspending asks first, then signs the admin out and refuses their sign-in with a clear message.
    expect((await report('student', ids.old, 'other')).status).toBe(201);
    const mod = await pageAs('moderator');
    await mod.page.goto(`${server.url}/moderation`);
    const item = mod.page.getByRole('listitem').filter({ has: mod.page.getByRole('heading', { name: 'Walsh Hall' }) });
    await item.getByLabel('Reason (required to hide or suspend)').fill('Runs several fake listings.');
    await item.getByRole('button', { name: 'Suspend account' }).click();
    const confirm = mod.page.getByRole('dialog', { name: `Suspend ${people.admin.name}'s account?` });
    await confirm.waitFor();
    await expectAccessible(mod.page);
    await confirm.getByRole('button', { name: 'Suspend account' }).click();
    await mod.page.getByText('Nothing waits for a moderator.').waitFor();
    await mod.page
      .getByRole('region', { name: 'Moderation record' })
      .getByText(/Suspended the account/)
      .waitFor();
    await mod.context.close();
    const me = await fetch(`${server.url}/api/me`, { headers: { cookie: people.admin.cookie } });
    expect((await me.json()).user).toBeNull();
    const refused = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: signInHeaders(),
      body: JSON.stringify({ email: people.admin.email, password: SEED_PASSWORD }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ message: messages.auth.accountSuspended });
  }, 400_000);
});
