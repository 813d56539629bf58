/**
 * Issue 31, item 3, "no lost tap", for the controls decision 0049 first left to the scripts: a
 * saved search's Edit, a blocked student's Unblock, the sharing form's 'Your gender' for Other, and
 * 'Show password'. On a 430 px phone whose scripts arrive 4 s after the page, each early tap is
 * carried out by the server (a link, a plain form) or, for 'Show password', the control is not drawn
 * until the scripts can honour it (its place kept, so nothing moves). The set-up the first-tap files
 * share is in tests/support/first-tap.ts; without-scripts.test.ts has the same with JavaScript off.
 */
import { describe, expect, it } from 'vitest';
import { FORM_NOTICES } from '../../src/shared/form-notices';
import { expectAccessible } from '../support/browser';
import {
  expectNoScriptsYet,
  LATE_SCRIPTS,
  openDrawn,
  scriptsArrive,
  setUpFirstTapServer,
  slowPhone,
  tapToLeave,
  url,
  waitForDrawn,
} from '../support/first-tap';

setUpFirstTapServer();

describe('the profile’s and the password fields’ controls, with the scripts late', LATE_SCRIPTS, () => {
  it("a saved search's Edit and a blocked student's Unblock tapped before the scripts are carried out", async () => {
    const { context, page } = await slowPhone('ivy');
    await openDrawn(page, '/myProfile');
    await expectNoScriptsYet(page);
    const searches = page.getByRole('list', { name: 'My Saved Searches' });
    await tapToLeave(searches.getByRole('button', { name: "Edit Ivy Early's Walsh search" }));
    await waitForDrawn(page, /editSearch=/);
    // The server drew the editor in the page: a form it saves.
    const editor = page.getByRole('region', { name: 'Edit saved search' });
    await editor.getByRole('textbox', { name: 'Name' }).fill('Ivy’s Walsh doubles');
    await editor.getByRole('radio', { name: /^Immediately/ }).check();
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(FORM_NOTICES.SEARCH_UPDATED.message).waitFor();
    const saved = await page.request.get(url('/api/saved-searches'));
    expect(((await saved.json()) as { items: { name: string; alert: string }[] }).items).toEqual([
      expect.objectContaining({ name: 'Ivy’s Walsh doubles', alert: 'immediately' }),
    ]);

    await openDrawn(page, '/myProfile');
    await expectNoScriptsYet(page);
    await page.getByRole('button', { name: 'Unblock Quinn Pinger' }).click();
    await page.getByText(FORM_NOTICES.STUDENT_UNBLOCKED.message).waitFor();
    await page.getByText('You have not blocked anyone.').waitFor();
    const blocks = await page.request.get(url('/api/me/blocks'));
    expect(((await blocks.json()) as { items: unknown[] }).items).toEqual([]);

    await scriptsArrive(page);
    await expectAccessible(page);
    // With the scripts, Edit opens its dialog in place.
    await searches.getByRole('button', { name: 'Edit Ivy’s Walsh doubles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit saved search' });
    await dialog.waitFor();
    expect(page.url()).not.toContain('editSearch=');
    await context.close();
  });

  it("choosing Other before the scripts shows 'Your gender' at once, and what is typed there is saved", async () => {
    const { context, page } = await slowPhone('ivy');
    await openDrawn(page, '/myProfile');
    await expectNoScriptsYet(page);
    const yourGender = page.getByRole('textbox', { name: 'Your gender' });
    expect(await yourGender.isVisible()).toBe(false);
    await page.getByLabel('Gender', { exact: true }).selectOption('other');
    expect(await yourGender.isVisible()).toBe(true);
    await yourGender.fill('Agender');
    await page.getByRole('button', { name: 'Save what I share' }).click();
    await page.getByText(FORM_NOTICES.SHARING_SAVED.message).waitFor();
    const sharing = await page.request.get(url('/api/me/sharing'));
    expect(await sharing.json()).toMatchObject({ gender: 'other', customGender: 'Agender' });
    // Drawn again with Other chosen: the field shows what was kept.
    expect(await yourGender.inputValue()).toBe('Agender');
    expect(await yourGender.isVisible()).toBe(true);
    await scriptsArrive(page);
    expect(await yourGender.isVisible()).toBe(true);
    await expectAccessible(page);
    await page.getByLabel('Gender', { exact: true }).selectOption('female');
    expect(await yourGender.isVisible()).toBe(false);
    await context.close();
  });

  it("'Show password' on the sign-up form is not drawn until the scripts can show the password; nothing moves", async () => {
    const { context, page } = await slowPhone();
    await openDrawn(page, '/signin-wall?mode=signUp');
    await expectNoScriptsYet(page);
    const show = page.getByRole('checkbox', { name: 'Show password' });
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('a-long-new-password');
    await page.getByLabel('Repeat password').fill('a-long-new-password');
    // Its place is kept (the fields below do not move when it comes), but there is nothing to tap.
    expect(await page.getByText('Show password').isVisible()).toBe(false);
    const before = await page.getByRole('button', { name: 'Create Account' }).boundingBox();
    await scriptsArrive(page);
    expect(await page.getByRole('button', { name: 'Create Account' }).boundingBox()).toEqual(before);
    await show.check();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await page.getByLabel('Repeat password').getAttribute('type')).toBe('text');
    expect(await password.inputValue()).toBe('a-long-new-password');
    await expectAccessible(page);
    await context.close();
  });
});
