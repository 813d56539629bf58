/**
 * Groups of students who said yes (issue 23) in a real browser. An admin lists two members with
 * college addresses in the posting form and both invitations reach a local SMTP server. One student
 * follows the link, signs in with the OpenID provider, joins with the keyboard alone, and shares
 * only their Instagram; the other answers "This isn't me". A third student sees the joined member's
 * name and Instagram, and only the name and year of the other. The admin makes the joined member a
 * co-admin, who changes the posting's status and then leaves the group. Every page visited passes
 * axe at 1280 and 375 px (SCREENSHOT_DIR=... keeps a screenshot of each).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { pingMessages } from '../../src/shared/ping-messages';
import { expectAccessible, expectNoSidewaysScroll, shot } from '../support/browser';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc';
import { type BrowserSuite, pageAt, startBrowserSuite } from '../support/seeded-server';
import type { RunningServer } from '../support/server';
import { linkIn, type TestSmtpServer } from '../support/smtp';

type Who = 'admin' | 'olivia' | 'theo';
const stamp = Date.now();
const JANE = { name: 'Jane Doe', email: `jane.doe.${stamp}@bc.edu` };

let oidc: TestOidcProvider;
let suite: BrowserSuite<Who>;
let server: RunningServer;
let smtp: TestSmtpServer;
let postingId = '';

const pageAs = (who: Who | null, width = 1280) =>
  pageAt(suite.browser, server, width, { cookie: who ? suite.members[who].cookie : undefined });

/** axe at 375 and 1280 px on the page as it is, with a screenshot of each width. */
async function checkWidths(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    if (width === 375) await expectNoSidewaysScroll(page);
    await shot(page, `groups-${name}`);
  }
}

async function isFocused(target: Locator): Promise<boolean> {
  return (await target.count()) > 0 && target.first().evaluate((el) => el === document.activeElement);
}

/** Presses Tab until `target` has focus (the keyboard alone). */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`${max} presses of Tab never reached ${target}`);
}

async function acceptTerms(page: Page) {
  const terms = page.getByRole('dialog', { name: 'Terms & Conditions' });
  await terms.waitFor();
  await expectAccessible(page);
  await terms.getByRole('button', { name: 'I Agree' }).click();
  await terms.waitFor({ state: 'detached' });
}

/**
 * Signs in with the local provider as `login`: the sign-in page's link opens the provider's pages
 * in this window (issue 31: no popup), which then bring the browser back to the app.
 */
async function signInWithProvider(page: Page, login: string) {
  const app = new URL(server.url).origin;
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await page.waitForURL((address) => address.origin !== app);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((address) => address.origin === app);
}

const membersList = (page: Page) => page.getByRole('region', { name: /^Current Group Members/ }).getByRole('listitem');
const memberCard = (page: Page, name: string) =>
  membersList(page).filter({ has: page.getByText(name, { exact: true }) });
const manageRow = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Manage group' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUris: ['http://127.0.0.1/api/auth/callback/oidc'], anyLoopbackPort: true });
  oidc.addAccount('jane', { email: JANE.email, name: JANE.name, emailVerified: true });
  suite = await startBrowserSuite({ admin: 'Ada Admin', olivia: 'Olivia Other', theo: 'Theo Third' }, undefined, {
    env: oidc.env,
  });
  ({ server, smtp } = suite);
  // The machine may be shared: seeding runs initdb and every migration first.
}, 300_000);
afterAll(async () => {
  await suite?.stop();
  await oidc?.stop();
});

