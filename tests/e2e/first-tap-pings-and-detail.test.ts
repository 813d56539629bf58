/**
 * Issue 31's first tap, on a 430 px phone whose app scripts arrive only after the case's early taps: each early tap, choice
 * and typed value is carried out by the server or kept until the scripts take over, and nothing
 * drawn contradicts itself meanwhile (the set-up: tests/support/first-tap.ts). Here: the e-mail
 * sign-in sent early, search filters, pings, messages and the detail view.
 */
import { describe, expect, it } from 'vitest';
import { FORM_NOTICES } from '../../src/shared/form-notices';
import { messages } from '../../src/shared/messages';
import { moderationMessages } from '../../src/shared/moderation';
import { pingMessages } from '../../src/shared/ping-messages';
import { expectAccessible } from '../support/browser';
import {
  conversations,
  expectNoScriptsYet,
  LATE_SCRIPTS,
  openDrawn,
  postingStatus,
  postings,
  scriptsArrive,
  seeded,
  setUpFirstTapServer,
  shownSlide,
  signedInEmail,
  slowPhone,
  tapToLeave,
  url,
  waitForDrawn,
} from '../support/first-tap';

setUpFirstTapServer();

describe('the first tap, with the scripts late on a 430 px phone', LATE_SCRIPTS, () => {
  it('the e-mail sign-in sent before the scripts arrive signs in through the server', async () => {
    const { context, page } = await slowPhone();
    await openDrawn(page, '/signin-wall');
    await page.getByRole('textbox', { name: 'Email' }).fill(seeded.members.student.email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await expectNoScriptsYet(page);
    await tapToLeave(page.getByRole('button', { name: 'Sign In' }));
    await waitForDrawn(page, url('/'));
    expect(await signedInEmail(page)).toBe(seeded.members.student.email);
    await context.close();
  });

  it('a search filter chosen before the scripts is applied when they arrive; Search before then opens the results', async () => {
    const { context, page } = await slowPhone('reader');
    await openDrawn(page, '/postings?location=oncampus');
    await expectNoScriptsYet(page);
    // Folded away on a phone: the toggle opens the filters without the scripts.
    await page.getByText('Show filters').click();
    const dormFilter = page.getByRole('combobox', { name: 'Preferred Dorm' });
    await dormFilter.selectOption('Vanderslice');
    await expectNoScriptsYet(page);
    await scriptsArrive(page);
    await waitForDrawn(page, /dorm=Vanderslice/);
    await page.getByText('1 posting', { exact: true }).waitFor();
    expect(await dormFilter.inputValue()).toBe('Vanderslice');
    // The filters opened before the scripts stay open under the scripts' own toggle.
    expect(await page.getByRole('button', { name: /Hide filters/ }).getAttribute('aria-expanded')).toBe('true');
    expect(await dormFilter.isVisible()).toBe(true);
    await expectAccessible(page);

    await openDrawn(page, '/postings?location=oncampus');
    await page.getByText('Show filters').click();
    await page.getByRole('combobox', { name: 'Preferred Dorm' }).selectOption('Vanderslice');
    await expectNoScriptsYet(page);
    await tapToLeave(page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search' }));
    await waitForDrawn(page, /dorm=Vanderslice/);
    await page.getByText('1 posting', { exact: true }).waitFor();
    await context.close();
  });

  it('Ping Interest before the scripts opens its form in the page, which sends the ping', async () => {
    const { context, page } = await slowPhone('student');
    await openDrawn(page, `/detailView?id=${postings.ping}`);
    await expectNoScriptsYet(page);
    await tapToLeave(page.getByRole('button', { name: 'Ping Interest' }));
    await waitForDrawn(page, /ping=open/);
    const message = page.getByRole('textbox', { name: 'Message (optional)' });
    await message.fill('Junior, tidy, early riser.');
    await page.getByRole('button', { name: 'Send Ping' }).click();
    // Sent by the server (the page's notice) or by the scripts if they came first (the dialog).
    await page.getByText(pingMessages.sent).first().waitFor();
    await scriptsArrive(page);
    // The posting now says the ping waits for the admin's answer.
    await page
      .getByText(/You pinged this group on/)
      .first()
      .waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('Accept on the profile before the scripts answers the ping', async () => {
    const { context, page } = await slowPhone('admin');
    await openDrawn(page, '/myProfile');
    await expectNoScriptsYet(page);
    await page.getByRole('button', { name: 'Accept ping from Pat Pinger' }).click();
    await page.getByText(FORM_NOTICES.PING_ANSWERED.message).waitFor();
    const item = page.getByRole('article', { name: 'Pat Pinger' });
    await item.getByText('Accepted').waitFor();
    expect(await page.getByRole('button', { name: 'Accept ping from Pat Pinger' }).count()).toBe(0);
    await scriptsArrive(page);
    await expectAccessible(page);
    await context.close();
  });

  it('a message typed before the scripts is kept, and sent', async () => {
    // The ping accepted above: its sender writes to the group.
    const { context, page } = await slowPhone('pat');
    await openDrawn(page, `/messages/${conversations.accept}`);
    const box = page.getByRole('textbox', { name: 'Your message' });
    await expectNoScriptsYet(page);
    await box.fill('Thanks for accepting! Free on Saturday?');
    await scriptsArrive(page);
    expect(await box.inputValue()).toBe('Thanks for accepting! Free on Saturday?');
    // The counter follows what was typed: the app has it.
    await page.getByText(`${'Thanks for accepting! Free on Saturday?'.length} / 2,000 characters`).waitFor();
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('region', { name: 'Messages' }).getByText('Thanks for accepting! Free on Saturday?').waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("the detail view's Copy link, carousel and Report: each tap before the scripts is carried out or kept", async () => {
    const { context, page } = await slowPhone('student');
    await openDrawn(page, `/detailView?id=${postings.photos}`);
    await expectNoScriptsYet(page);
    // Copy link opens the posting's link (copied by the browser's own menu).
    await page.getByText('Copy link', { exact: true }).click();
    const link = page.getByRole('link', { name: 'Link to this posting' });
    expect(await link.getAttribute('href')).toBe(`/detailView?id=${postings.photos}`);
    // The carousel moves by its links (without JavaScript, below, the photo is seen to come into view).
    const carousel = page.getByRole('region', { name: 'Images of Gabelli Hall' });
    await tapToLeave(carousel.getByRole('link', { name: 'Next image: 2 of 3' }));
    await waitForDrawn(page, /#photo-2$/);
    await expectNoScriptsYet(page);
    await scriptsArrive(page);
    // Both kept: the second photo stays shown, and the whole address shows, ready to copy.
    expect(await shownSlide(page)).toBe('2 of 3');
    expect(await page.getByRole('textbox', { name: 'Copy this link:' }).inputValue()).toBe(
      url(`/detailView?id=${postings.photos}`),
    );
    await expectAccessible(page);

    await openDrawn(page, `/detailView?id=${postings.photos}`);
    await expectNoScriptsYet(page);
    await tapToLeave(page.getByRole('button', { name: 'Report posting' }));
    await waitForDrawn(page, /report=open/);
    const report = page.getByRole('region', { name: 'Report this posting' });
    await report.getByRole('radio', { name: 'Wrong information' }).check();
    await report.getByRole('textbox', { name: 'Details (optional)' }).fill('The photos are of another hall.');
    await report.getByRole('button', { name: 'Send report' }).click();
    await page.getByText(moderationMessages.reported).waitFor();
    expect(page.url()).not.toContain('report=open');
    await scriptsArrive(page);
    await expectAccessible(page);
    // Sent once: a second report of it is refused, as the API's rule says.
    const again = await page.request.post(url(`/api/postings/${postings.photos}/reports`), {
      data: { reason: 'scam' },
      headers: { origin: seeded.server.url },
    });
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('ALREADY_REPORTED');
    await context.close();
  });

  it("the detail view's Status, Edit and Delete for its admin: a choice before the scripts is saved, the rest work", async () => {
    const { context, page } = await slowPhone('admin');
    await openDrawn(page, `/detailView?id=${postings.statusEarly}`);
    await expectNoScriptsYet(page);
    // Chosen, not yet saved: the scripts save it when they arrive.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Likely Fulfilled');
    expect(await page.getByRole('button', { name: 'Save status' }).isVisible()).toBe(true);
    await scriptsArrive(page);
    await expect.poll(() => postingStatus(page, postings.statusEarly as string)).toBe('Likely Fulfilled');
    await page.getByText(messages.status.updated).waitFor();
    // The scripts save each choice as it is made: the drawn form's button has gone.
    expect(await page.getByRole('button', { name: 'Save status' }).count()).toBe(0);
    await expectAccessible(page);

    // Save status tapped before the scripts: the server saves it.
    await openDrawn(page, `/detailView?id=${postings.statusEarly}`);
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Fulfilled');
    await expectNoScriptsYet(page);
    await page.getByRole('button', { name: 'Save status' }).click();
    await page.getByText(messages.status.updated).waitFor();
    expect(await postingStatus(page, postings.statusEarly as string)).toBe('Fulfilled');

    // Edit is a link to the posting form.
    await openDrawn(page, `/detailView?id=${postings.statusEarly}`);
    await expectNoScriptsYet(page);
    await tapToLeave(page.getByRole('link', { name: 'Edit', exact: true }));
    await waitForDrawn(page, url(`/create-posting?id=${postings.statusEarly}`));
    await page.getByRole('heading', { level: 1, name: 'Edit Posting' }).waitFor();

    // Delete asks first, in the page, with the spec's words; then deletes.
    await openDrawn(page, `/detailView?id=${postings.deleteEarly}`);
    await expectNoScriptsYet(page);
    await tapToLeave(page.getByRole('button', { name: 'Delete posting' }));
    await waitForDrawn(page, /delete=confirm/);
    const confirmation = page.getByRole('region', { name: 'Delete Posting' });
    await confirmation.getByText(messages.deletePosting.confirm).waitFor();
    expect(await postingStatus(page, postings.deleteEarly as string)).toBe('Unfulfilled');
    await tapToLeave(confirmation.getByRole('button', { name: 'Delete' }));
    await waitForDrawn(page, /\/postings\?/);
    await page.getByText(messages.deletePosting.done).waitFor();
    expect(await postingStatus(page, postings.deleteEarly as string)).toBe(404);
    await scriptsArrive(page);
    await context.close();
  });
});
