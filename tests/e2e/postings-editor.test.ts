import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import PostalMime from 'postal-mime';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import type { PostingDetail } from '../../src/shared/schemas/posting-view';
import { expectAccessible, launchBrowser, openPage } from '../support/browser';
import { browserCookies } from '../support/seeded-server';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

interface Member {
  email: string;
  name: string;
  cookie: string;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

let counter = 0;
/** A real member of the running server: signs up, confirms through the mailed verification link, accepts the terms. */
async function createMember(name: string): Promise<Member> {
  counter += 1;
  const email = `editor${counter}.${Date.now()}@bc.edu`;
  const password = 'correct-horse-battery';
  const headers = { 'content-type': 'application/json', origin: server.url };
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, name, password }),
  });
  expect(signUp.status).toBe(200);
  const mailbox = path.join(server.dataDir, 'mailbox');
  let link: string | undefined;
  for (let attempt = 0; attempt < 100 && !link; attempt++) {
    for (const file of existsSync(mailbox) ? readdirSync(mailbox) : []) {
      const mail = await PostalMime.parse(readFileSync(path.join(mailbox, file)));
      if (!mail.to?.some((to) => to.address === email)) continue;
      link = (mail.text ?? '').match(/https?:\/\/\S+verify-email\?token=\S+/)?.[0];
    }
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!link) throw new Error(`no verification e-mail for ${email}`);
  // The link's page posts its token with the password chosen there, which signs in (decision 0020).
  const token = new URL(link).searchParams.get('token');
  const verified = await fetch(`${server.url}/api/auth/verify-email/confirm`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token, name, password }),
  });
  expect(verified.status).toBe(200);
  const cookie = cookieOf(verified);
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { termsVersion: string };
  const terms = await fetch(`${server.url}/api/me/terms`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ version: config.termsVersion }),
  });
  expect(terms.status).toBe(200);
  return { email, name, cookie };
}

async function signedInPage(member: Member) {
  const { context, page } = await openPage(browser);
  await context.addCookies(browserCookies(server, member.cookie));
  return { context, page };
}

