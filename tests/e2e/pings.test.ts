/**
 * Ping Interest in a real browser: a student pings another student's posting from the detail view,
 * the admin sees it in the profile inbox (and the count in the navigation) and accepts it, and both
 * e-mails reach a local SMTP server. Every page and dialog passes axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pingMessages } from '../../src/shared/ping-messages';
import { insertPosting } from '../support/browse-fixtures';
import { expectAccessible } from '../support/browser';
import {
  type BrowserSuite,
  browserCookies,
  mobileWarningSeenCookie,
  pageAt,
  startBrowserSuite,
} from '../support/seeded-server';
import type { RunningServer } from '../support/server';
import type { TestSmtpServer } from '../support/smtp';

type Who = 'admin' | 'student';
let suite: BrowserSuite<Who>;
let server: RunningServer;
let people: BrowserSuite<Who>['members'];
let smtp: TestSmtpServer;
let postingId = '';

const pageAs = (who: Who, width = 1280) =>
  pageAt(suite.browser, server, width, { cookie: people[who].cookie, mobileWarningSeen: false });

beforeAll(async () => {
  suite = await startBrowserSuite({ admin: 'Ada Admin', student: 'Sam Student' }, async (db, members) => {
    postingId = await insertPosting(db, members.admin.id, {
      dorm: 'Walsh',
      curNumSeek: 2,
      adminName: members.admin.name,
    });
  });
  ({ server, members: people, smtp } = suite);
  // The machine may be shared: seeding runs initdb and every migration first.
}, 300_000);
afterAll(() => suite?.stop());

describe('Ping Interest', () => {
  it('a student pings from the detail view; the admin accepts in the inbox; both are e-mailed', async () => {
    const student = await pageAs('student');
    await student.page.goto(`${server.url}/detailView?id=${postingId}`);
    await student.page.getByRole('heading', { name: 'Walsh Hall', level: 1 }).waitFor();
    await student.page.getByText('0 other groups have expressed interest').waitFor();
    await expectAccessible(student.page);

    await student.page.getByRole('button', { name: 'Ping Interest' }).click();
    const form = student.page.getByRole('dialog', { name: 'Ping Interest' });
    await form.waitFor();
    await expect.poll(() => form.getByLabel('Your email').inputValue()).toBe(people.student.email);
    expect(await form.getByLabel('Your email').getAttribute('readonly')).not.toBeNull();
    await form.getByLabel('Message (optional)').fill('Hi! Junior, quiet, early riser <b>really</b>.');
    await expect.poll(() => form.getByText(/^45 \/ 1000 characters$/).isVisible()).toBe(true);
    await expectAccessible(student.page);
    await form.getByRole('button', { name: 'Send Ping' }).click();

    const sent = student.page.getByRole('dialog', { name: pingMessages.sent });
    await sent.waitFor();
    // The outcome alone: the form is kept for 'Try again', not shown under it.
    expect(await sent.getByLabel('Message (optional)').isVisible()).toBe(false);
    await expectAccessible(student.page);
    await sent.getByRole('button', { name: 'OK' }).click();
    // Focus returns to the button, which now says why it cannot be used again.
    await expect.poll(() => student.page.evaluate(() => document.activeElement?.textContent)).toBe('Ping Interest');
    await student.page.getByText(/You pinged this group on .*Waiting for the admin's answer\./).waitFor();
    await student.page.getByText('1 other group has expressed interest').waitFor();
    expect(await student.page.getByRole('button', { name: 'Ping Interest' }).getAttribute('aria-disabled')).toBe(
      'true',
    );

    const toAdmin = await smtp.waitForMail(
      people.admin.email,
      /A student who calls themselves “Sam Student” is interested in your group at Walsh Hall/,
    );
    expect(toAdmin.text).toContain('Hi! Junior, quiet, early riser <b>really</b>.');
    expect(toAdmin.text).toContain(people.student.email);
    expect(toAdmin.html).toContain('&lt;b&gt;really&lt;/b&gt;');
    expect(toAdmin.replyTo?.[0]?.address).toBe(people.student.email);

    const admin = await pageAs('admin');
    await admin.page.goto(`${server.url}/myProfile`);
    const nav = admin.page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: /^My Profile\s*,\s*1 ping awaits your answer$/ }).waitFor();
    const inbox = admin.page.getByRole('list', { name: 'Pings Received' });
    const ping = inbox.getByRole('article', { name: people.student.name });
    await ping.waitFor();
    await ping.getByText('Hi! Junior, quiet, early riser <b>really</b>.').waitFor();
    await ping.getByText('Status: Awaiting answer').waitFor();
    await expectAccessible(admin.page);

    await ping.getByRole('button', { name: `Accept ping from ${people.student.name}` }).click();
    await ping.getByText(`Accepted. We e-mailed ${people.student.name} to let them know.`).waitFor();
    await ping.getByText('Status: Accepted').waitFor();
    await expect.poll(() => nav.getByRole('link', { name: 'My Profile' }).textContent()).toBe('My Profile');
    await expectAccessible(admin.page);

    const toStudent = await smtp.waitForMail(people.student.email, /The group at Walsh Hall accepted your ping/);
    expect(toStudent.text).toContain(people.admin.email);
    expect(toStudent.text).toContain('a student who calls themselves “Ada Admin”');

    await student.page.goto(`${server.url}/myProfile#pings-sent`);
    const sentList = student.page.getByRole('list', { name: 'Pings Sent' });
    await sentList.getByRole('link', { name: 'Walsh Hall', exact: true }).waitFor();
    // Each sent ping links to its conversation (issue 19).
    expect(await sentList.getByRole('link', { name: 'Conversation about Walsh Hall' }).getAttribute('href')).toMatch(
      /^\/messages\/[0-9a-f-]{36}$/,
    );
    await sentList.getByText('Status: Accepted').waitFor();
    await expectAccessible(student.page);
    await student.context.close();
    await admin.context.close();
  });

  it('tells the admin on their own posting why they cannot ping, at 375 px', async () => {
    const admin = await pageAs('admin', 375);
    await admin.context.addCookies(browserCookies(server, mobileWarningSeenCookie));
    await admin.page.goto(`${server.url}/detailView?id=${postingId}`);
    await admin.page.getByText(pingMessages.blocked.ownPost).waitFor();
    const button = admin.page.getByRole('button', { name: 'Ping Interest' });
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    await button.focus();
    await admin.page.keyboard.press('Enter');
    expect(await admin.page.getByRole('dialog').count()).toBe(0);
    await admin.context.close();
  });
});
