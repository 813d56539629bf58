/**
 * Issue 31, item 3, "no lost tap", on the posting form's own controls: Add member, Remove member and
 * a stored image's Remove tapped before the scripts post the form, and the server draws it again
 * with the step done (decision 0048); the scripts then take over the form as drawn. The set-up the
 * first-tap files share is in tests/support/first-tap.ts.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { expectAccessible } from '../support/browser';
import {
  expectNoScriptsYet,
  fillPostingForm,
  LATE_SCRIPTS,
  openDrawn,
  postings,
  scriptsArrive,
  seeded,
  setUpFirstTapServer,
  slowPhone,
  tapToLeave,
  url,
  waitForDrawn,
} from '../support/first-tap';

setUpFirstTapServer();

describe('the posting form, with the scripts late on a 430 px phone', LATE_SCRIPTS, () => {
  it('Add member before the scripts: the row is drawn, kept by the scripts, and the posting saves with it', async () => {
    const { context, page } = await slowPhone('pat');
    await openDrawn(page, '/create-posting');
    await fillPostingForm(page, 'A row added before the scripts.');
    await expectNoScriptsYet(page);
    await page.getByRole('button', { name: 'Add member' }).click();
    const second = page.getByRole('group', { name: 'Member 2' });
    await second.waitFor();
    // The server drew the form again with the row; typed into before the scripts too.
    await expectNoScriptsYet(page);
    await second.getByRole('textbox', { name: 'Name' }).fill('Mia Early');
    await scriptsArrive(page);
    expect(await second.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Mia Early');
    expect(await page.getByRole('textbox', { name: /Group description/ }).inputValue()).toBe(
      'A row added before the scripts.',
    );
    await expectAccessible(page);
    // With the scripts, Add member and Remove member change the form in the page.
    const address = page.url();
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByRole('group', { name: 'Member 3' }).waitFor();
    await page.getByRole('button', { name: 'Remove member 3' }).click();
    await expect.poll(() => page.getByRole('group', { name: 'Member 3' }).count()).toBe(0);
    expect(page.url()).toBe(address);
    await second.getByRole('combobox', { name: 'Academic year' }).selectOption('junior');
    await second.getByRole('combobox', { name: 'Gender' }).selectOption('female');
    await page.getByRole('button', { name: 'Submit posting' }).click();
    const done = page.getByRole('dialog');
    await done.getByText(messages.submit.created).waitFor();
    await tapToLeave(done.getByRole('link', { name: 'View posting' }));
    await waitForDrawn(page, /\/detailView\?id=/);
    const id = new URL(page.url()).searchParams.get('id') as string;
    const detail = (await (await page.request.get(url(`/api/postings/${id}`))).json()) as {
      members: { name: string }[];
    };
    expect(detail.members.map((member) => member.name)).toEqual([seeded.members.pat.name, 'Mia Early']);
    await context.close();
  });

  it('Remove image before the scripts: the image leaves the form, stays gone with the scripts, and Save removes it', async () => {
    const { context, page } = await slowPhone('admin');
    const id = postings.imagesEarly as string;
    const imageIds = async () =>
      ((await (await page.request.get(url(`/api/postings/${id}`))).json()) as { images: { id: string }[] }).images.map(
        (image) => image.id,
      );
    const stored = await imageIds();
    expect(stored).toHaveLength(2);
    await openDrawn(page, `/create-posting?id=${id}`);
    const chosen = page.getByRole('list', { name: 'Chosen images' }).getByRole('listitem');
    await expectNoScriptsYet(page);
    await page.getByRole('button', { name: 'Remove image 1' }).click();
    await expect.poll(() => chosen.count()).toBe(1);
    await scriptsArrive(page);
    expect(await chosen.count()).toBe(1);
    expect(await imageIds()).toEqual(stored);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog').getByText(messages.submit.updated).waitFor();
    expect(await imageIds()).toEqual([stored[1]]);
    await context.close();
  });
});
