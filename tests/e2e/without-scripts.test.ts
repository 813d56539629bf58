/**
 * Issue 31, item 3: with JavaScript off, the core flows work end to end through links and plain
 * forms (sign-in, bookmarks, search, the posting form, pings, messages, the detail view's controls,
 * the profile's sections, a saved search's Edit, Unblock and 'Your gender' included, and the
 * account). tests/support/first-tap.ts holds the set-up the first-tap files share; axe cannot run
 * without scripts, and these pages are checked with them in the first-tap files and in
 * every-route-axe.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/shared/account-messages';
import { FORM_NOTICES } from '../../src/shared/form-notices';
import { messages } from '../../src/shared/messages';
import { moderationMessages } from '../../src/shared/moderation';
import { pingMessages } from '../../src/shared/ping-messages';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import { jpeg } from '../integration/postings-support';
import { shot } from '../support/browser';
import {
  bookmarkedIds,
  browser,
  cardIds,
  conversations,
  fillPostingForm,
  noScripts,
  photoInView,
  postingStatus,
  postings,
  providerLogin,
  seeded,
  setUpFirstTapServer,
  signedInEmail,
  url,
} from '../support/first-tap';

setUpFirstTapServer();

describe('with JavaScript off', () => {
  it('signs in with the provider, from the plain link', async () => {
    const { context, page } = await noScripts();
    await page.goto(url('/signin-wall'));
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await providerLogin(page, 'owl');
    expect(await signedInEmail(page)).toBe('owl.no-script@bc.edu');
    await context.close();
  });

  it('signs in with e-mail and password, and says why when the password is wrong', async () => {
    const { context, page } = await noScripts();
    await page.goto(url('/signin-wall'));
    await page.getByRole('textbox', { name: 'Email' }).fill(seeded.members.reader.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(messages.auth.invalidCredentials).waitFor();
    expect(await signedInEmail(page)).toBeUndefined();
    await page.getByRole('textbox', { name: 'Email' }).fill(seeded.members.reader.email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(url('/'));
    expect(await signedInEmail(page)).toBe(seeded.members.reader.email);
    await context.close();
  });

  it('bookmarks a posting and removes the bookmark', async () => {
    const { context, page } = await noScripts('reader');
    await page.goto(url(`/detailView?id=${postings.noScriptBookmark}`));
    await page.getByRole('button', { name: 'Bookmark Walsh' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Bookmark Walsh' }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await bookmarkedIds(page)).toContain(postings.noScriptBookmark);
    // And removes it again.
    await page.getByRole('button', { name: 'Bookmark Walsh' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Bookmark Walsh' }).getAttribute('aria-pressed'))
      .toBe('false');
    expect(await bookmarkedIds(page)).not.toContain(postings.noScriptBookmark);
    await context.close();
  });

  it('opens the navigation on a phone and follows its links', async () => {
    const { context, page } = await noScripts('reader');
    await page.goto(url('/our-purpose'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByText('Menu', { exact: true }).click();
    await nav.getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL(url('/myProfile'));
    await context.close();
  });

  it('searches with the filters', async () => {
    const { context, page } = await noScripts('reader');
    await page.goto(url('/postings?location=oncampus'));
    await page.getByText('Show filters').click();
    await page.getByRole('combobox', { name: 'Preferred Dorm' }).selectOption('Vanderslice');
    await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/dorm=Vanderslice/);
    await page.getByText('1 posting', { exact: true }).waitFor();
    // The location tabs are links.
    await page.getByRole('tab', { name: 'Off Campus' }).click();
    await page.waitForURL(/location=offcampus/);
    expect(await page.getByRole('tab', { name: 'Off Campus' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('switches the posting form between On-Campus and Off-Campus', async () => {
    const { context, page } = await noScripts('reader');
    await page.goto(url('/create-posting'));
    const address = page.getByRole('textbox', { name: 'Address' });
    const dorm = page.getByRole('combobox', { name: 'Dorm' });
    await dorm.waitFor();
    await page.locator('label.segmented-option', { hasText: 'Off-Campus' }).click();
    expect(await address.isVisible()).toBe(true);
    expect(await dorm.isVisible()).toBe(false);
    expect(await page.getByRole('group', { name: 'Rent and dates' }).isVisible()).toBe(true);
    await page.locator('label.segmented-option', { hasText: 'On-Campus' }).click();
    expect(await address.isVisible()).toBe(false);
    expect(await dorm.isVisible()).toBe(true);
    expect(await page.getByRole('group', { name: 'Rent and dates' }).isVisible()).toBe(false);
    await context.close();
  });

  it('creates a posting with a photo, and shows it', async () => {
    const { context, page } = await noScripts('quinn');
    await page.goto(url('/create-posting'));
    await fillPostingForm(page, 'Quiet seniors with a sunny room.');
    await page.locator('input[type="file"][name="images"]').setInputFiles({
      name: 'room.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpeg(),
    });
    await page.getByRole('button', { name: 'Submit posting' }).click();
    await page.waitForURL(/\/detailView\?id=/);
    await page.getByText('Quiet seniors with a sunny room.').waitFor();
    const id = new URL(page.url()).searchParams.get('id') as string;
    const detail = await page.request.get(url(`/api/postings/${id}`));
    expect(((await detail.json()) as { images: unknown[] }).images).toHaveLength(1);
    await context.close();
  });

  it('draws the posting form again with the spec’s message beside the field and what was typed', async () => {
    const { context, page } = await noScripts('reader');
    await page.goto(url('/create-posting'));
    await fillPostingForm(page, 'Kept when the form comes back.');
    await page.getByRole('combobox', { name: 'Dorm' }).selectOption('');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    await page.getByRole('alert').filter({ hasText: messages.submit.failedTitle }).waitFor();
    const dorm = page.getByRole('combobox', { name: 'Dorm' });
    // The message is the field's own description, and the list says the images must be chosen again.
    expect(await dorm.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await dorm.getAttribute('aria-describedby')) as string;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(postingValidation.selectDorm);
    await page.getByText(messages.submit.chooseImagesAgain).waitFor();
    expect(await page.getByRole('textbox', { name: /Group description/ }).inputValue()).toBe(
      'Kept when the form comes back.',
    );
    expect(await page.getByRole('spinbutton', { name: 'Number of roommates needed' }).inputValue()).toBe('2');
    // Corrected and sent again, it is saved.
    await dorm.selectOption('Rubenstein');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    await page.waitForURL(/\/detailView\?id=/);
    await page.getByText('Kept when the form comes back.').waitFor();
    await context.close();
  });

  it('edits a posting from its edit page', async () => {
    const { context, page } = await noScripts('admin');
    await page.goto(url(`/create-posting?id=${postings.edit}`));
    const description = page.getByRole('textbox', { name: /Group description/ });
    // Drawn filled with the posting.
    expect(await page.getByRole('combobox', { name: 'Dorm' }).inputValue()).toBe('Walsh');
    await description.fill('Edited with JavaScript off.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(url(`/detailView?id=${postings.edit}`));
    await page.getByText('Edited with JavaScript off.').waitFor();
    await context.close();
  });

  it('adds member rows to the posting form and removes one; the posting is saved with its two members', async () => {
    const { context, page } = await noScripts('quinn');
    await page.goto(url('/create-posting'));
    await fillPostingForm(page, 'Two of us, and a row added without scripts.');
    await page.getByRole('button', { name: 'Add member' }).click();
    const second = page.getByRole('group', { name: 'Member 2' });
    await second.waitFor();
    // Drawn again by the server with what was typed.
    expect(await page.getByRole('textbox', { name: /Group description/ }).inputValue()).toBe(
      'Two of us, and a row added without scripts.',
    );
    await second.getByRole('textbox', { name: 'Name' }).fill('Mia Second');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('group', { name: 'Member 3' }).waitFor();
    expect(await second.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Mia Second');
    await page.getByRole('button', { name: 'Remove member 3' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Member 3' }).count()).toBe(0);
    await second.getByRole('combobox', { name: 'Academic year' }).selectOption('junior');
    await second.getByRole('combobox', { name: 'Gender' }).selectOption('female');
    // Enter in a field sends the form (not a row's button): the posting is saved.
    await second.getByRole('textbox', { name: 'Name' }).press('Enter');
    await page.waitForURL(/\/detailView\?id=/);
    const id = new URL(page.url()).searchParams.get('id') as string;
    const detail = (await (await page.request.get(url(`/api/postings/${id}`))).json()) as {
      members: { name: string }[];
    };
    expect(detail.members.map((member) => member.name)).toEqual([seeded.members.quinn.name, 'Mia Second']);
    await context.close();
  });

  it('removes a stored image on the edit page: gone from the form at once, from the posting once saved', async () => {
    const { context, page } = await noScripts('admin');
    const id = postings.noScriptImages as string;
    const imageIds = async () =>
      ((await (await page.request.get(url(`/api/postings/${id}`))).json()) as { images: { id: string }[] }).images.map(
        (image) => image.id,
      );
    const stored = await imageIds();
    expect(stored).toHaveLength(2);
    await page.goto(url(`/create-posting?id=${id}`));
    const chosen = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
    expect(await chosen.count()).toBe(2);
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await expect.poll(() => chosen.count()).toBe(1);
    // Marked for removal: the posting keeps it until the form is saved.
    expect(await imageIds()).toEqual(stored);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL(url(`/detailView?id=${id}`));
    expect(await imageIds()).toEqual([stored[1]]);
    await context.close();
  });

  it('pings a posting from its detail view', async () => {
    const { context, page } = await noScripts('reader');
    await page.goto(url(`/detailView?id=${postings.noScriptPing}`));
    await page.getByRole('button', { name: 'Ping Interest' }).click();
    await page.getByRole('textbox', { name: 'Message (optional)' }).fill('Sophomore, quiet.');
    await page.getByRole('button', { name: 'Send Ping' }).click();
    await page.getByText(pingMessages.sent).waitFor();
    expect(page.url()).not.toContain('ping=open');
    await context.close();
  });

  it('sends a message in a conversation', async () => {
    // The accepted ping's conversation (accepted above, before the scripts): the admin writes.
    const { context, page } = await noScripts('admin');
    await page.goto(url(`/messages/${conversations.accept}`));
    const box = page.getByRole('textbox', { name: 'Your message' });
    await box.fill('Welcome! When can you come by?');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(url(`/messages/${conversations.accept}`));
    await page.getByRole('region', { name: 'Messages' }).getByText('Welcome! When can you come by?').waitFor();
    expect(await box.inputValue()).toBe('');
    await context.close();
  });

  it('declines a ping on the profile', async () => {
    const { context, page } = await noScripts('admin');
    await page.goto(url('/myProfile'));
    await page.getByRole('button', { name: 'Decline ping from Quinn Pinger' }).click();
    await page.getByText(FORM_NOTICES.PING_ANSWERED.message).waitFor();
    await page.getByRole('article', { name: 'Quinn Pinger' }).getByText('Declined').waitFor();
    await context.close();
  });
  it("moves the carousel, opens Copy link's link, reports the posting, and says why a Fulfilled posting takes no pings", async () => {
    const { context, page } = await noScripts('reader');
    await page.goto(url(`/detailView?id=${postings.noScriptPhotos}`));
    const carousel = page.getByRole('region', { name: 'Images of Gabelli Hall' });
    await carousel.getByRole('link', { name: 'Next image: 2 of 3' }).click();
    await page.waitForURL(/#photo-2$/);
    await expect.poll(() => photoInView(page, 'Photo 1 of Gabelli Hall')).toBe(true);
    // From the last photo, next wraps around to the first.
    await carousel.getByRole('link', { name: 'Next image: 3 of 3' }).click();
    await carousel.getByRole('link', { name: 'Next image: 1 of 3' }).click();
    await page.waitForURL(/#photo-1$/);
    await expect.poll(() => photoInView(page, 'Illustration of Gabelli Hall')).toBe(true);

    await page.getByText('Copy link', { exact: true }).click();
    expect(await page.getByRole('link', { name: 'Link to this posting' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Report posting' }).click();
    const report = page.getByRole('region', { name: 'Report this posting' });
    await report.getByRole('radio', { name: 'Scam or fake' }).check();
    await report.getByRole('button', { name: 'Send report' }).click();
    await page.getByText(moderationMessages.reported).waitFor();

    await page.goto(url(`/detailView?id=${postings.fulfilled}`));
    await page.getByText(pingMessages.fulfilled.message, { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Ping Interest' }).getAttribute('aria-disabled')).toBe('true');
    await context.close();
  });

  it('saves the status, opens Edit, and deletes the posting after the drawn confirmation', async () => {
    const { context, page } = await noScripts('admin');
    await page.goto(url(`/detailView?id=${postings.noScriptStatus}`));
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Likely Fulfilled');
    await page.getByRole('button', { name: 'Save status' }).click();
    await page.getByText(messages.status.updated).waitFor();
    expect(await page.getByRole('combobox', { name: 'Status' }).inputValue()).toBe('Likely Fulfilled');
    expect(await postingStatus(page, postings.noScriptStatus as string)).toBe('Likely Fulfilled');

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(url(`/create-posting?id=${postings.noScriptStatus}`));

    await page.goto(url(`/detailView?id=${postings.noScriptDelete}`));
    await page.getByRole('button', { name: 'Delete posting' }).click();
    const confirmation = page.getByRole('region', { name: 'Delete Posting' });
    await confirmation.getByText(messages.deletePosting.confirm).waitFor();
    // Cancel goes back to the posting, which is still there.
    await confirmation.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(url(`/detailView?id=${postings.noScriptDelete}`));
    expect(await postingStatus(page, postings.noScriptDelete as string)).toBe('Unfulfilled');
    await page.getByRole('button', { name: 'Delete posting' }).click();
    await page.getByRole('region', { name: 'Delete Posting' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByText(messages.deletePosting.done).waitFor();
    expect(await postingStatus(page, postings.noScriptDelete as string)).toBe(404);
    await context.close();
  });

  it('opens the next page of results with Load more', async () => {
    const { context, page } = await noScripts('reader');
    await page.goto(url('/postings?location=oncampus&dorm=Walsh'));
    const firstPage = await cardIds(page);
    expect(firstPage).toHaveLength(8);
    await page.getByRole('link', { name: 'Load more' }).click();
    await page.waitForURL(/cursor=/);
    const secondPage = await cardIds(page);
    expect(secondPage).toHaveLength(2);
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    await page.getByRole('link', { name: 'Back to the first postings' }).click();
    expect(await cardIds(page)).toEqual(firstPage);
    await context.close();
  });

  it('saves a search', async () => {
    const { context, page } = await noScripts('student');
    await page.goto(url('/postings?location=oncampus&dorm=Walsh'));
    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.getByText(FORM_NOTICES.SEARCH_SAVED.message).waitFor();
    const saved = await page.request.get(url('/api/saved-searches'));
    expect(((await saved.json()) as { items: { filters: { dorm?: string } }[] }).items).toEqual([
      expect.objectContaining({ filters: expect.objectContaining({ dorm: 'Walsh' }) }),
    ]);
    await context.close();
  });

  it('chooses Off-Campus on the landing page and searches there', async () => {
    const { context, page } = await noScripts('reader');
    await page.goto(url('/'));
    await page.getByRole('tab', { name: 'Off-Campus' }).click();
    await page.waitForURL(/\/\?location=offcampus$/);
    await page.getByRole('spinbutton', { name: 'Max Rent per Person ($/month)' }).fill('1200');
    await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/postings\?.*location=offcampus/);
    expect(page.url()).toContain('maxRent=1200');
    await context.close();
  });

  it('creates an account, saying what is wrong first', async () => {
    const { context, page } = await noScripts();
    await page.goto(url('/signin-wall'));
    await page.getByRole('link', { name: 'New here? Create an account' }).click();
    await page.waitForURL(/mode=signUp/);
    const fill = async (email: string, repeat: string) => {
      await page.getByRole('textbox', { name: 'Name' }).fill('Offline Signer');
      await page.getByRole('textbox', { name: 'College email' }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('a-long-new-password');
      await page.getByLabel('Repeat password').fill(repeat);
      await page.getByRole('button', { name: 'Create Account' }).click();
    };
    await fill('offline.signer@bc.edu', 'not-the-same-password');
    await page.getByText(messages.auth.passwordsDiffer).waitFor();
    await fill('offline.signer@bc.edu', 'a-long-new-password');
    await page.getByText(messages.auth.signUpSent('offline.signer@bc.edu')).waitFor();
    await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.close();
  });

  it('answers the mobile warning once; "Show password", which needs the scripts, is not drawn', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(url('/signin-wall'));
    expect(await page.getByText('Show password').isVisible()).toBe(false);
    const warning = page.getByRole('dialog', { name: messages.mobileWarning.title });
    await warning.getByRole('button', { name: messages.mobileWarning.button }).click();
    await page.waitForURL(url('/signin-wall'));
    expect(await page.locator('dialog[data-warning]').count()).toBe(0);
    await page.goto(url('/about'));
    expect(await page.locator('dialog[data-warning]').count()).toBe(0);
    await context.close();
  });

  it("works the profile's sections: an invitation, a group, what is shared, the e-mails, a saved search", async () => {
    const { context, page } = await noScripts('hana');
    await page.goto(url('/myProfile'));
    await page.getByRole('button', { name: "This isn't me" }).click();
    await page.getByText(FORM_NOTICES.INVITATION_DECLINED.message).waitFor();
    await page.getByText('You have no invitations.').waitFor();

    await page.getByRole('button', { name: /Leave the group at Kostka/ }).click();
    const leaving = page.getByRole('region', { name: 'Leave this group?' });
    // The drawn confirmation and the forms' Save buttons, as a student without scripts sees them.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, 'profile-no-scripts');
    }
    await leaving.getByRole('button', { name: 'Leave group' }).click();
    await page.getByText(FORM_NOTICES.GROUP_LEFT.message).waitFor();
    await page.getByText('You have not joined a group yet.').waitFor();

    await page.getByLabel('Academic year', { exact: true }).selectOption('senior');
    await page.getByLabel('Show my academic year').check();
    await page.getByRole('button', { name: 'Save what I share' }).click();
    await page.getByText(FORM_NOTICES.SHARING_SAVED.message).waitFor();
    expect(await page.getByLabel('Show my academic year').isChecked()).toBe(true);

    await page.getByRole('checkbox', { name: 'E-mail me about messages I have not read' }).uncheck();
    await page.getByRole('region', { name: 'Messages' }).getByRole('button', { name: 'Save' }).click();
    await page.getByText(FORM_NOTICES.UNREAD_EMAIL_OFF.message).waitFor();

    const searches = page.getByRole('list', { name: 'My Saved Searches' });
    await searches.getByRole('combobox', { name: 'Alerts' }).selectOption('off');
    await searches.getByRole('button', { name: "Save the alerts of Hana Offline's Walsh search" }).click();
    await page.getByText(FORM_NOTICES.ALERT_UPDATED.message).waitFor();
    expect(await searches.getByRole('combobox', { name: 'Alerts' }).inputValue()).toBe('off');
    await context.close();
  });

  it('edits a saved search in its drawn editor, unblocks a student, and describes a gender for Other', async () => {
    const { context, page } = await noScripts('omar');
    await page.goto(url('/myProfile'));
    const searches = page.getByRole('list', { name: 'My Saved Searches' });
    await searches.getByRole('button', { name: "Edit Omar Offline's Walsh search" }).click();
    const editor = page.getByRole('region', { name: 'Edit saved search' });
    const name = editor.getByRole('textbox', { name: 'Name' });
    // A name of spaces only is refused with the API's message, said on the field, and nothing changes.
    await name.fill('   ');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(FORM_NOTICES.SAVED_SEARCH_NAME_REQUIRED.message).first().waitFor();
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    await name.fill('Omar’s Walsh doubles');
    await editor.getByRole('radio', { name: /^Off/ }).check();
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(FORM_NOTICES.SEARCH_UPDATED.message).waitFor();
    const saved = await page.request.get(url('/api/saved-searches'));
    expect(((await saved.json()) as { items: { name: string; alert: string }[] }).items).toEqual([
      expect.objectContaining({ name: 'Omar’s Walsh doubles', alert: 'off' }),
    ]);

    await page.getByRole('button', { name: 'Unblock Quinn Pinger' }).click();
    await page.getByText(FORM_NOTICES.STUDENT_UNBLOCKED.message).waitFor();
    await page.getByText('You have not blocked anyone.').waitFor();

    const yourGender = page.getByRole('textbox', { name: 'Your gender' });
    expect(await yourGender.isVisible()).toBe(false);
    await page.getByLabel('Gender', { exact: true }).selectOption('other');
    expect(await yourGender.isVisible()).toBe(true);
    await yourGender.fill('Genderfluid');
    await page.getByRole('button', { name: 'Save what I share' }).click();
    await page.getByText(FORM_NOTICES.SHARING_SAVED.message).waitFor();
    const sharing = await page.request.get(url('/api/me/sharing'));
    expect(await sharing.json()).toMatchObject({ gender: 'other', customGender: 'Genderfluid' });
    expect(await yourGender.inputValue()).toBe('Genderfluid');
    await context.close();
  });

  it('changes the password and deletes the account from the profile', async () => {
    const { context, page } = await noScripts('otto');
    await page.goto(url('/myProfile'));
    expect(await page.title()).toMatch(/^My Profile · /);
    await page.getByLabel('Current password').fill('not-the-password');
    await page.getByLabel('New password', { exact: true }).fill('a-new-long-password');
    await page.getByLabel('Repeat new password').fill('a-new-long-password');
    await page.getByRole('button', { name: accountMessages.changePassword }).click();
    await page.getByText(accountMessages.currentPasswordWrong).waitFor();
    await page.getByLabel('Current password').fill('correct-horse-battery');
    await page.getByLabel('New password', { exact: true }).fill('a-new-long-password');
    await page.getByLabel('Repeat new password').fill('a-new-long-password');
    await page.getByRole('button', { name: accountMessages.changePassword }).click();
    await page.getByText(accountMessages.passwordChanged).waitFor();

    await page.locator('label', { hasText: accountMessages.deleteButton }).click();
    const confirm = page.getByRole('textbox', { name: /Type your e-mail address/ });
    await confirm.fill('someone.else@bc.edu');
    await page.getByRole('button', { name: accountMessages.deleteConfirm }).click();
    await page.getByText(accountMessages.deleteConfirmMismatch).waitFor();
    expect(await signedInEmail(page)).toBe(seeded.members.otto.email);
    await page.locator('label', { hasText: accountMessages.deleteButton }).click();
    await confirm.fill(seeded.members.otto.email);
    await page.getByRole('button', { name: accountMessages.deleteConfirm }).click();
    await page.waitForURL(/\/signin-wall/);
    await page.getByText(accountMessages.deleted).waitFor();
    expect(await signedInEmail(page)).toBeUndefined();
    await context.close();
  });
});
