/**
 * Saved searches in a real browser (issue 14): a student saves the search of /postings with an
 * immediate alert, another student lists a matching posting and the alert reaches a local SMTP
 * server; the student finds the search on the profile, changes its alert and name, follows the
 * e-mail's unsubscribe link signed out (the page asks; only the button turns the alert off),
 * opens the search and deletes it. Every page and dialog passes axe; screenshots at 1280 and 375
 * px go to SCREENSHOT_DIR when it is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onCampusPosting } from '../integration/postings-support';
import { expectAccessible, shot, visit } from '../support/browser';
import { type BrowserSuite, pageAt, startBrowserSuite } from '../support/seeded-server';
import type { RunningServer } from '../support/server';
import type { TestSmtpServer } from '../support/smtp';

type Who = 'admin' | 'student';
let suite: BrowserSuite<Who>;
let server: RunningServer;
let people: BrowserSuite<Who>['members'];
let smtp: TestSmtpServer;

/** A page signed in as `who`, or signed out (null). */
const pageAs = (who: Who | null, width = 1280) =>
  pageAt(suite.browser, server, width, { cookie: who ? people[who].cookie : undefined, mobileWarningSeen: false });

/** Another student lists a posting in Walsh through the API, as the posting form does. */
async function listWalshPosting(): Promise<void> {
  const form = new FormData();
  form.append('posting', JSON.stringify(onCampusPosting()));
  const response = await fetch(`${server.url}/api/postings`, {
    method: 'POST',
    headers: { origin: server.url, cookie: people.admin.cookie },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

beforeAll(async () => {
  suite = await startBrowserSuite({ admin: 'Ada Lister', student: 'Sam Saver' });
  ({ server, members: people, smtp } = suite);
  // The machine may be shared: seeding runs initdb and every migration first.
}, 300_000);
afterAll(() => suite?.stop());

describe('saved searches', () => {
  it('save on /postings, get the alert, manage it on the profile, unsubscribe from the e-mail, delete', async () => {
    // 1. Save the search of the page, with an immediate alert.
    const student = await pageAs('student');
    await student.page.goto(`${server.url}/postings?location=oncampus&dorm=Walsh&groupSize=2`);
    await student.page.getByRole('heading', { name: 'Search Postings', level: 1 }).waitFor();
    const saveButton = student.page.getByRole('button', { name: 'Save this search' });
    await saveButton.waitFor();
    await expectAccessible(student.page);
    await saveButton.click();
    const dialog = student.page.getByRole('dialog', { name: 'Save this search' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByText('On-Campus: Group of 2, Walsh Hall').isVisible()).toBe(true);
    const name = dialog.getByLabel('Name');
    expect(await name.inputValue()).toBe('On-Campus: Group of 2, Walsh Hall');
    // A blank name is refused with the reason, in the dialog.
    await name.fill('   ');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await dialog.getByText('Please give the search a name.').waitFor();
    await name.fill('Walsh for two');
    await dialog.getByRole('radio', { name: /^Immediately/ }).check();
    await expectAccessible(student.page);
    await shot(student.page, 'save-dialog');
    await dialog.getByRole('button', { name: 'Save search' }).click();
    await student.page.getByText('Saved “Walsh for two”.', { exact: false }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await expectAccessible(student.page);

    // 2. Another student lists a matching posting: the alert arrives with its unsubscribe link.
    await listWalshPosting();
    const mail = await smtp.waitForMail(people.student.email, /Walsh for two/, 30_000);
    expect(mail.text).toContain('Walsh Hall: 4-man housing, seeking 2 more');
    const link = /(\/alerts\/unsubscribe\?id=[0-9a-f-]+&token=[\w.-]+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeDefined();
    expect(mail.headers.find((h) => h.key === 'list-unsubscribe-post')?.value).toBe('List-Unsubscribe=One-Click');

    // 3. The profile lists it; the alert setting and the name change.
    await student.page.goto(`${server.url}/myProfile#saved-searches`);
    const section = student.page.getByRole('region', { name: 'My Saved Searches' });
    await section.getByRole('heading', { name: 'Walsh for two', level: 3 }).waitFor();
    await expectAccessible(student.page);
    await section.getByLabel('Alerts').selectOption('daily');
    await section.getByText('Alert setting saved.').waitFor();
    await section.getByRole('button', { name: 'Edit Walsh for two' }).click();
    const edit = student.page.getByRole('dialog', { name: 'Edit saved search' });
    await edit.getByLabel('Name').fill('Walsh, two of us');
    await expectAccessible(student.page);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await section.getByRole('heading', { name: 'Walsh, two of us', level: 3 }).waitFor();
    expect(await section.getByLabel('Alerts').inputValue()).toBe('daily');
    await shot(student.page, 'profile');
    const narrow = await pageAs('student', 375);
    await visit(narrow.page, `${server.url}/myProfile#saved-searches`);
    await narrow.page.getByRole('heading', { name: 'Walsh, two of us', level: 3 }).waitFor();
    await expectAccessible(narrow.page);
    await narrow.page.getByRole('heading', { name: 'Walsh, two of us', level: 3 }).scrollIntoViewIfNeeded();
    await shot(narrow.page, 'profile');
    await narrow.page.goto(`${server.url}/postings?location=oncampus&dorm=Walsh&groupSize=2`);
    await narrow.page.getByRole('button', { name: 'Save this search' }).click();
    await narrow.page.getByRole('dialog', { name: 'Save this search' }).waitFor();
    await expectAccessible(narrow.page);
    await shot(narrow.page, 'save-dialog');
    await narrow.context.close();

    // 4. The e-mail's link, signed out: opening it only asks; the button turns the alert off.
    for (const width of [1280, 375]) {
      const visitor = await pageAs(null, width);
      await visit(visitor.page, `${server.url}${link}`);
      await visitor.page.getByRole('heading', { name: 'Turn Off Alerts', level: 1 }).waitFor();
      await visitor.page.getByText('Stop e-mail alerts for your saved search “Walsh, two of us”?').waitFor();
      await expectAccessible(visitor.page);
      await shot(visitor.page, 'unsubscribe');
      await visitor.context.close();
    }
    await student.page.reload();
    expect(
      await student.page.getByRole('region', { name: 'My Saved Searches' }).getByLabel('Alerts').inputValue(),
    ).toBe('daily');
    const visitor = await pageAs(null);
    await visitor.page.goto(`${server.url}${link}`);
    await visitor.page.getByRole('button', { name: 'Turn off alerts' }).click();
    await visitor.page.getByText('Alerts are off for “Walsh, two of us”.', { exact: false }).waitFor();
    await expectAccessible(visitor.page);
    await shot(visitor.page, 'unsubscribe-done');
    await visitor.context.close();
    // A tampered link says so.
    const forger = await pageAs(null);
    await forger.page.goto(`${server.url}${link?.slice(0, -3)}xyz`);
    await forger.page.getByText('This unsubscribe link is not valid.', { exact: false }).waitFor();
    await expectAccessible(forger.page);
    await forger.context.close();

    // 5. Back on the profile: the alert is off; open runs the search; delete removes it.
    await student.page.reload();
    const list = student.page.getByRole('region', { name: 'My Saved Searches' });
    await list.getByRole('heading', { name: 'Walsh, two of us', level: 3 }).waitFor();
    expect(await list.getByLabel('Alerts').inputValue()).toBe('off');
    await list.getByRole('link', { name: 'Open Walsh, two of us' }).click();
    await student.page.waitForURL(/\/postings\?/);
    const params = new URL(student.page.url()).searchParams;
    expect(Object.fromEntries(params)).toEqual({ location: 'oncampus', dorm: 'Walsh', groupSize: '2' });
    await student.page.getByText('1 posting').waitFor();
    await student.page.goto(`${server.url}/myProfile#saved-searches`);
    await student.page.getByRole('button', { name: 'Delete Walsh, two of us' }).click();
    const confirm = student.page.getByRole('dialog', { name: 'Delete saved search' });
    await confirm.waitFor();
    await expectAccessible(student.page);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await student.page.getByText('You Have No Saved Searches.', { exact: false }).waitFor();
    await expectAccessible(student.page);
    await student.context.close();
  }, 180_000);
});
