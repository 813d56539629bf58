/**
 * Injection strings render as text in pages (issue 12, item 3; the API and e-mails are covered by
 * tests/integration/hostile-uploads-and-text.test.ts). Postings are created through the API with
 * markup, script URLs and template syntax in every free-text field (address, description, member
 * names, custom genders, member e-mail), by an admin and a student whose account names hold them
 * too; a ping carrying them all is sent through the page. The cards on /postings, each detail
 * view and the admin's inbox show every string literally, and no script ran: window.__pwned stays
 * undefined, no dialog opened, and the DOM holds no element or attribute the strings could inject.
 * Every page passes axe.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema';
import { PROFILE_LIST_INITIAL, PROFILE_LIST_STEP } from '../../src/shared/options';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import { POSTING_LIMITS } from '../../src/shared/schemas/posting';
import { expectAccessible, launchBrowser } from '../support/browser';
import { INJECTIONS } from '../support/hostile';
import { pageAt, type SeededServer, startSeededServer } from '../support/seeded-server';

/** Markup that would run script, load something or change the page if it were parsed as HTML. */
const PAGE_INJECTIONS = [
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload=window.__pwned=1>',
  "'><body onload=window.__pwned=1>",
  '<iframe srcdoc="<script>parent.__pwned=1</script>">',
  '<a href="javascript:window.__pwned=1">click</a>',
  'javascript:window.__pwned=1',
  '<details open ontoggle=window.__pwned=1>',
  '</p><script>window.__pwned=1</script><p>',
  '&lt;b&gt;entity&lt;/b&gt;',
];

/** Not a control character and not half of a surrogate pair. */
const printable = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x20 && (code < 0xd800 || code > 0xdfff);
};

/** The shared hostile strings a text field keeps as typed (no U+0000, no lone surrogate, no line breaks), and the ones above. */
const STRINGS = [
  ...new Set([
    ...INJECTIONS.filter((s) => s.length > 0 && s.trim() === s && [...s].every(printable)),
    ...PAGE_INJECTIONS,
  ]),
];

const ADMIN_NAME = '<img src=x onerror="window.__pwned=1"> {{7*7}} Ada';
// biome-ignore lint/suspicious/noTemplateCurlyInString: template syntax is the point
const STUDENT_NAME = '<script>window.__pwned=1</script> ${7*7} Sam';
/**
 * The most unusual address the e-mail rule takes (markup, `?` and lists are refused by the server
 * since issue 22), at the college's domain (invitations go only there since issue 23). A member who
 * has not joined never shows it (only their name and year); its mailto link's encoding is
 * src/client/ui/mailto.test.ts's.
 */
const MEMBER_EMAIL = "o'neil+rooms@bc.edu";
const DESCRIPTION = STRINGS.join('\n');
const PING_MESSAGE = STRINGS.join(' | ');

/** The strings in groups whose joined text fits one address. */
function addressGroups(strings: string[]): string[][] {
  const groups: string[][] = [[]];
  for (const s of strings) {
    const group = groups.at(-1) as string[];
    if (group.length > 0 && [...group, s].join(' ').length > POSTING_LIMITS.address) groups.push([s]);
    else group.push(s);
  }
  return groups;
}

function offCampusPosting(group: string[]) {
  return {
    listingLocation: 'offcampus',
    dorm: '',
    address: group.join(' '),
    adminName: '',
    adminEmail: '',
    adminAcademicYear: 'junior',
    adminGender: 'other',
    adminCustomGender: (group.find((s) => s.length <= POSTING_LIMITS.customGender) ?? '') as string,
    adminPhone: '617-555-0101',
    adminInstagram: 'ada.admin',
    members: [
      { name: '', academicYear: '', gender: '', customGender: '', email: '', instagramHandle: '' },
      ...group.map((s) => ({
        name: s,
        academicYear: 'senior',
        gender: 'other',
        customGender: s.length <= POSTING_LIMITS.customGender ? s : 'Nonbinary',
        email: MEMBER_EMAIL,
        instagramHandle: '',
      })),
    ],
    curNumSeek: 1,
    monthlyRent: '$3,600',
    rentType: 'total',
    rentStart: '2027-06-01',
    rentEnd: '2028-05-31',
    utilities: 'not-included',
    sublet: false,
    description: DESCRIPTION,
  };
}