describe('groups of students who said yes', () => {
  let janeLink = '';
  /** Jane's browser: signed in once with the provider, kept for the later steps. */
  let jane: Awaited<ReturnType<typeof pageAs>>;
  let oliviaLink = '';

  it('the admin lists two members with college addresses; both invitations arrive', async () => {
    const { context, page } = await pageAs('admin');
    await page.goto(`${server.url}/create-posting`);
    await expect.poll(() => page.getByLabel('Admin name').inputValue()).toBe('Ada Admin');
    await page.getByLabel('Dorm').selectOption({ label: 'Walsh Hall' });
    const you = page.getByRole('group', { name: 'Group admin (you)' });
    await you.getByRole('combobox', { name: 'Academic year', exact: true }).selectOption('junior');
    await you.getByRole('combobox', { name: 'Gender', exact: true }).selectOption('female');
    const people = [
      { name: JANE.name, year: 'junior', gender: 'female', email: JANE.email },
      { name: 'Olivia Other', year: 'sophomore', gender: 'female', email: suite.members.olivia.email },
    ];
    for (const [i, person] of people.entries()) {
      await page.getByRole('button', { name: 'Add member' }).click();
      const row = page.getByRole('group', { name: `Member ${i + 2}` });
      await row.getByRole('textbox', { name: 'Name' }).fill(person.name);
      await row.getByRole('combobox', { name: 'Academic year' }).selectOption(person.year);
      await row.getByRole('combobox', { name: 'Gender' }).selectOption(person.gender);
      await row.getByLabel('College e-mail (optional)').fill(person.email);
      expect(await row.getByLabel('Instagram (optional)').count()).toBe(0);
    }
    await page.getByLabel('Number of roommates needed').fill('1');
    await checkWidths(page, 'form');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/postings') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    postingId = ((await (await saved).json()) as { id: string }).id;
    await page.getByRole('dialog', { name: messages.submit.created }).getByRole('button', { name: 'OK' }).click();

    const [janeMail, oliviaMail] = await Promise.all([
      smtp.waitForMail(JANE.email, /^You are invited to join a roommate group on /, 30_000),
      smtp.waitForMail(suite.members.olivia.email, /^You are invited to join a roommate group on /, 30_000),
    ]);
    janeLink = linkIn(janeMail, '/invitations/');
    oliviaLink = linkIn(oliviaMail, '/invitations/');
    expect(janeLink.startsWith(`${server.url}/invitations/`)).toBe(true);

    // The admin's 'Manage group' shows both as invited, with their actions named after them.
    await page.goto(`${server.url}/detailView?id=${postingId}`);
    await manageRow(page, JANE.name).getByText('Invited', { exact: true }).waitFor();
    await manageRow(page, 'Olivia Other').getByText('Invited', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Withdraw the invitation to ${JANE.name}` }).waitFor();
    await checkWidths(page, 'manage-invited');
    await context.close();
  });

  it('one student follows the link, signs in with the provider and joins with the keyboard alone', async () => {
    jane = await pageAs(null);
    const { page } = jane;
    await page.goto(janeLink);
    await page.waitForURL(`${server.url}/signin-wall`);
    await signInWithProvider(page, 'jane');
    await acceptTerms(page);
    // Back on the invitation after signing in.
    await page.waitForURL(janeLink);
    const invitation = page.getByRole('region', { name: 'Invitation to join a group' });
    await invitation.getByText('Ada Admin', { exact: true }).waitFor();
    await invitation.getByText(JANE.name, { exact: true }).waitFor();
    await invitation.getByText('Walsh Hall', { exact: true }).waitFor();
    await checkWidths(page, 'invitation');

    await page.locator('body').focus();
    await tabTo(page, page.getByRole('button', { name: 'Join this group' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/detailView?id=${postingId}`);
    await page.getByText('You joined the group').waitFor();
    await memberCard(page, JANE.name).getByText('(you)').waitFor();
    await page.getByRole('button', { name: 'Leave the group at Walsh Hall' }).waitFor();
    // A member does not ping their own group.
    await page.getByText(pingMessages.blocked.ownGroup).waitFor();
    await checkWidths(page, 'detail-joined');

    // Shares only Instagram.
    await page.goto(`${server.url}/myProfile#sharing`);
    const sharing = page.getByRole('region', { name: 'What I share with my groups' });
    for (const box of [
      'Show my academic year',
      'Show my gender',
      'Show my college e-mail',
      'Show my phone number',
      'Show my Instagram',
    ]) {
      expect(await sharing.getByRole('checkbox', { name: box }).isChecked(), box).toBe(false);
    }
    await sharing.getByLabel('Instagram handle').fill('@jane.doe');
    await sharing.getByRole('checkbox', { name: 'Show my Instagram' }).check();
    await sharing.getByRole('button', { name: 'Save what I share' }).click();
    await sharing
      .getByRole('status')
      .getByText(/^Saved\./)
      .waitFor();
    const myGroups = page.getByRole('region', { name: 'My Groups' });
    await myGroups.getByRole('link', { name: 'Walsh Hall', exact: true }).waitFor();
    // A joined member reaches the group's roommate agreement from here (issue 34).
    await myGroups.getByRole('link', { name: 'Roommate agreement of Walsh Hall', exact: true }).waitFor();
    await checkWidths(page, 'profile');
  });

  it('the other student answers "This isn\'t me"', async () => {
    const { context, page } = await pageAs('olivia');
    await page.goto(`${server.url}/`);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^My Profile\s*,\s*1 invitation$/ })
      .waitFor();
    await page.goto(oliviaLink);
    await page.getByRole('button', { name: "This isn't me" }).click();
    await page.getByRole('heading', { level: 1, name: 'Invitation declined' }).waitFor();
    await checkWidths(page, 'declined');
    // The link is spent: the server's refusal is shown as it says it.
    await page.goto(oliviaLink);
    await page.getByRole('alert').getByText('Invitation Not Valid').waitFor();
    await checkWidths(page, 'refused');
    await context.close();
  });

  it('a third student sees the joined member with what they share, and only name and year of the other', async () => {
    const { context, page } = await pageAs('theo');
    await page.goto(`${server.url}/detailView?id=${postingId}`);
    await page.getByRole('heading', { name: 'Current Group Members (3)' }).waitFor();
    const jane = memberCard(page, JANE.name);
    await jane.getByRole('link', { name: /@jane\.doe/ }).waitFor();
    expect(await jane.textContent()).not.toMatch(/Junior|Female|@bc\.edu/);
    expect(await jane.getByText('Not joined yet').count()).toBe(0);
    const olivia = memberCard(page, 'Olivia Other');
    await olivia.getByText('Not joined yet').waitFor();
    await olivia.getByText('Sophomore').waitFor();
    expect(await olivia.getByRole('link').count()).toBe(0);
    expect(await olivia.textContent()).not.toMatch(/Female|@bc\.edu/);
    expect(await page.getByRole('region', { name: 'Manage group' }).count()).toBe(0);
    await checkWidths(page, 'detail-third');
    await context.close();
  });

  it('the admin makes the joined member a co-admin, who changes the status, then leaves', async () => {
    const admin = await pageAs('admin');
    await admin.page.goto(`${server.url}/detailView?id=${postingId}`);
    await manageRow(admin.page, 'Olivia Other').getByText('Declined', { exact: true }).waitFor();
    await admin.page.getByRole('button', { name: `Make ${JANE.name} a co-admin` }).click();
    await admin.page.getByRole('status').getByText(`${JANE.name} is now a co-admin.`).waitFor();
    await admin.page.getByRole('button', { name: `Remove ${JANE.name} as co-admin` }).waitFor();
    await checkWidths(admin.page, 'manage-coadmin');
    // In the admin's form a joined member is a read-only row, sent back as it is.
    await admin.page.getByRole('link', { name: 'Edit', exact: true }).click();
    const adminForm = admin.page.getByRole('form', { name: 'Edit posting' });
    await adminForm.getByText('Joined · Co-admin').waitFor();
    expect(await adminForm.getByRole('group', { name: /^Member \d$/ }).count()).toBe(1);
    await adminForm.getByRole('button', { name: 'Cancel editing' }).click();
    await admin.context.close();

    // The co-admin edits the status from the detail view (no delete), then leaves.
    const { context, page } = jane;
    await page.goto(`${server.url}/detailView?id=${postingId}`);
    await memberCard(page, JANE.name).getByText('Co-admin').waitFor();
    expect(await page.getByRole('button', { name: 'Delete posting' }).count()).toBe(0);
    // The co-admin edits the posting: the members are the administrator's, shown read-only.
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit posting' });
    await form.getByText('The group administrator manages the members: your changes leave them as they are.').waitFor();
    expect(await form.getByRole('group', { name: /^Member \d$/ }).count()).toBe(0);
    expect(await form.getByRole('button', { name: 'Add member' }).count()).toBe(0);
    await form.getByText('Joined · Co-admin').waitFor();
    await form.getByLabel('Group description (optional)').fill('Quiet, tidy juniors who like to cook.');
    await checkWidths(page, 'form-coadmin');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog', { name: messages.submit.updated }).getByRole('button', { name: 'OK' }).click();
    await page.getByText('Quiet, tidy juniors who like to cook.').waitFor();
    const status = page.getByLabel('Status', { exact: true });
    await expect.poll(() => status.inputValue()).toBe('Unfulfilled');
    await status.selectOption('Likely Fulfilled');
    await page.getByRole('status').filter({ hasText: messages.status.updated }).waitFor();
    await checkWidths(page, 'detail-coadmin');

    await page.getByRole('button', { name: 'Leave the group at Walsh Hall' }).click();
    const confirm = page.getByRole('dialog', { name: 'Leave this group?' });
    await confirm.waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Leave group' }).click();
    await page.waitForURL(`${server.url}/myProfile#groups`);
    await page.getByRole('region', { name: 'My Groups' }).getByText('You have not joined a group yet.').waitFor();
    await checkWidths(page, 'profile-left');
    await context.close();

    const check = await pageAs('theo');
    await check.page.goto(`${server.url}/detailView?id=${postingId}`);
    await check.page.getByText('Likely Fulfilled').first().waitFor();
    // Her shared details left the posting with her.
    await check.page.getByRole('heading', { name: /^Current Group Members/ }).waitFor();
    expect(await check.page.getByRole('link', { name: /@jane\.doe/ }).count()).toBe(0);
    await check.context.close();
  });

  it('the admin adds a member, who joins from their profile; the admin hands the group over to them', async () => {
    const admin = await pageAs('admin');
    await admin.page.goto(`${server.url}/detailView?id=${postingId}`);
    await admin.page.getByRole('link', { name: 'Edit', exact: true }).click();
    const form = admin.page.getByRole('form', { name: 'Edit posting' });
    await form.getByRole('button', { name: 'Add member' }).click();
    const rows = form.getByRole('group', { name: /^Member \d$/ });
    const added = rows.last();
    await added.getByRole('textbox', { name: 'Name' }).fill('Theo Third');
    await added.getByRole('combobox', { name: 'Academic year' }).selectOption('senior');
    await added.getByRole('combobox', { name: 'Gender' }).selectOption('male');
    await added.getByLabel('College e-mail (optional)').fill(suite.members.theo.email);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await admin.page.getByRole('dialog', { name: messages.submit.updated }).getByRole('button', { name: 'OK' }).click();
    await smtp.waitForMail(suite.members.theo.email, /^You are invited to join a roommate group on /, 30_000);

    // Theo answers from the profile's Invitations, reached by its own address.
    const theo = await pageAs('theo', 375);
    await theo.page.goto(`${server.url}/myProfile#invitations`);
    const invitations = theo.page.getByRole('region', { name: 'Invitations' });
    await invitations.getByText("Ada Admin's group at Walsh Hall").waitFor();
    await expect.poll(() => theo.page.evaluate(() => document.activeElement?.id)).toBe('invitations');
    await checkWidths(theo.page, 'profile-invitations');
    await invitations.getByRole('button', { name: 'Join this group' }).click();
    await theo.page.waitForURL(`${server.url}/detailView?id=${postingId}`);
    await memberCard(theo.page, 'Theo Third').getByText('(you)').waitFor();

    // The admin hands the group over to Theo, after a confirmation, and leaves it.
    await admin.page.goto(`${server.url}/detailView?id=${postingId}`);
    await manageRow(admin.page, 'Theo Third').getByText('Joined', { exact: true }).waitFor();
    await admin.page.getByRole('button', { name: 'Hand over the group to Theo Third' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Hand over the group to Theo Third?' });
    await confirm.waitFor();
    await expectAccessible(admin.page);
    await confirm.getByRole('button', { name: 'Hand over and leave' }).click();
    await admin.page.getByText("Theo Third is now the group's administrator.").first().waitFor();
    await expect.poll(() => admin.page.getByRole('region', { name: 'Manage group' }).count()).toBe(0);
    expect(await admin.page.getByRole('button', { name: 'Delete posting' }).count()).toBe(0);
    await admin.context.close();

    await theo.page.reload();
    await theo.page.getByRole('region', { name: 'Manage group' }).waitFor();
    await memberCard(theo.page, 'Theo Third').getByText('Administrator').waitFor();
    await theo.context.close();
  });
});
