/**
 * Issue 31's first tap, on a 430 px phone whose app scripts arrive only after the case's early taps: each early tap, choice
 * and typed value is carried out by the server or kept until the scripts take over, and nothing
 * drawn contradicts itself meanwhile (the set-up: tests/support/first-tap.ts). Here: Load more,
 * saved searches, the landing tabs, the account forms, the profile and the warnings.
 */
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/shared/account-messages';
import { FORM_NOTICES } from '../../src/shared/form-notices';
import { messages } from '../../src/shared/messages';
import { expectAccessible } from '../support/browser';
import {
  cardIds,
  expectNoScriptsYet,
  LATE_SCRIPTS,
  openDrawn,
  postings,
  scriptsArrive,
  seeded,
  setUpFirstTapServer,
  signedInEmail,
  slowPhone,
  tapToLeave,
  url,
  waitForDrawn,
} from '../support/first-tap';

setUpFirstTapServer();

describe('the first tap, with the scripts late on a 430 px phone', LATE_SCRIPTS, () => {
  it('Load more on /postings: the tap opens the next page of results, drawn by the server', async () => {
    const { context, page } = await slowPhone('student');
    await openDrawn(page, '/postings?location=oncampus&dorm=Walsh');
    expect(await page.title()).toMatch(/^Search Postings · /);
    const cards = page.getByRole('list', { name: 'Postings' }).getByRole('listitem');
    expect(await cards.count()).toBe(8);
    const firstPage = await cardIds(page);
    await expectNoScriptsYet(page);
    await tapToLeave(page.getByRole('link', { name: 'Load more' }));
    await waitForDrawn(page, /cursor=/);
    await page.getByRole('link', { name: 'Back to the first postings' }).waitFor();
    // The next two, none of the first page's: the address is that page's, and can be shared.
    const secondPage = await cardIds(page);
    expect(secondPage).toHaveLength(2);
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    expect(await page.getByRole('link', { name: 'Load more' }).count()).toBe(0);
    await scriptsArrive(page);
    expect(await cardIds(page)).toEqual(secondPage);
    await expectAccessible(page);
    // With the scripts, Load more adds the next cards in place.
    await page.getByRole('link', { name: 'Back to the first postings' }).click();
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBe(10);
    expect(page.url()).not.toContain('cursor=');
    await context.close();
  });

  it('Save this search before the scripts saves the search and says so', async () => {
    const { context, page } = await slowPhone('reader');
    await openDrawn(page, '/postings?location=oncampus&dorm=Vanderslice');
    await expectNoScriptsYet(page);
    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.getByText(FORM_NOTICES.SEARCH_SAVED.message).waitFor();
    const saved = await page.request.get(url('/api/saved-searches'));
    expect(((await saved.json()) as { items: { filters: { dorm?: string } }[] }).items).toEqual([
      expect.objectContaining({ filters: expect.objectContaining({ dorm: 'Vanderslice' }) }),
    ]);
    await scriptsArrive(page);
    await expectAccessible(page);
    await context.close();
  });

  it('the landing page’s Off-Campus tab opens the off-campus search at once', async () => {
    const { context, page } = await slowPhone('student');
    await openDrawn(page, '/');
    expect(await page.title()).toMatch(/^Home · /);
    const offCampus = page.getByRole('tab', { name: 'Off-Campus' });
    const rent = page.getByRole('spinbutton', { name: 'Max Rent per Person ($/month)' });
    expect(await rent.count()).toBe(0);
    await expectNoScriptsYet(page);
    await tapToLeave(offCampus);
    await waitForDrawn(page, /\/\?location=offcampus$/);
    await rent.waitFor();
    expect(await offCampus.getAttribute('aria-selected')).toBe('true');
    await scriptsArrive(page);
    expect(await offCampus.getAttribute('aria-selected')).toBe('true');
    // Its Search opens the off-campus results.
    await tapToLeave(page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search' }));
    await waitForDrawn(page, /\/postings\?location=offcampus/);
    await expectAccessible(page);
    await context.close();
  });

  it('Create an account before the scripts: the tap opens the drawn sign-up form, which creates the account', async () => {
    const { context, page } = await slowPhone();
    await openDrawn(page, '/signin-wall');
    await expectNoScriptsYet(page);
    await tapToLeave(page.getByRole('link', { name: 'New here? Create an account' }));
    await waitForDrawn(page, /mode=signUp/);
    await page.locator('#root[data-drawn]').waitFor({ state: 'attached' });
    // The server drew the sign-up form (the scripts of this page are not there yet either).
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    // What is typed is sent by the server's form route, or by the scripts if they came first:
    // the same account either way (the form route alone is shown with JavaScript off below).
    await page.getByRole('textbox', { name: 'Name' }).fill('Early Signer');
    await page.getByRole('textbox', { name: 'College email' }).fill('early.signer@bc.edu');
    await page.getByLabel('Password', { exact: true }).fill('a-long-new-password');
    await page.getByLabel('Repeat password').fill('a-long-new-password');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText(messages.auth.signUpSent('early.signer@bc.edu')).waitFor();
    await scriptsArrive(page);
    await expectAccessible(page);
    await context.close();
  });

  it('the Account section as drawn: Change Password works, and Delete my account opened before the scripts is carried out', async () => {
    const { context, page } = await slowPhone('nell');
    await openDrawn(page, '/myProfile');
    await expectNoScriptsYet(page);
    await page.getByLabel('Current password').fill('correct-horse-battery');
    await page.getByLabel('New password', { exact: true }).fill('a-new-long-password');
    await page.getByLabel('Repeat new password').fill('a-new-long-password');
    await page.getByRole('button', { name: accountMessages.changePassword }).click();
    await page.getByText(accountMessages.passwordChanged).first().waitFor();
    expect(await signedInEmail(page)).toBe(seeded.members.nell.email);

    await openDrawn(page, '/myProfile');
    await expectNoScriptsYet(page);
    await page.locator('label', { hasText: accountMessages.deleteButton }).click();
    await page.getByRole('textbox', { name: /Type your e-mail address/ }).fill(seeded.members.nell.email);
    await scriptsArrive(page);
    // The scripts took it over: the dialog, with what was typed.
    const dialog = page.getByRole('dialog', { name: accountMessages.deleteConfirmTitle });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox').inputValue()).toBe(seeded.members.nell.email);
    await expectAccessible(page);
    await tapToLeave(dialog.getByRole('button', { name: accountMessages.deleteConfirm }));
    await waitForDrawn(page, /\/signin-wall/);
    expect(await signedInEmail(page)).toBeUndefined();
    await context.close();
  });
});

// axe runs as a script in the page: with JavaScript off it cannot, and these pages are the ones
// checked above with their scripts (every-route-axe.test.ts checks every route besides).
describe('the first tap on the profile and the warnings, with the scripts late', LATE_SCRIPTS, () => {
  it("the profile's sections are drawn with their data; Delete and Join before the scripts are carried out", async () => {
    const { context, page } = await slowPhone('gus');
    await openDrawn(page, '/myProfile');
    await expectNoScriptsYet(page);
    expect(await page.getByText(messages.loading, { exact: true }).count()).toBe(0);
    const searches = page.getByRole('list', { name: 'My Saved Searches' });
    await searches.getByRole('heading', { name: "Gus Early's Walsh search" }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'E-mail me about messages I have not read' }).isChecked()).toBe(
      true,
    );
    await searches.getByRole('button', { name: "Delete Gus Early's Walsh search" }).click();
    const confirmation = page.getByRole('region', { name: 'Delete saved search' });
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await page.getByText(FORM_NOTICES.SEARCH_DELETED.message).waitFor();
    expect(await page.getByRole('heading', { name: "Gus Early's Walsh search" }).count()).toBe(0);
    await tapToLeave(page.getByRole('button', { name: 'Join this group' }));
    await waitForDrawn(page, /\/detailView\?id=/);
    await page.getByText(FORM_NOTICES.INVITATION_JOINED.message).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe(postings.gusInvited);
    await scriptsArrive(page);
    await expectAccessible(page);
    await context.close();
  });

  it('the mobile warning answered before its script is remembered: no page shows it again', async () => {
    const { context, page } = await slowPhone(undefined, { width: 375, height: 800 });
    await openDrawn(page, '/about');
    const warning = page.getByRole('dialog', { name: messages.mobileWarning.title });
    await tapToLeave(warning.getByRole('button', { name: messages.mobileWarning.button }));
    await waitForDrawn(page, url('/about'));
    await page.locator('#root[data-drawn]').waitFor({ state: 'attached' });
    expect(await page.locator('dialog[data-warning]').count()).toBe(0);
    await openDrawn(page, '/forgot-password');
    expect(await page.locator('dialog[data-warning]').count()).toBe(0);
    await scriptsArrive(page);
    await expectAccessible(page);
    await context.close();
  });
});