let seeded: SeededServer;
let browser: Browser;
let adminCookie = '';
let studentCookie = '';
const postings: { id: string; address: string; group: string[] }[] = [];

async function createPosting(posting: ReturnType<typeof offCampusPosting>): Promise<Response> {
  const form = new FormData();
  form.append('posting', JSON.stringify(posting));
  return fetch(`${seeded.server.url}/api/postings`, {
    method: 'POST',
    headers: { cookie: adminCookie, origin: seeded.server.url },
    body: form,
  });
}

beforeAll(async () => {
  [seeded, browser] = await Promise.all([
    startSeededServer({ admin: 'Ada Admin', student: 'Sam Student' }, async (db, members) => {
      // The names go in after sign-up: the seeded e-mail addresses are made from them.
      await db
        .update(user)
        .set({ name: ADMIN_NAME })
        .where(eq(user.id, members.admin?.id ?? ''));
      await db
        .update(user)
        .set({ name: STUDENT_NAME })
        .where(eq(user.id, members.student?.id ?? ''));
    }),
    launchBrowser(),
  ]);
  // Fresh sessions, so nothing remembers the names from before.
  adminCookie = await seeded.cookieOf(seeded.members.admin?.email ?? '');
  studentCookie = await seeded.cookieOf(seeded.members.student?.email ?? '');
  for (const group of addressGroups(STRINGS)) {
    const response = await createPosting(offCampusPosting(group));
    expect(response.status, await response.clone().text()).toBe(201);
    postings.push({ id: ((await response.json()) as { id: string }).id, address: group.join(' '), group });
  }
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await seeded?.stop();
});

/** Anything the strings could have added to the page if they had been parsed as HTML. */
function injectedMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      const tag = el.tagName.toLowerCase();
      for (const attribute of el.attributes) {
        if (/^on/i.test(attribute.name)) found.push(`<${tag} ${attribute.name}>`);
        if (/^\s*javascript:/i.test(attribute.value)) found.push(`<${tag} ${attribute.name}="${attribute.value}">`);
        if (attribute.name === 'srcdoc') found.push(`<${tag} srcdoc>`);
      }
      // The inline script elements allowed are the server's own data, in the head: the page's
      // answers (decision 0019), the query cache it drew the page from (decision 0029) and the
      // page's modules (decision 0030).
      const pageAnswers =
        ['page-answers', 'page-queries', 'page-modules'].includes(el.id) &&
        el.getAttribute('type') === 'application/json' &&
        el.parentElement === document.head;
      if (tag === 'script' && !el.hasAttribute('src') && !pageAnswers) found.push('an inline <script>');
      if (['iframe', 'object', 'embed'].includes(tag)) found.push(`<${tag}>`);
      if (tag === 'img' && el.getAttribute('src') === 'x') found.push('<img src=x>');
      if (tag === 'body' && el !== document.body) found.push('a second <body>');
    }
    return found;
  });
}

/** A page that records every dialog (alert, confirm, prompt) something opens. */
async function watchedPage(cookie: string) {
  const opened = await pageAt(browser, seeded.server, 1280, { cookie });
  const dialogs: string[] = [];
  opened.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { ...opened, dialogs };
}

async function expectNothingRan(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(await injectedMarkup(page)).toEqual([]);
}

