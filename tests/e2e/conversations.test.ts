/**
 * Conversations (issue 19) in a real browser, two students at once: a student pings; the admin
 * replies from the Messages page by keyboard alone and the student sees the reply arrive without a
 * reload (and hears it: the polite live region); the admin accepts from Pings Received, which links
 * to the conversation; the student shares Instagram and the admin sees it in the conversation; the
 * student reports the admin's message and it reaches the moderators' reported messages. Axe at 1280
 * and 375 px, where the list and the conversation are two screens. A message asking for money before
 * a viewing shows its reader (never its sender) a safety note that opens the report form (issue 30).
 * SCREENSHOT_DIR=<folder> saves the list and a conversation at both widths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreadEmailUnsubscribeToken } from '../../src/server/conversations/unread-mail';
import { memberSharing } from '../../src/server/db/schema/groups';
import { conversationMessages as cm } from '../../src/shared/conversation-messages';
import { pageAddress } from '../../src/shared/page-addresses';
import type { SentPing } from '../../src/shared/schemas/ping';
import { insertPosting } from '../support/browse-fixtures';
import { expectAccessible, expectNoSidewaysScroll, shot } from '../support/browser';
import { collegeConfigWith } from '../support/college-config';
import { type BrowserSuite, pageAt, SEED_SECRET, startBrowserSuite } from '../support/seeded-server';
import type { RunningServer } from '../support/server';

const MODERATOR_EMAIL = `mo.moderator.${Date.now()}@bc.edu`;
type Who = 'admin' | 'student' | 'third' | 'moderator';
let suite: BrowserSuite<Who>;
let server: RunningServer;
let people: BrowserSuite<Who>['members'];
let postingId = '';
let secondPostingId = '';
let scamPostingId = '';
let firstConversation = '';

const pageAs = (who: Who, width = 1280) => pageAt(suite.browser, server, width, { cookie: people[who].cookie });

const api = (who: Who, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: people[who].cookie },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

beforeAll(async () => {
  suite = await startBrowserSuite(
    {
      admin: 'Ada Admin',
      student: 'Sam Student',
      third: 'Theo Third',
      moderator: { name: 'Mo Moderator', email: MODERATOR_EMAIL },
    },
    async (db, members) => {
      postingId = await insertPosting(db, members.admin.id, { dorm: 'Walsh', curNumSeek: 2, adminName: 'Ada Admin' });
      secondPostingId = await insertPosting(db, members.admin.id, { dorm: 'Voute', adminName: 'Ada Admin' });
      scamPostingId = await insertPosting(db, members.admin.id, { dorm: 'Gabelli', adminName: 'Ada Admin' });
      await db
        .insert(memberSharing)
        .values({ userId: members.student.id, instagramHandle: '@sam.student', phoneNumber: '617-555-0100' })
        .onConflictDoUpdate({ target: memberSharing.userId, set: { instagramHandle: '@sam.student' } });
    },
    { env: { COLLEGE_CONFIG: collegeConfigWith({ moderators: [MODERATOR_EMAIL] }) } },
  );
  ({ server, members: people } = suite);
}, 300_000);
afterAll(() => suite?.stop());

describe('Conversations', () => {
  it('ping, a live reply by keyboard, accept, Instagram shared by consent, a reported message', async () => {
    const pinged = await api('student', `/api/postings/${postingId}/pings`, {
      method: 'POST',
      body: { message: 'Hi! Is the room still free? See https://example.com/me.' },
    });
    expect(pinged.status).toBe(201);
    const { conversationId } = (await pinged.json()) as SentPing;
    expect(conversationId).toBeTruthy();
    firstConversation = conversationId ?? '';

    // The admin: one unread message in the navigation, the conversation in the list.
    const admin = await pageAs('admin');
    await admin.page.goto(`${server.url}/messages`);
    const adminNav = admin.page.getByRole('navigation', { name: 'Main' });
    await adminNav.getByRole('link', { name: /^Messages\s*,\s*1 unread$/ }).waitFor();
    const row = admin.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Sam Student/ });
    await row.waitFor();
    await expectAccessible(admin.page);
    await shot(admin.page, 'messages-list');
    // With both counts (a message, a ping), the bar still holds one line down to 886 px.
    await admin.page.setViewportSize({ width: 886, height: 900 });
    await expectNoSidewaysScroll(admin.page);
    const tops = await admin.page.evaluate(() =>
      [...document.querySelectorAll('header nav ul > li')].map((li) => Math.round(li.getBoundingClientRect().top)),
    );
    expect(Math.max(...tops) - Math.min(...tops), `links on one line: ${tops}`).toBeLessThanOrEqual(2);
    await admin.page.setViewportSize({ width: 1280, height: 900 });

    // The student, on the conversation: waiting for the group.
    const student = await pageAs('student');
    await student.page.goto(`${server.url}/messages/${conversationId}`);
    await student.page.getByRole('heading', { name: 'Ada Admin', level: 2 }).waitFor();
    const link = student.page
      .getByRole('region', { name: 'Messages' })
      .getByRole('link', { name: 'https://example.com/me' });
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    await student.page.getByText(/Your ping is waiting for the group/).waitFor();
    await expectAccessible(student.page);

    // The admin opens it (it is read) and replies by keyboard alone.
    await row.click();
    await admin.page.getByRole('heading', { name: 'Sam Student', level: 2 }).waitFor();
    await expect
      .poll(() => adminNav.getByRole('link', { name: /^Messages/ }).textContent(), { timeout: 5000 })
      .toBe('Messages');
    const box = admin.page.getByLabel('Your message');
    await box.focus();
    await admin.page.keyboard.type('Yes! <b>Come</b> see it on Friday.');
    await admin.page.getByText('34 / 2,000 characters').waitFor();
    await admin.page.keyboard.press('Control+Enter');
    await expect.poll(() => box.inputValue()).toBe('');
    await admin.page
      .getByRole('region', { name: 'Messages' })
      .getByText('Yes! <b>Come</b> see it on Friday.')
      .waitFor();
    await expectAccessible(admin.page);

    // The student sees it without a reload, hears it, and may now write.
    const messages = student.page.getByRole('region', { name: 'Messages' });
    await messages.getByText('Yes! <b>Come</b> see it on Friday.').waitFor({ timeout: 5000 });
    await expect
      .poll(() => student.page.getByRole('status').filter({ hasText: 'New message from Ada Admin' }).count())
      .toBe(1);
    await student.page.getByLabel('Your message').waitFor();
    // Tab reaches Send after the box; Enter on it sends.
    await student.page.getByLabel('Your message').fill('Great, Friday works.');
    await student.page.getByLabel('Your message').focus();
    await student.page.keyboard.press('Tab');
    expect(await student.page.evaluate(() => document.activeElement?.textContent)).toBe('Send');
    await student.page.keyboard.press('Enter');
    await admin.page
      .getByRole('region', { name: 'Messages' })
      .getByText('Great, Friday works.')
      .waitFor({ timeout: 5000 });
    // Seen in the open conversation: read, so no count in the navigation.
    await expect
      .poll(() => adminNav.getByRole('link', { name: /^Messages/ }).textContent(), { timeout: 5000 })
      .toBe('Messages');
    await shot(student.page, 'conversation');

    // The admin accepts from Pings Received, which links to the conversation.
    await admin.page.goto(`${server.url}/myProfile`);
    const ping = admin.page.getByRole('list', { name: 'Pings Received' }).getByRole('article', { name: 'Sam Student' });
    await ping.getByRole('link', { name: 'Conversation with Sam Student' }).waitFor();
    await ping.getByRole('button', { name: 'Accept ping from Sam Student' }).click();
    await ping.getByText('Status: Accepted').waitFor();
    await ping.getByRole('link', { name: 'Conversation with Sam Student' }).click();
    await admin.page.getByRole('heading', { name: 'Sam Student', level: 2 }).waitFor();

    // The student shares Instagram; the admin sees it in the conversation.
    await student.page.getByText('Contact details and safety').click();
    await student.page.getByRole('checkbox', { name: 'Instagram' }).check();
    await student.page.getByRole('button', { name: 'Share my contact details' }).click();
    await student.page.getByText('Shared with this conversation only.').waitFor();
    await admin.page.reload();
    const shared = admin.page.getByRole('region', { name: 'Shared contact details' });
    await shared.getByText('Instagram: @sam.student').waitFor();
    expect(await shared.getByText('617-555-0100').count()).toBe(0);
    await expectAccessible(admin.page);
    await shot(admin.page, 'conversation-shared');

    // The student reports the admin's message.
    await student.page.getByRole('button', { name: 'Report message from Ada Admin' }).click();
    const dialog = student.page.getByRole('dialog', { name: 'Report this message' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: 'Inappropriate' }).check();
    await expectAccessible(student.page);
    await shot(student.page, 'report-message');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await student.page.getByRole('dialog', { name: 'Report Sent' }).waitFor();
    await student.page.getByRole('button', { name: 'OK' }).click();
    const queue = await api('moderator', '/api/moderation/message-reports');
    expect(queue.status).toBe(200);
    const { items } = (await queue.json()) as { items: { message: { body: string }; reason: string }[] };
    expect(items.map((item) => [item.reason, item.message.body])).toEqual([
      ['inappropriate', 'Yes! <b>Come</b> see it on Friday.'],
    ]);
    const moderator = await pageAs('moderator');
    await moderator.page.goto(`${server.url}/moderation`);
    const reported = moderator.page.getByRole('list', { name: 'Reported messages' });
    await reported.getByRole('heading', { name: 'Message from Ada Admin about Walsh Hall' }).waitFor();
    await reported.getByText('Yes! <b>Come</b> see it on Friday.', { exact: true }).first().waitFor();
    await expectAccessible(moderator.page);
    await moderator.context.close();
    await student.context.close();
    await admin.context.close();
  });

  it('the admin blocks a third student, whose next ping reaches nobody though it looks sent; the unread e-mails are a profile setting', async () => {
    const pinged = await api('third', `/api/postings/${postingId}/pings`, { method: 'POST', body: { message: 'Hey' } });
    expect(pinged.status).toBe(201);
    const { conversationId } = (await pinged.json()) as SentPing;
    const admin = await pageAs('admin');
    await admin.page.goto(`${server.url}/messages/${conversationId}`);
    await admin.page.getByRole('heading', { name: 'Theo Third', level: 2 }).waitFor();
    await admin.page.getByText('Contact details and safety').click();
    await admin.page.getByRole('button', { name: 'Block Theo Third' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Block Theo Third?' });
    await confirm.waitFor();
    // Focus starts on Cancel: blocking is never one keypress away.
    expect(await admin.page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await expectAccessible(admin.page);
    await confirm.getByRole('button', { name: 'Block', exact: true }).click();
    await admin.page.getByRole('dialog', { name: 'Blocked' }).getByRole('button', { name: 'OK' }).click();
    // Answered as any ping (issue 30): the block is not announced, and the ping reaches nobody.
    const again = await api('third', `/api/postings/${secondPostingId}/pings`, { method: 'POST', body: {} });
    expect(again.status).toBe(201);
    const withheldId = ((await again.json()) as SentPing).id;
    const inbox = await api('admin', '/api/pings/received');
    expect(JSON.stringify(await inbox.json())).not.toContain(withheldId);

    await admin.page.goto(`${server.url}/myProfile#messages`);
    // The profile lists whom the admin blocked (waited for first: the section is then drawn whole).
    const blocked = admin.page.getByRole('list', { name: 'Blocked students' });
    await blocked.getByText('Theo Third', { exact: true }).waitFor();
    const setting = admin.page.getByRole('checkbox', { name: 'E-mail me about messages I have not read' });
    await expect.poll(() => setting.isChecked()).toBe(true);
    await setting.uncheck();
    await admin.page.getByText('E-mails about unread messages are off.').waitFor();
    const saved = await api('admin', '/api/me/conversation-settings');
    expect(await saved.json()).toEqual({ unreadEmail: false });
    await expectAccessible(admin.page);
    await shot(admin.page, 'profile-messages-blocked');
    // Unblock lets the student ping again.
    await blocked.getByRole('button', { name: 'Unblock Theo Third' }).click();
    await admin.page.getByRole('status').getByText(cm.unblocked).waitFor();
    await admin.page.getByText('You have not blocked anyone.').waitFor();
    // The withheld ping waits, then expires, as any unanswered ping: asking again is refused as for anyone.
    const unblocked = await api('third', `/api/postings/${secondPostingId}/pings`, { method: 'POST', body: {} });
    expect(unblocked.status).toBe(409);
    await admin.context.close();
  });

  it("the unread e-mail's link, signed out: the page asks, only its button turns the e-mails off", async () => {
    const settings = async () => (await (await api('student', '/api/me/conversation-settings')).json()) as object;
    expect(await settings()).toEqual({ unreadEmail: true });
    const token = unreadEmailUnsubscribeToken(SEED_SECRET, people.student.id);
    const visitor = await pageAt(suite.browser, server, 375);
    await visitor.page.goto(`${server.url}${pageAddress.messageEmailsUnsubscribe(people.student.id, token)}`);
    await visitor.page.getByRole('heading', { name: 'E-mails About Unread Messages', level: 1 }).waitFor();
    // Opening the link (as a mail scanner would) changes nothing.
    expect(await settings()).toEqual({ unreadEmail: true });
    await expectAccessible(visitor.page);
    await shot(visitor.page, 'unsubscribe-messages');
    await visitor.page.getByRole('button', { name: 'Turn off these e-mails' }).click();
    await visitor.page
      .getByRole('status')
      .getByText('You will no longer get e-mails about unread messages.', { exact: false })
      .waitFor();
    expect(await settings()).toEqual({ unreadEmail: false });
    await expectAccessible(visitor.page);

    // A link whose token belongs to someone else is refused with a sentence, and changes nothing.
    await visitor.page.goto(`${server.url}${pageAddress.messageEmailsUnsubscribe(people.third.id, token)}`);
    await visitor.page.getByRole('button', { name: 'Turn off these e-mails' }).click();
    await visitor.page.getByRole('alert').getByText('This unsubscribe link is not valid.', { exact: false }).waitFor();
    expect(await (await api('third', '/api/me/conversation-settings')).json()).toEqual({ unreadEmail: true });
    await visitor.context.close();
  });

  it('at 375 px the list and the conversation are two screens', async () => {
    const student = await pageAs('student', 375);
    await student.page.goto(`${server.url}/messages`);
    const row = student.page.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: /Ada Admin/ });
    await row.waitFor();
    await expectAccessible(student.page);
    await expectNoSidewaysScroll(student.page);
    await shot(student.page, 'messages-list');
    await row.click();
    await student.page.getByRole('heading', { name: 'Ada Admin', level: 2 }).waitFor();
    expect(await student.page.getByRole('list', { name: 'Conversations' }).isVisible()).toBe(false);
    await student.page.getByRole('link', { name: '← All conversations' }).waitFor();
    await expectAccessible(student.page);
    await expectNoSidewaysScroll(student.page);
    await shot(student.page, 'conversation');
    await student.page.getByRole('link', { name: '← All conversations' }).click();
    await row.waitFor();
    await student.context.close();
    // Between the wide and the narrow bar, Messages and its count still fit beside the other links.
    const middle = await pageAs('admin', 900);
    await middle.page.goto(`${server.url}/messages`);
    await middle.page.getByRole('list', { name: 'Conversations' }).waitFor();
    await expectNoSidewaysScroll(middle.page);
    await shot(middle.page, 'messages-list');
    await middle.context.close();
  });

  it('opens at the first unread message, pages back keeping the place, and marks read at the end', async () => {
    for (let n = 1; n <= 55; n++) {
      const sent = await api('student', `/api/conversations/${firstConversation}/messages`, {
        method: 'POST',
        body: { body: `Note ${n}` },
      });
      expect(sent.status).toBe(201);
    }
    const admin = await pageAs('admin');
    await admin.page.goto(`${server.url}/messages/${firstConversation}`);
    const region = admin.page.getByRole('region', { name: 'Messages' });
    await region.getByText('Note 55', { exact: true }).waitFor({ state: 'attached' });
    const nav = admin.page.getByRole('navigation', { name: 'Main' });
    // The first unread message of the page is in view, the end is not: nothing is marked read yet.
    await region.getByText('Note 6', { exact: true }).waitFor();
    expect(await region.getByText('Note 6', { exact: true }).isVisible()).toBe(true);
    await nav.getByRole('link', { name: /^Messages\s*,\s*55 unread$/ }).waitFor();
    const inView = (text: string) =>
      admin.page.evaluate((wanted) => {
        const box = document.querySelector('section[aria-label="Messages"]') as HTMLElement;
        const item = [...box.querySelectorAll('li')].find((li) => li.textContent?.includes(wanted));
        if (!item) return false;
        const a = item.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return a.bottom > b.top && a.top < b.bottom;
      }, text);
    expect(await inView('Note 6')).toBe(true);
    expect(await inView('Note 55')).toBe(false);

    // Earlier messages arrive above without moving what the reader sees.
    await region.getByRole('button', { name: 'Show earlier messages' }).click();
    await region.getByText('Note 1', { exact: true }).waitFor({ state: 'attached' });
    expect(await inView('Note 6')).toBe(true);

    // By keyboard: the region takes focus and End reaches the last message, which marks all read.
    await region.focus();
    await admin.page.keyboard.press('End');
    await expect.poll(() => inView('Note 55')).toBe(true);
    await expect
      .poll(() => nav.getByRole('link', { name: /^Messages/ }).textContent(), { timeout: 5000 })
      .toBe('Messages');
    await admin.context.close();
  });

  it('a message asking for money before a viewing: its reader sees a safety note and reports it from there; its sender sees nothing', async () => {
    const scam =
      "I'm abroad right now, so I can't show you the room. Zelle me the $500 deposit to hold it and I'll mail you the keys.";
    const pinged = await api('student', `/api/postings/${scamPostingId}/pings`, {
      method: 'POST',
      body: { message: 'Hi! Is the Gabelli room still free?' },
    });
    expect(pinged.status).toBe(201);
    const { conversationId } = (await pinged.json()) as SentPing;
    const student = await pageAs('student');
    await student.page.goto(`${server.url}/messages/${conversationId}`);
    await student.page.getByRole('heading', { name: 'Ada Admin', level: 2 }).waitFor();
    const admin = await pageAs('admin');
    await admin.page.goto(`${server.url}/messages/${conversationId}`);
    await admin.page.getByRole('heading', { name: 'Sam Student', level: 2 }).waitFor();

    // The admin writes it; their own view shows the message and no note.
    await admin.page.getByLabel('Your message').fill(scam);
    await admin.page.getByRole('button', { name: 'Send' }).click();
    const adminMessages = admin.page.getByRole('region', { name: 'Messages' });
    await adminMessages.getByText(scam).waitFor();

    // The student sees it arrive with the note under it, and hears the note with the message.
    const studentMessages = student.page.getByRole('region', { name: 'Messages' });
    const note = studentMessages.getByRole('note', { name: 'Safety note' });
    await note.waitFor({ timeout: 5000 });
    await note.getByText(cm.scamWarning.note).waitFor();
    await expect.poll(() => student.page.getByRole('status').filter({ hasText: cm.scamWarning.note }).count()).toBe(1);
    // Only under that message (the student's own ping has none), where the note's button takes the
    // place of the plain Report.
    expect(await studentMessages.getByRole('note').count()).toBe(1);
    expect(await studentMessages.getByRole('button', { name: 'Report message from Ada Admin' }).count()).toBe(0);
    await expectAccessible(student.page);
    await shot(student.page, 'scam-warning');

    // The sender is never told: not live, not on the page drawn again.
    expect(await adminMessages.getByRole('note').count()).toBe(0);
    expect(await admin.page.getByText(cm.scamWarning.note).count()).toBe(0);
    await admin.page.reload();
    await adminMessages.getByText(scam).waitFor();
    expect(await admin.page.getByText(cm.scamWarning.note).count()).toBe(0);
    await expectAccessible(admin.page);
    await shot(admin.page, 'scam-warning-sender');

    // Drawn again for the reader (by the server, then the browser), the note is still there, and
    // its button opens the report form on 'Scam or fake'.
    await student.page.reload();
    await note.waitFor();
    await note.getByRole('button', { name: 'Report this message from Ada Admin' }).click();
    const dialog = student.page.getByRole('dialog', { name: 'Report this message' });
    await dialog.waitFor();
    await dialog.getByText(scam).waitFor();
    expect(await dialog.getByRole('radio', { name: 'Scam or fake' }).isChecked()).toBe(true);
    await expectAccessible(student.page);
    await shot(student.page, 'scam-warning-report');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await student.page.getByRole('dialog', { name: 'Report Sent' }).getByRole('button', { name: 'OK' }).click();
    const queue = (await (await api('moderator', '/api/moderation/message-reports')).json()) as {
      items: { message: { body: string }; reason: string }[];
    };
    expect(queue.items.filter((item) => item.message.body === scam).map((item) => item.reason)).toEqual(['scam']);
    await admin.context.close();

    // At 375 px the note fits the screen.
    await student.page.setViewportSize({ width: 375, height: 800 });
    await note.waitFor();
    await expectNoSidewaysScroll(student.page);
    await expectAccessible(student.page);
    await shot(student.page, 'scam-warning');
    await student.context.close();
  });
});