async function api<T>(member: Member, url: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${url}`, { headers: { cookie: member.cookie } });
  return { status: response.status, body: (await response.json()) as T };
}

const photo = async (background: string) => ({
  name: `${background.slice(1)}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

async function dialogText(page: Page, title: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return (await dialog.textContent()) ?? '';
}

let admin: Member;
const createdIds: string[] = [];
let student: Member;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  admin = await createMember('Maeve Kelly');
  student = await createMember('Liam Walsh');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('posting editor', () => {
  let onCampusId: string;

  it('lists every problem of an empty form in "Submission Failed"', async () => {
    const { context, page } = await signedInPage(admin);
    await page.goto(`${server.url}/create-posting`);
    await page.getByRole('heading', { level: 1, name: 'Create Posting' }).waitFor();
    // Admin name and e-mail come from the account and cannot be changed.
    await expect.poll(() => page.getByLabel('Admin name').inputValue()).toBe('Maeve Kelly');
    expect(await page.getByLabel('Admin email').getAttribute('readonly')).not.toBeNull();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Submit posting' }).click();
    const text = await dialogText(page, messages.submit.failedTitle);
    for (const message of [
      postingValidation.selectDorm,
      postingValidation.adminAcademicYear,
      postingValidation.adminGender,
      postingValidation.seekingAtLeastOne,
    ]) {
      expect(text).toContain(message);
    }
    // Member 1 is the admin: their year and gender are asked (and reported) once.
    expect(await page.getByRole('dialog').getByRole('listitem').count()).toBe(4);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'OK' }).click();
    await context.close();
  });

  it('creates an on-campus posting with two images', async () => {
    const { context, page } = await signedInPage(admin);
    await page.goto(`${server.url}/create-posting`);
    await expect.poll(() => page.getByLabel('Admin name').inputValue()).toBe('Maeve Kelly');
    await page.getByLabel('Dorm').selectOption({ label: 'Walsh Hall' });
    const you = page.getByRole('group', { name: 'Group admin (you)' });
    await you.getByRole('combobox', { name: 'Academic year', exact: true }).selectOption('junior');
    await you.getByRole('combobox', { name: 'Gender', exact: true }).selectOption('other');
    await you.getByRole('textbox', { name: 'Your gender', exact: true }).fill('Non-binary');
    await page.getByLabel('Admin phone').fill('617-555-0101');

    expect(await page.getByText('Member 1 (you)').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Add member' }).click();
    const member2 = page.getByRole('group', { name: 'Member 2' });
    await member2.getByRole('textbox', { name: 'Name' }).fill('Priya Patel');
    await member2.getByRole('combobox', { name: 'Academic year' }).selectOption('sophomore');
    await member2.getByRole('combobox', { name: 'Gender' }).selectOption('female');
    // Members get a college e-mail (an invitation to join), no Instagram: joined members share their own.
    expect(await member2.getByLabel('Instagram (optional)').count()).toBe(0);
    await member2.getByLabel('College e-mail (optional)').fill('priya.patel@bc.edu');
    expect(await member2.getByText("We'll e-mail an invitation to join the group.").isVisible()).toBe(true);
    // A row can be added and removed again.
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('button', { name: 'Remove member 3' }).click();
    expect(await page.getByRole('group', { name: /^Member \d$/ }).count()).toBe(1);
    await page.getByLabel('Number of roommates needed').fill('2');

    await page.getByLabel('Add images').setInputFiles([await photo('#8a100b'), await photo('#b29d6c')]);
    const previews = page.getByRole('list', { name: 'Chosen images' }).getByRole('img');
    await expect.poll(() => previews.count()).toBe(2);
    await expectAccessible(page);

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/postings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    createdIds.push(((await (await saved).json()) as PostingDetail).id);
    const done = await dialogText(page, messages.submit.created);
    expect(done).toContain(messages.submit.profilePointer);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'OK' }).click();
    // The form is ready for the next posting.
    await expect.poll(() => page.getByRole('list', { name: 'Chosen images' }).count()).toBe(0);

    const mine = await fetch(`${server.url}/api/me`, { headers: { cookie: admin.cookie } });
    expect(mine.status).toBe(200);
    await context.close();
  });

  it('creates an off-campus posting with rent and dates', async () => {
    const { context, page } = await signedInPage(admin);
    await page.goto(`${server.url}/create-posting`);
    await expect.poll(() => page.getByLabel('Admin name').inputValue()).toBe('Maeve Kelly');
    await page.getByLabel('Dorm').selectOption({ label: 'Voute Hall' });
    await page.getByRole('radio', { name: 'Off-Campus' }).check();
    // Switching clears the other location's fields; the dorm is gone (drawn, hidden and empty).
    expect(await page.getByLabel('Dorm').isVisible()).toBe(false);
    expect(await page.getByLabel('Dorm').inputValue()).toBe('');
    await page.getByLabel('Address').fill('12 Foster Street, Brighton, MA');
    const you = page.getByRole('group', { name: 'Group admin (you)' });
    await you.getByRole('combobox', { name: 'Academic year', exact: true }).selectOption('senior');
    await you.getByRole('combobox', { name: 'Gender', exact: true }).selectOption('male');
    // Contact by consent (issue 19): this admin shows the phone on the posting; nobody ticked Instagram.
    await page.getByLabel('Admin phone').fill('617-555-0199');
    await you.getByRole('checkbox', { name: 'Show the phone number on this posting (off-campus)' }).check();
    await page.getByLabel('Number of roommates needed').fill('3');

    const rent = page.getByLabel('Monthly rent');
    await rent.fill('4,8oo0');
    expect(await rent.inputValue()).toBe('480');
    await rent.fill('4800');
    await rent.press('Tab');
    expect(await rent.inputValue()).toBe('$4800');
    await page.getByLabel('Rent type').selectOption('total');
    await page.getByLabel('Utilities').selectOption('included');
    // The start date defaults to today.
    expect(await page.getByLabel('Start date').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByLabel('Start date').fill('2027-06-01');
    await page.getByLabel('End date').fill('2027-05-01');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    expect(await dialogText(page, messages.submit.failedTitle)).toContain(postingValidation.endBeforeStart);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByLabel('End date').fill('2028-05-31');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/postings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    createdIds.push(((await (await saved).json()) as PostingDetail).id);
    await dialogText(page, messages.submit.created);
    await page.getByRole('button', { name: 'OK' }).click();
    await context.close();
  });

  it('stored both postings as entered', async () => {
    const ids = createdIds;
    const details = await Promise.all(ids.map((id) => api<PostingDetail>(admin, `/api/postings/${id}`)));
    const onCampus = details.find((d) => d.body.listingLocation === 'oncampus')?.body;
    const offCampus = details.find((d) => d.body.listingLocation === 'offcampus')?.body;
    expect(onCampus).toMatchObject({
      dorm: 'Walsh',
      curGroupSize: 2,
      curNumSeek: 2,
      aimInteger: 4,
      status: 'Unfulfilled',
      adminContact: { name: 'Maeve Kelly', gender: 'other', customGender: 'Non-binary' },
      adminShowsPhone: false,
      adminShowsInstagram: false,
    });
    expect(onCampus?.images).toHaveLength(2);
    expect(offCampus).toMatchObject({
      address: '12 Foster Street, Brighton, MA',
      monthlyRent: 4800,
      rentType: 'total',
      utilities: 'included',
      rentStart: '2027-06-01',
      rentEnd: '2028-05-31',
      aimInteger: 4,
      adminContact: { phoneNumber: '617-555-0199' },
      adminShowsPhone: true,
      adminShowsInstagram: false,
    });
    onCampusId = onCampus?.id as string;
  });

  it('edits the on-campus posting: fields and images', async () => {
    const { context, page } = await signedInPage(admin);
    await page.goto(`${server.url}/create-posting?id=${onCampusId}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Posting' }).waitFor();
    await expect.poll(() => page.getByLabel('Dorm').inputValue()).toBe('Walsh');
    const previews = page.getByRole('list', { name: 'Chosen images' }).getByRole('img');
    await expect.poll(() => previews.count()).toBe(2);
    await expectAccessible(page);

    await page.getByLabel('Dorm').selectOption({ label: 'Voute Hall' });
    await page.getByRole('button', { name: 'Move image 2 earlier' }).click();
    await page.getByRole('button', { name: 'Remove image 2' }).click();
    await page.getByLabel('Add images').setInputFiles([await photo('#1a5fb4')]);
    await expect.poll(() => previews.count()).toBe(2);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await dialogText(page, messages.submit.updated);
    await page.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(`${server.url}/detailView?id=${onCampusId}`);

    const { body } = await api<PostingDetail>(admin, `/api/postings/${onCampusId}`);
    expect(body.dorm).toBe('Voute');
    expect(body.images).toHaveLength(2);
    await context.close();
  });

  it('leaves edit mode with the cancel arrow', async () => {
    const { context, page } = await signedInPage(admin);
    await page.goto(`${server.url}/create-posting?id=${onCampusId}`);
    await page.getByRole('button', { name: 'Cancel editing' }).click();
    await page.waitForURL(`${server.url}/create-posting`);
    await page.getByRole('heading', { level: 1, name: 'Create Posting' }).waitFor();
    await context.close();
  });

  it('changes the status from the dropdown', async () => {
    const { context, page } = await signedInPage(admin);
    await page.goto(`${server.url}/create-posting?id=${onCampusId}`);
    const status = page.getByLabel('Status', { exact: true });
    await expect.poll(() => status.inputValue()).toBe('Unfulfilled');
    await status.selectOption('Fulfilled');
    await expect.poll(() => page.getByRole('status').filter({ hasText: messages.status.updated }).count()).toBe(1);
    await expectAccessible(page);
    const { body } = await api<PostingDetail>(admin, `/api/postings/${onCampusId}`);
    expect(body.status).toBe('Fulfilled');
    await context.close();
  });

  it('shows another student no way to edit, change status or delete', async () => {
    const { context, page } = await signedInPage(student);
    await page.goto(`${server.url}/create-posting?id=${onCampusId}`);
    await page.getByText(messages.postingAccess.notAdmin).waitFor();
    expect(await page.getByLabel('Status', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete posting' }).count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });

  it('deletes the posting after the confirmation', async () => {
    const { context, page } = await signedInPage(admin);
    await page.goto(`${server.url}/create-posting?id=${onCampusId}`);
    await page.getByRole('button', { name: 'Delete posting' }).click();
    const confirm = await dialogText(page, 'Delete Posting');
    expect(confirm).toContain(messages.deletePosting.confirm);
    await expectAccessible(page);
    // Cancel keeps it.
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await api(admin, `/api/postings/${onCampusId}`)).status).toBe(200);
    await page.getByRole('button', { name: 'Delete posting' }).click();
    await page.getByRole('dialog', { name: 'Delete Posting' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(`${server.url}/myProfile`);
    expect((await api(admin, `/api/postings/${onCampusId}`)).status).toBe(404);
    await context.close();
  });
});

describe('where it is, and how far to class (issue 33)', () => {
  let pinnedId: string;

  it('an admin places the pin by keyboard alone: typed degrees, then a move button', async () => {
    const { context, page } = await signedInPage(admin);
    await page.goto(`${server.url}/create-posting`);
    await expect.poll(() => page.getByLabel('Admin name').inputValue()).toBe('Maeve Kelly');
    await page.getByRole('radio', { name: 'Off-Campus' }).check();
    await page.getByLabel('Address').fill('140 Commonwealth Avenue, Chestnut Hill, MA');
    const you = page.getByRole('group', { name: 'Group admin (you)' });
    await you.getByRole('combobox', { name: 'Academic year', exact: true }).selectOption('senior');
    await you.getByRole('combobox', { name: 'Gender', exact: true }).selectOption('female');
    await page.getByLabel('Admin phone').fill('617-555-0142');
    await page.getByLabel('Number of roommates needed').fill('1');
    await page.getByLabel('Start date').fill('2027-06-01');
    await page.getByLabel('End date').fill('2028-05-31');

    const pin = page.getByRole('group', { name: 'Pin on the map' });
    await pin.getByRole('button', { name: 'Move north' }).waitFor();
    await expectAccessible(page);
    // From the latitude field on, the keyboard alone: type, Tab, type, Tab to the step, Tab to a move.
    await pin.getByLabel('Latitude').focus();
    await page.keyboard.type('42.3352');
    await page.keyboard.press('Tab');
    await page.keyboard.type('-71.1672');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Move north');
    await page.keyboard.press('Enter');
    // 50 m north.
    expect(await pin.getByLabel('Latitude').inputValue()).toBe('42.33565');
    expect(await pin.getByLabel('Longitude').inputValue()).toBe('-71.1672');
    await pin.getByText('Pin at latitude 42.33565, longitude -71.1672.').waitFor({ state: 'attached' });

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/postings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    const detail = (await (await saved).json()) as PostingDetail;
    pinnedId = detail.id;
    expect(detail.pin).toEqual({ latitude: 42.33565, longitude: -71.1672, exact: true, radiusMeters: null });
    await dialogText(page, messages.submit.created);
    await page.getByRole('button', { name: 'OK' }).click();
    await context.close();
  });

  it('another student sees the area and the walk, filters within 10 minutes and sorts by walking time', async () => {
    const { context, page } = await signedInPage(student);
    await page.goto(`${server.url}/postings?location=offcampus`);
    const card = page.getByRole('article').filter({ hasText: '140 Commonwealth Avenue' });
    await card.getByText('≈ 5 min walk to Main Campus').waitFor();
    // The earlier off-campus posting has no pin: no walk, and the walking filter leaves it out.
    const foster = page.getByRole('article').filter({ hasText: '12 Foster Street' });
    expect(await foster.count()).toBe(1);
    expect(await foster.getByText(/min walk/).count()).toBe(0);
    await expectAccessible(page);

    await page.getByLabel('Walking distance').selectOption({ label: 'Within 10 minutes' });
    await page.waitForURL(/walkMinutes=10/);
    expect(page.url()).toContain('walkPlace=main');
    await expect.poll(() => foster.count()).toBe(0);
    await page.getByLabel('Sort').selectOption({ label: 'Shortest walk first' });
    await page.waitForURL(/sort=walk/);

    // The address is shared: opened afresh, it is the same search.
    const shared = page.url();
    await page.goto(shared);
    await card.getByText('≈ 5 min walk to Main Campus').waitFor();
    expect(await foster.count()).toBe(0);
    expect(await page.getByLabel('Walking distance').inputValue()).toBe('10');
    expect(await page.getByLabel('Walk to').inputValue()).toBe('main');
    expect(await page.getByLabel('Sort').inputValue()).toBe('walk');
    await expectAccessible(page);

    await page.goto(`${server.url}/detailView?id=${pinnedId}`);
    await page.getByText('≈ 5 min walk to Main Campus').waitFor();
    await page.getByText(/Approximate area: within about 200 m of/).waitFor();
    expect(await page.getByText('42.33565').count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });

  it('once the admin accepts their ping, the student sees the exact pin', async () => {
    const headers = (member: Member) => ({
      'content-type': 'application/json',
      origin: server.url,
      cookie: member.cookie,
    });
    const pinged = await fetch(`${server.url}/api/postings/${pinnedId}/pings`, {
      method: 'POST',
      headers: headers(student),
      body: JSON.stringify({}),
    });
    expect(pinged.status).toBe(201);
    const { id: pingId } = (await pinged.json()) as { id: string };
    const accepted = await fetch(`${server.url}/api/pings/${pingId}`, {
      method: 'PATCH',
      headers: headers(admin),
      body: JSON.stringify({ status: 'accepted' }),
    });
    expect(accepted.status).toBe(200);

    const { body } = await api<PostingDetail>(student, `/api/postings/${pinnedId}`);
    expect(body.pin).toEqual({ latitude: 42.33565, longitude: -71.1672, exact: true, radiusMeters: null });
    const { context, page } = await signedInPage(student);
    await page.goto(`${server.url}/detailView?id=${pinnedId}`);
    await page.getByText('Exact location: 42.33565, -71.16720').waitFor();
    await expectAccessible(page);
    await context.close();
  });
});