describe('injection strings render as text', () => {
  it('refuses markup as an Instagram handle (only letters, digits, dots and underscores)', async () => {
    const response = await createPosting({
      ...offCampusPosting(['12 Foster Street']),
      adminInstagram: '"><svg onload=window.__pwned=1>',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
      postingValidation.adminInstagram,
    );
  });

  it('on the cards of /postings', async () => {
    const { context, page, dialogs } = await watchedPage(studentCookie);
    await page.goto(`${seeded.server.url}/postings?location=offcampus`);
    const cards = page.getByRole('list', { name: 'Postings', exact: true });
    await cards.getByRole('article').first().waitFor();
    expect(await cards.getByRole('article').count()).toBe(postings.length);
    for (const { address } of postings) {
      // The place line of the card holds the address, character for character.
      const place = cards.getByText(address, { exact: true });
      expect(await place.count(), address).toBe(1);
      expect(await place.textContent()).toBe(address);
    }
    await expectNothingRan(page, dialogs);
    await expectAccessible(page);
    await context.close();
  });

  it('in every detail view', async () => {
    const { context, page, dialogs } = await watchedPage(studentCookie);
    for (const { id, address, group } of postings) {
      await page.goto(`${seeded.server.url}/detailView?id=${id}`);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.textContent()).toBe(address);
      await expect.poll(() => page.title()).toContain(address);
      const about = page.getByRole('region', { name: 'About the Group' });
      expect(await about.locator('p').textContent()).toBe(DESCRIPTION);
      const admin = page.getByRole('region', { name: 'Group Administrator' });
      expect(await admin.getByText(ADMIN_NAME, { exact: true }).textContent()).toBe(ADMIN_NAME);
      const members = page.getByRole('region', { name: /Current Group Members/ });
      for (const s of group) {
        expect(await members.getByText(s, { exact: true }).first().textContent(), s).toBe(s);
      }
      // Members who have not joined show their name and year only: no address, no gender.
      expect(await members.getByText('Not joined yet').count()).toBe(group.length);
      expect(await members.getByText(MEMBER_EMAIL).count()).toBe(0);
      expect(await members.getByRole('link', { name: MEMBER_EMAIL }).count()).toBe(0);
      // Member 1, the admin, shows the posting's admin contact: their custom gender as typed.
      const adminGender = group.find((s) => s.length <= POSTING_LIMITS.customGender);
      if (adminGender) {
        const gender = members.getByRole('listitem').first().getByText(adminGender, { exact: true });
        expect(await gender.textContent()).toBe(adminGender);
      }
      await expectNothingRan(page, dialogs);
      await expectAccessible(page);
    }
    await context.close();
  });

  it("in a ping sent from the detail view, as the admin's inbox shows it", async () => {
    const [first] = postings;
    if (!first) throw new Error('no posting was created');
    const student = await watchedPage(studentCookie);
    await student.page.goto(`${seeded.server.url}/detailView?id=${first.id}`);
    await student.page.getByRole('button', { name: 'Ping Interest' }).click();
    const form = student.page.getByRole('dialog', { name: 'Ping Interest' });
    await form.getByLabel('Message (optional)').fill(PING_MESSAGE);
    await expectNothingRan(student.page, student.dialogs);
    await expectAccessible(student.page);
    await form.getByRole('button', { name: 'Send Ping' }).click();
    await student.page.getByRole('button', { name: 'OK' }).click();
    await expectNothingRan(student.page, student.dialogs);
    await student.context.close();

    const admin = await watchedPage(adminCookie);
    await admin.page.goto(`${seeded.server.url}/myProfile`);
    const inbox = admin.page.getByRole('list', { name: 'Pings Received' });
    const ping = inbox.getByRole('article', { name: STUDENT_NAME });
    await ping.waitFor();
    expect(await ping.getByText(STUDENT_NAME, { exact: true }).first().textContent()).toBe(STUDENT_NAME);
    expect(await ping.getByText(PING_MESSAGE, { exact: true }).textContent()).toBe(PING_MESSAGE);
    // The admin's own postings are listed on the same page, as cards, a few at a time.
    const section = admin.page.getByRole('region', { name: 'My Administered Posts' });
    const cards = section.getByRole('list', { name: 'My Administered Posts' }).getByRole('article');
    await cards.first().waitFor();
    for (let shown = PROFILE_LIST_INITIAL; shown < postings.length; shown += PROFILE_LIST_STEP) {
      await section.getByRole('button', { name: 'SHOW MORE POSTINGS...' }).click();
      await expect.poll(() => cards.count()).toBe(Math.min(shown + PROFILE_LIST_STEP, postings.length));
    }
    for (const { address } of postings) {
      const place = section.getByText(address, { exact: true });
      expect(await place.count(), address).toBe(1);
      expect(await place.textContent()).toBe(address);
    }
    await expectNothingRan(admin.page, admin.dialogs);
    await expectAccessible(admin.page);
    await admin.context.close();
  });
});
