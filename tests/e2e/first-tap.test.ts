/**
 * Issue 31's first tap, on a 430 px phone whose app scripts arrive only after the case's early taps: each early tap, choice
 * and typed value is carried out by the server or kept until the scripts take over, and nothing
 * drawn contradicts itself meanwhile (the set-up: tests/support/first-tap.ts). Here: signing in,
 * bookmarks, the posting form and the menu.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import { expectAccessible } from '../support/browser';
import {
  bookmarkedIds,
  expectNoScriptsYet,
  fillPostingForm,
  LATE_SCRIPTS,
  openDrawn,
  postings,
  providerLogin,
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
  it('Sign in with Google: the tap opens the provider at once, and comes back signed in', async () => {
    const { context, page } = await slowPhone();
    await openDrawn(page, '/signin-wall');
    await expectNoScriptsYet(page);
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await providerLogin(page, 'eagle');
    expect(await signedInEmail(page)).toBe('eagle.first-tap@bc.edu');
    await context.close();
  });

  it('Bookmark on a card of /postings, and on the detail view: the tap bookmarks the posting', async () => {
    const { context, page } = await slowPhone('student');
    await openDrawn(page, '/postings?location=oncampus&dorm=Walsh');
    const card = page.getByRole('button', { name: 'Bookmark Walsh' }).first();
    await expectNoScriptsYet(page);
    // Which card: the first of the list (each card's button names its dorm).
    const first = await page
      .getByRole('list', { name: 'Postings' })
      .getByRole('link', { name: /SHOW MORE/ })
      .first()
      .getAttribute('href');
    const firstId = new URL(first ?? '', 'http://x').searchParams.get('id') as string;
    await tapToLeave(card);
    // The server bookmarked it and drew the same page again, the button pressed.
    await waitForDrawn(page, /\/postings\?location=oncampus&dorm=Walsh$/);
    await page.locator(`main a[href*="${firstId}"]`).first().waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Bookmark Walsh' }).first().getAttribute('aria-pressed'))
      .toBe('true');
    expect(await bookmarkedIds(page)).toContain(firstId);

    await openDrawn(page, `/detailView?id=${postings.detailBookmark}`);
    await expectNoScriptsYet(page);
    await page.getByRole('button', { name: 'Bookmark 12 Foster Street' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Bookmark 12 Foster Street' }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await bookmarkedIds(page)).toContain(postings.detailBookmark);
    await scriptsArrive(page);
    await expectAccessible(page);
    await context.close();
  });

  it('Off-Campus on /create-posting: the fields follow the choice at once, and what was typed stays', async () => {
    const { context, page } = await slowPhone('student');
    await openDrawn(page, '/create-posting');
    const offCampus = page.getByRole('radio', { name: 'Off-Campus' });
    const address = page.getByRole('textbox', { name: 'Address' });
    const dorm = page.getByRole('combobox', { name: 'Dorm' });
    await dorm.waitFor();
    expect(await address.isVisible()).toBe(false);
    await expectNoScriptsYet(page);
    await page.locator('label.segmented-option', { hasText: 'Off-Campus' }).click();
    // Still the server's drawing, and it does not contradict itself: the choice shows its fields.
    expect(await offCampus.isChecked()).toBe(true);
    expect(await dorm.isVisible()).toBe(false);
    await address.fill('77 Commonwealth Avenue');
    await page.getByRole('textbox', { name: 'Monthly rent' }).fill('950');
    // The preview is drawn by the scripts: until then it says it waits for them (Submit posts).
    expect(await page.getByRole('button', { name: 'Preview' }).isDisabled()).toBe(true);
    await expectNoScriptsYet(page);

    await scriptsArrive(page);
    // The scripts took the form over and kept all of it: the choice, its fields, what was typed.
    expect(await offCampus.isChecked()).toBe(true);
    expect(await dorm.isVisible()).toBe(false);
    expect(await address.inputValue()).toBe('77 Commonwealth Avenue');
    // The form's own state has the choice too: another change draws the form again as chosen,
    // and its check asks for nothing of an on-campus posting.
    await page.getByRole('textbox', { name: /Group description/ }).fill('Two juniors, quiet, cook on Sundays.');
    expect(await offCampus.isChecked()).toBe(true);
    expect(await address.inputValue()).toBe('77 Commonwealth Avenue');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    const failed = page.getByRole('dialog');
    await failed.waitFor();
    expect(await failed.textContent()).not.toContain(postingValidation.selectDorm);
    await expectAccessible(page);
    await context.close();
  });

  it('Submit on /create-posting before the scripts: the form posts, and the posting is created', async () => {
    const { context, page } = await slowPhone('pat');
    await openDrawn(page, '/create-posting');
    await fillPostingForm(page, 'Early birds: two sophomores who post before the scripts.');
    await expectNoScriptsYet(page);
    await tapToLeave(page.getByRole('button', { name: 'Submit posting' }));
    await waitForDrawn(page, /\/detailView\?id=/);
    await page.getByText('Early birds: two sophomores who post before the scripts.').waitFor();
    await scriptsArrive(page);
    await expectAccessible(page);
    await context.close();
  });

  it('a posting form sent back before the scripts is taken over by them, at its own address, as it was drawn', async () => {
    const { context, page } = await slowPhone('pat');
    const said: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') said.push(message.text());
    });
    page.on('pageerror', (error) => said.push(error.message));
    await openDrawn(page, '/create-posting');
    await fillPostingForm(page, 'Sent back once, then sent with the scripts.');
    await page.getByRole('combobox', { name: 'Dorm' }).selectOption('');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    await page.getByRole('alert').filter({ hasText: messages.submit.failedTitle }).waitFor();
    await expectNoScriptsYet(page);
    await scriptsArrive(page);
    // The address is the form's page again (a reload asks for it, not the post), and nothing the
    // server drew was redrawn differently.
    expect(new URL(page.url()).pathname).toBe('/create-posting');
    expect(said.filter((line) => /hydrat|did not match|server rendered/i.test(line))).toEqual([]);
    const description = page.getByRole('textbox', { name: /Group description/ });
    expect(await description.inputValue()).toBe('Sent back once, then sent with the scripts.');
    await expectAccessible(page);
    // The scripts send it now: the app's own upload and its dialog.
    await page.getByRole('combobox', { name: 'Dorm' }).selectOption('Rubenstein');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    await page.getByRole('dialog').getByText(messages.submit.created).waitFor();
    await context.close();
  });

  it('Menu on a phone opens the navigation at once, and stays open when the scripts take over', async () => {
    const { context, page } = await slowPhone('reader');
    await openDrawn(page, '/our-purpose');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'My Profile' }).isVisible()).toBe(false);
    await expectNoScriptsYet(page);
    await nav.getByText('Menu', { exact: true }).click();
    expect(await nav.getByRole('link', { name: 'My Profile' }).isVisible()).toBe(true);
    await scriptsArrive(page);
    expect(await nav.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('link', { name: 'My Profile' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await tapToLeave(nav.getByRole('link', { name: 'My Profile' }));
    await waitForDrawn(page, url('/myProfile'));
    await context.close();
  });

  it('the e-mail sign-in: what was typed before the scripts is kept, and a Sign In then signs in', async () => {
    const { context, page } = await slowPhone();
    await openDrawn(page, '/signin-wall');
    await expectNoScriptsYet(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(seeded.members.reader.email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    // 'Show password' is the scripts' alone: not drawn before them (its place kept), so no tick waits unseen.
    expect(await page.getByText('Show password').isVisible()).toBe(false);
    await scriptsArrive(page);
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(seeded.members.reader.email);
    await page.getByRole('checkbox', { name: 'Show password' }).check();
    expect(await page.getByRole('textbox', { name: 'Password' }).inputValue()).toBe('correct-horse-battery');
    await expectAccessible(page);
    await tapToLeave(page.getByRole('button', { name: 'Sign In' }));
    await waitForDrawn(page, url('/'));
    expect(await signedInEmail(page)).toBe(seeded.members.reader.email);
    await context.close();
  });
});
