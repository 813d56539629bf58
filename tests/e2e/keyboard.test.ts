/**
 * Issue 12, item 6: keyboard and screen reader (every route's axe sweep is every-route-axe.test.ts).
 * - The create-posting, filter, bookmark, ping and answer journeys are done with the keyboard
 *   alone (Tab, Shift+Tab, Enter, Space, arrows, typing; no clicks, no fill), and the focused
 *   control shows where focus is.
 * - Every dialog takes focus, keeps Tab and Shift+Tab inside, closes with Escape unless docs/product-spec.md
 *   requires a decision (Terms & Conditions), and gives focus back to what opened it.
 * - Under prefers-reduced-motion the landing backdrop stays on one image and nothing transitions
 *   or animates.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../../src/server/db/schema';
import { messages } from '../../src/shared/messages';
import { LANDING_BACKDROP_ROTATION_MS } from '../../src/shared/options';
import { insertPosting } from '../support/browse-fixtures';
import { expectAccessible, launchBrowser, openPage } from '../support/browser';
import { type ModeratedWorld, startModeratedWorld } from '../support/moderated-world';
import { routeUrl } from '../support/routes';
import { pageAt } from '../support/seeded-server';

let world: ModeratedWorld<'student' | 'pinger' | 'newcomer'>;
let seeded: ModeratedWorld<'student' | 'pinger' | 'newcomer'>['seeded'];
let browser: Browser;
const ids = { walsh: '', gabelli: '', offcampus: '' };

type Who = 'admin' | 'student' | 'pinger' | 'newcomer';

const member = (who: Who) => {
  const found = seeded.members[who];
  if (!found) throw new Error(`no seeded member ${who}`);
  return found;
};

/** A call to the API as `who`, for what a test needs in place before its journey starts. */
async function api(who: Who, method: string, url: string, body: unknown): Promise<Response> {
  const response = await fetch(`${seeded.server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: seeded.server.url, cookie: member(who).cookie },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

function pageAs(who: Who | null, width = 1280, options: { mobileWarningSeen?: boolean } = {}) {
  return pageAt(browser, seeded.server, width, { cookie: who ? member(who).cookie : undefined, ...options });
}

beforeAll(async () => {
  [world, browser] = await Promise.all([
    startModeratedWorld(
      { student: 'Sam Student', pinger: 'Pat Pinger', newcomer: 'Nia Newcomer' },
      {
        reporter: 'pinger',
        seed: async (db, members) => {
          ids.gabelli = await insertPosting(db, members.admin.id, {
            adminName: members.admin.name,
            dorm: 'Gabelli',
            curNumSeek: 3,
          });
          // A first sign-in that has not yet answered the Terms & Conditions.
          await db
            .update(user)
            .set({ termsAcceptedAt: null, termsVersion: null })
            .where(eq(user.id, members.newcomer.id));
        },
      },
    ),
    launchBrowser(),
  ]);
  seeded = world.seeded;
  ids.walsh = world.ids.oncampus;
  ids.offcampus = world.ids.offcampus;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await world?.stop();
});

// ---------------------------------------------------------------------------------------------
// Keyboard helpers: every move is a key press.

/** A short description of the focused element, for failure messages. */
function focusedSummary(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (body)';
    const name = el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40) ?? '';
    return `<${el.tagName.toLowerCase()}${el.id ? ` id=${el.id}` : ''}> "${name.trim()}"`;
  });
}

async function isFocused(target: Locator): Promise<boolean> {
  return (await target.count()) > 0 && target.first().evaluate((el) => el === document.activeElement);
}

async function expectFocused(page: Page, target: Locator): Promise<void> {
  expect(await isFocused(target), `${target} should have focus; it is on ${await focusedSummary(page)}`).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus; fails, naming where focus got stuck, after
 * `max` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(
    `${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached ${target}; focus is on ${await focusedSummary(page)}`,
  );
}

/**
 * The focused element, or the label that draws it (hidden radios, the file input), shows a focus
 * ring: an outline of some width in a colour that is not transparent (the product's indicator).
 */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { shown: false, what: 'nothing focused' };
    const drawers: Element[] = [el, ...Array.from((el as HTMLInputElement).labels ?? [])];
    const shown = drawers.some((candidate) => {
      const style = getComputedStyle(candidate);
      return (
        style.outlineStyle !== 'none' &&
        Number.parseFloat(style.outlineWidth) > 0 &&
        style.outlineColor !== 'transparent' &&
        !/rgba\(.*,\s*0\)$/.test(style.outlineColor)
      );
    });
    return { shown, what: el.outerHTML.slice(0, 120) };
  });
  expect(ring.shown, `no visible focus indicator on ${ring.what}`).toBe(true);
}

/** Tab to `target`, check it shows focus, and press `key` on it. */
async function activate(page: Page, target: Locator, key = 'Enter', options: { back?: boolean } = {}) {
  await tabTo(page, target, options);
  await expectVisibleFocus(page);
  await page.keyboard.press(key);
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------

describe('journeys with the keyboard alone', () => {
  it('creates an off-campus posting: location, choices, a second member, dates, sublet, submit', async () => {
    const { context, page } = await pageAs('student');
    await page.goto(`${seeded.server.url}/create-posting`);
    const form = page.getByRole('form', { name: 'Create posting' });
    await form.waitFor();
    // The location radios: arrow keys move the choice, the label draws the focus ring.
    await tabTo(page, form.getByRole('radio', { name: 'On-Campus' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('ArrowRight');
    expect(await form.getByRole('radio', { name: 'Off-Campus' }).isChecked()).toBe(true);
    await tabTo(page, form.getByRole('textbox', { name: 'Address' }));
    await page.keyboard.type('77 Kirkwood Road, Brighton, MA');
    // Selects take typed letters (the option starting with them), as a keyboard user picks one.
    await tabTo(page, form.getByRole('combobox', { name: 'Academic year' }).first());
    await expectVisibleFocus(page);
    await page.keyboard.type('Junior');
    await page.keyboard.press('Tab');
    await expectFocused(page, form.getByRole('combobox', { name: 'Gender' }).first());
    await page.keyboard.type('Female');
    // 'Add member' puts focus on the new member's name.
    await activate(page, form.getByRole('button', { name: 'Add member' }));
    await expectFocused(page, form.getByRole('textbox', { name: 'Name', exact: true }));
    await page.keyboard.type('Jo Keys');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Senior');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Male');
    await tabTo(page, form.getByRole('spinbutton', { name: 'Number of roommates needed' }));
    await page.keyboard.type('2');
    await tabTo(page, form.getByRole('checkbox', { name: 'This is a sublet' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Space');
    expect(await form.getByRole('checkbox', { name: 'This is a sublet' }).isChecked()).toBe(true);
    await tabTo(page, form.getByRole('textbox', { name: 'Monthly rent' }));
    await page.keyboard.type('2400');
    await tabTo(page, form.getByRole('combobox', { name: 'Rent type' }));
    await page.keyboard.type('Total');
    await tabTo(page, form.getByRole('combobox', { name: 'Utilities' }));
    await page.keyboard.type('Included');
    await tabTo(page, form.getByLabel('End date'));
    await page.keyboard.type('05312028');
    expect(await form.getByLabel('End date').inputValue()).toBe('2028-05-31');

    await activate(page, form.getByRole('button', { name: 'Submit posting' }));
    const done = page.getByRole('dialog', { name: messages.submit.created });
    await done.waitFor();
    await activate(page, done.getByRole('link', { name: 'View posting' }));
    await page.getByRole('heading', { level: 1, name: /77 Kirkwood Road/ }).waitFor();
    const detail = page.getByRole('article');
    await detail.getByRole('heading', { name: 'Jo Keys' }).waitFor();
    await detail.getByText('Sublet', { exact: false }).first().waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('opens the filters on a narrow screen, narrows the postings, and resets them', async () => {
    const { context, page } = await pageAs('student', 375);
    await page.goto(`${seeded.server.url}/postings`);
    const count = page.getByRole('status').filter({ hasText: /postings?$/ });
    await count.filter({ hasText: '2 postings' }).waitFor();
    const toggle = page.getByRole('button', { name: /Show filters/ });
    await activate(page, toggle);
    await page.getByRole('button', { name: /Hide filters/, expanded: true }).waitFor();
    await tabTo(page, page.getByRole('combobox', { name: 'Housing Aim' }));
    await expectVisibleFocus(page);
    await page.keyboard.type('5');
    await tabTo(page, page.getByRole('combobox', { name: 'Preferred Dorm' }));
    await page.keyboard.type('Gabelli');
    await count.filter({ hasText: '1 posting' }).waitFor();
    const cards = page.getByRole('list', { name: 'Postings' }).getByRole('listitem');
    expect(await cards.count()).toBe(1);
    expect(await cards.textContent()).toContain('Gabelli Hall');
    expect(new URL(page.url()).searchParams.get('dorm')).toBe('Gabelli');
    await activate(page, page.getByRole('link', { name: 'Reset' }).first());
    await count.filter({ hasText: '2 postings' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('bookmarks a posting from the list and finds it among the profile bookmarks', async () => {
    const { context, page } = await pageAs('student');
    await page.goto(`${seeded.server.url}/postings`);
    const bookmark = page.getByRole('button', { name: 'Bookmark Walsh Hall' });
    await bookmark.waitFor();
    await activate(page, bookmark, 'Space');
    await page.getByRole('button', { name: 'Bookmark Walsh Hall', pressed: true }).waitFor();
    // Back up to the navigation bar and on to the profile.
    await activate(
      page,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /My Profile/ }),
      'Enter',
      {
        back: true,
      },
    );
    const bookmarks = page.getByRole('region', { name: 'My Bookmarked Posts' });
    await bookmarks.getByRole('listitem').filter({ hasText: 'Walsh Hall' }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('pings a posting from its detail view through the dialog', async () => {
    const { context, page } = await pageAs('student');
    await page.goto(`${seeded.server.url}/detailView?id=${ids.walsh}`);
    const opener = page.getByRole('button', { name: 'Ping Interest' });
    await opener.waitFor();
    await activate(page, opener);
    const dialog = page.getByRole('dialog', { name: 'Ping Interest' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('textbox', { name: 'Message (optional)' }));
    await expectVisibleFocus(page);
    await page.keyboard.type('Hello! Junior, tidy, early riser.');
    await activate(page, dialog.getByRole('button', { name: 'Send Ping' }));
    const sent = page.getByRole('dialog', { name: 'Ping Sent to Post Administrator!' });
    await sent.waitFor();
    // The outcome's OK button has focus: Enter closes, and focus is back on the opener.
    await expectFocused(page, sent.getByRole('button', { name: 'OK' }));
    await page.keyboard.press('Enter');
    await sent.waitFor({ state: 'hidden' });
    await expectFocused(page, opener);
    await page.getByText(/^You pinged this group on .+ Waiting for the admin's answer\.$/).waitFor();
    await context.close();
  });

  it("the admin accepts one ping and declines another in the profile's inbox", async () => {
    await api('pinger', 'POST', `/api/postings/${ids.gabelli}/pings`, { message: 'Gabelli please' });
    await api('pinger', 'POST', `/api/postings/${ids.offcampus}/pings`, { message: 'Brighton please' });
    const { context, page } = await pageAs('admin');
    await page.goto(`${seeded.server.url}/myProfile`);
    const inbox = page.getByRole('region', { name: 'Pings Received' });
    const items = inbox.getByRole('article', { name: 'Pat Pinger' });
    await items.first().waitFor();
    expect(await items.count()).toBe(2);
    await activate(page, items.first().getByRole('button', { name: 'Accept ping from Pat Pinger' }));
    await items.first().getByRole('status').getByText('Accepted. We e-mailed Pat Pinger').waitFor();
    await activate(page, items.nth(1).getByRole('button', { name: 'Decline ping from Pat Pinger' }));
    await items.nth(1).getByRole('status').getByText('Declined. We e-mailed Pat Pinger').waitFor();
    await expectAccessible(page);
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------

describe('moving around with the keyboard', () => {
  it('the first Tab offers the skip link, which moves focus to the page content', async () => {
    const { context, page } = await pageAs('student');
    await page.goto(`${seeded.server.url}/postings`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    await expectFocused(page, page.getByRole('link', { name: 'Skip to main content' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    await context.close();
  });

  it('on a narrow screen the Menu button opens the navigation; Escape closes it and focus returns to Menu', async () => {
    const { context, page } = await pageAs('student', 375);
    await page.goto(`${seeded.server.url}/postings`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await activate(page, menu);
    await nav.getByRole('button', { name: 'Menu', expanded: true }).waitFor();
    await tabTo(page, nav.getByRole('link', { name: 'Our Purpose' }));
    await expectVisibleFocus(page);
    await page.keyboard.press('Escape');
    await nav.getByRole('button', { name: 'Menu', expanded: false }).waitFor();
    await expectFocused(page, menu);
    // Open again and follow a link with Enter.
    await page.keyboard.press('Enter');
    await tabTo(page, nav.getByRole('link', { name: 'Contact Us' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/contact-us$/);
    await context.close();
  });

  it.each(['/', '/postings', '/detailView', '/myProfile', '/create-posting'])(
    'every control on %s shows a focus ring when Tab reaches it',
    async (route) => {
      const { context, page } = await pageAs('admin');
      await page.goto(`${seeded.server.url}${routeUrl(route, ids.offcampus)}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // Tab through the whole page once: until focus leaves the document (or comes round again).
      const seen = new Set<string>();
      for (let i = 0; i < 250; i++) {
        await page.keyboard.press('Tab');
        const key = await page.evaluate(() => {
          const el = document.activeElement;
          if (!el || el === document.body) return '';
          const path: number[] = [];
          for (let node: Element | null = el; node?.parentElement; node = node.parentElement) {
            path.unshift(Array.from(node.parentElement.children).indexOf(node));
          }
          return path.join('.');
        });
        if (key === '' || seen.has(key)) break;
        seen.add(key);
        await expectVisibleFocus(page);
      }
      expect(seen.size).toBeGreaterThan(5);
      await context.close();
    },
  );
});

// ---------------------------------------------------------------------------------------------

/**
 * `dialog` is open with focus inside it; Tab, then Shift+Tab, pressed more often than it has
 * controls, never take focus out of it, and each control they reach shows its focus.
 */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  await dialog.waitFor();
  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  expect(await inside(), `focus should be inside the dialog; it is on ${await focusedSummary(page)}`).toBe(true);
  const controls = await dialog.locator('a[href], button, input, select, textarea').count();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 1; i <= controls + 2; i++) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} #${i} took focus out of the dialog, to ${await focusedSummary(page)}`).toBe(true);
      // A dialog without controls (Uploading..) holds focus itself; anything else shows its ring.
      if (controls > 0) await expectVisibleFocus(page);
    }
  }
}

/** Escape closes `dialog` and focus is back on `opener`. */
async function expectEscapeReturnsTo(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expectFocused(page, opener);
}

/** Opens a dialog from `opener` with the keyboard, checks the trap, closes it with Escape. */
async function checkDialog(page: Page, opener: Locator, dialogName: string | RegExp): Promise<Locator> {
  await activate(page, opener);
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expectFocusTrapped(page, dialog);
  await expectAccessible(page);
  await expectEscapeReturnsTo(page, dialog, opener);
  return dialog;
}

describe('every dialog takes focus, keeps it, closes with Escape where allowed, and gives it back', () => {
  it('detail view, as a student: Ping Interest and Report posting', async () => {
    const { context, page } = await pageAs('pinger');
    await page.goto(`${seeded.server.url}/detailView?id=${ids.walsh}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkDialog(page, page.getByRole('button', { name: 'Ping Interest' }), 'Ping Interest');
    await checkDialog(page, page.getByRole('button', { name: 'Report posting' }), 'Report this posting');
    await context.close();
  });

  it("detail view, as the posting's admin: delete confirmation, Delete Failed and Update Failed", async () => {
    const { context, page } = await pageAs('admin');
    await page.goto(`${seeded.server.url}/detailView?id=${ids.walsh}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const deleteButton = page.getByRole('button', { name: 'Delete posting' });
    const confirm = await checkDialog(page, deleteButton, 'Delete Posting');

    // The server fails: the confirmation gives way to 'Delete Failed', which hands focus back too.
    await page.route('**/api/postings/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await activate(page, deleteButton);
    await tabTo(page, confirm.getByRole('button', { name: 'Delete', exact: true }));
    await page.keyboard.press('Enter');
    const failed = page.getByRole('dialog', { name: 'Delete Failed' });
    await expectFocusTrapped(page, failed);
    await expectEscapeReturnsTo(page, failed, deleteButton);

    await page.route('**/api/postings/*/status', (route) => route.fulfill({ status: 500, body: '' }));
    const status = page.getByRole('combobox', { name: 'Status' });
    await tabTo(page, status);
    await page.keyboard.press('ArrowDown');
    const updateFailed = page.getByRole('dialog', { name: messages.status.failed.title });
    await expectFocusTrapped(page, updateFailed);
    await expectEscapeReturnsTo(page, updateFailed, status);
    expect(await status.inputValue()).toBe('Unfulfilled');
    await context.close();
  });

  it('posting form: Submission Failed, Preview, Uploading.. (no Escape) and Posting Submitted', async () => {
    const { context, page } = await pageAs('pinger');
    await page.goto(`${seeded.server.url}/create-posting`);
    const form = page.getByRole('form', { name: 'Create posting' });
    await form.waitFor();
    const preview = form.getByRole('button', { name: 'Preview' });
    // Nothing filled in: the failure list, and on closing it focus goes to the first field to fix.
    await activate(page, preview);
    const failed = page.getByRole('dialog', { name: messages.submit.failedTitle });
    await expectFocusTrapped(page, failed);
    await page.keyboard.press('Escape');
    await failed.waitFor({ state: 'hidden' });
    await expectFocused(page, form.getByRole('combobox', { name: 'Dorm' }));
    await page.keyboard.type('Walsh');
    await tabTo(page, form.getByRole('combobox', { name: 'Academic year' }).first());
    await page.keyboard.type('Sophomore');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Other');
    await tabTo(page, form.getByRole('textbox', { name: 'Your gender' }));
    await page.keyboard.type('Nonbinary');
    await tabTo(page, form.getByRole('spinbutton', { name: 'Number of roommates needed' }));
    await page.keyboard.type('1');
    await checkDialog(page, preview, 'Preview');

    // The upload is held until the test lets it go, so the progress dialog can be looked at.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/postings', async (route) => {
      await held;
      await route.fallback();
    });
    const submit = form.getByRole('button', { name: 'Submit posting' });
    await activate(page, submit);
    const uploading = page.getByRole('dialog', { name: messages.submit.uploadingTitle });
    await expectFocusTrapped(page, uploading);
    await page.keyboard.press('Escape');
    expect(await uploading.isVisible(), 'Escape must not close the progress dialog').toBe(true);
    release();
    const done = page.getByRole('dialog', { name: messages.submit.created });
    await expectFocusTrapped(page, done);
    await expectEscapeReturnsTo(page, done, submit);
    await context.close();
  });

  it('postings page: Save this search', async () => {
    const { context, page } = await pageAs('pinger');
    await page.goto(`${seeded.server.url}/postings?dorm=Walsh`);
    const save = page.getByRole('button', { name: 'Save this search' });
    await save.waitFor();
    await checkDialog(page, save, 'Save this search');
    await context.close();
  });

  it('profile: Edit saved search, Delete saved search and Delete my account', async () => {
    await api('student', 'POST', '/api/saved-searches', {
      name: 'Walsh for two',
      alert: 'daily',
      filters: { location: 'oncampus', dorm: 'Walsh' },
    });
    const { context, page } = await pageAs('student');
    await page.goto(`${seeded.server.url}/myProfile`);
    const edit = page.getByRole('button', { name: 'Edit Walsh for two' });
    await edit.waitFor();
    await checkDialog(page, edit, 'Edit saved search');
    await checkDialog(page, page.getByRole('button', { name: 'Delete Walsh for two' }), 'Delete saved search');
    await checkDialog(page, page.getByRole('button', { name: 'Delete my account' }), 'Delete your account?');
    await context.close();
  });

  it('moderation: the suspend confirmation', async () => {
    const { context, page } = await pageAs('admin');
    await page.goto(`${seeded.server.url}/moderation`);
    const suspend = page.getByRole('button', { name: 'Suspend account' });
    await suspend.waitFor();
    await checkDialog(page, suspend, /^Suspend .+'s account\?$/);
    await context.close();
  });

  it('the narrow-screen warning and the in-app browser warning close with Escape', async () => {
    const narrow = await pageAs('student', 375, { mobileWarningSeen: false });
    await narrow.page.goto(`${seeded.server.url}/postings`);
    const mobile = narrow.page.getByRole('dialog', { name: messages.mobileWarning.title });
    await expectFocusTrapped(narrow.page, mobile);
    await expectAccessible(narrow.page);
    await narrow.page.keyboard.press('Escape');
    await mobile.waitFor({ state: 'hidden' });
    await narrow.context.close();

    const { context, page } = await openPage(browser, {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Instagram 300.0.0',
    });
    await page.goto(`${seeded.server.url}/signin-wall`);
    const inApp = page.getByRole('dialog', { name: messages.inAppBrowser.title('Instagram') });
    await expectFocusTrapped(page, inApp);
    await page.keyboard.press('Escape');
    await inApp.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('Terms & Conditions keeps focus and stays open on Escape until a choice is made', async () => {
    const { context, page } = await pageAs('newcomer');
    await page.goto(`${seeded.server.url}/postings`);
    const terms = page.getByRole('dialog', { name: messages.auth.terms.title });
    await expectFocusTrapped(page, terms);
    await expectAccessible(page);
    // Not even for a moment: a second Escape in a row would close a modal dialog with no cancellable event.
    await terms.evaluate((dialog) => {
      (window as unknown as { termsClosed: number }).termsClosed = 0;
      dialog.addEventListener('close', () => {
        (window as unknown as { termsClosed: number }).termsClosed += 1;
      });
    });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await terms.isVisible(), 'Escape must not dismiss the Terms & Conditions').toBe(true);
    expect(await page.evaluate(() => (window as unknown as { termsClosed: number }).termsClosed)).toBe(0);
    await activate(page, terms.getByRole('button', { name: messages.auth.terms.agree }));
    await terms.waitFor({ state: 'hidden' });
    await context.close();
  });
});

// ---------------------------------------------------------------------------------------------

/** The longest transition or animation any element (or its ::before/::after) would run, in ms. */
function longestMotionMs(page: Page): Promise<{ ms: number; what: string }> {
  return page.evaluate(() => {
    const toMs = (list: string) =>
      Math.max(
        0,
        ...list.split(',').map((v) => (v.trim().endsWith('ms') ? Number.parseFloat(v) : Number.parseFloat(v) * 1000)),
      );
    let worst = { ms: 0, what: 'nothing' };
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        const transition = style.transitionProperty === 'none' ? 0 : toMs(style.transitionDuration);
        const animation = style.animationName === 'none' ? 0 : toMs(style.animationDuration);
        const ms = Math.max(transition, animation);
        if (ms > worst.ms) worst = { ms, what: `${element.tagName.toLowerCase()}.${element.className}${pseudo ?? ''}` };
      }
    }
    return worst;
  });
}

/** The landing page on the page's own clock, with or without reduced motion. */
async function landing(reducedMotion: 'reduce' | 'no-preference') {
  const { context, page } = await pageAs('student');
  await page.emulateMedia({ reducedMotion });
  await page.clock.install();
  await page.goto(`${seeded.server.url}/`);
  // The server's HTML draws the first image before any script (src/client/shell/first-backdrop.ts);
  // the landing page's own backdrop replaces it, and only that one rotates.
  await page.locator('#first-backdrop').waitFor({ state: 'detached' });
  // The backdrop loads the image on show first (high priority) and the next one behind it.
  const current = page.locator('img[fetchpriority="high"]');
  await current.waitFor({ state: 'attached' });
  return { context, page, shown: () => current.getAttribute('src') };
}

describe('prefers-reduced-motion', () => {
  it('the landing backdrop rotates every LANDING_BACKDROP_ROTATION_MS, and things move, without it', async () => {
    const { context, page, shown } = await landing('no-preference');
    const first = await shown();
    await page.clock.runFor(LANDING_BACKDROP_ROTATION_MS);
    await expect.poll(shown).not.toBe(first);
    expect((await longestMotionMs(page)).ms).toBeGreaterThan(100);
    await context.close();
  });

  it('with it, the backdrop stays on one image over several intervals and nothing transitions or animates', async () => {
    const { context, page, shown } = await landing('reduce');
    const first = await shown();
    await page.clock.runFor(3 * LANDING_BACKDROP_ROTATION_MS);
    expect(await shown()).toBe(first);
    expect(await page.getByRole('button', { name: 'Pause images' }).count()).toBe(0);
    for (const route of ['/', '/postings', '/our-purpose', '/detailView']) {
      await page.goto(`${seeded.server.url}${routeUrl(route, ids.walsh)}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const worst = await longestMotionMs(page);
      expect(worst.ms, `${route}: ${worst.what} moves for ${worst.ms} ms`).toBeLessThan(1);
    }
    await context.close();
  });

  it('with it, the purpose page shows every paragraph at once; without it they are revealed on scroll', async () => {
    const hidden = async (reducedMotion: 'reduce' | 'no-preference') => {
      const { context, page } = await pageAs('student');
      await page.emulateMedia({ reducedMotion });
      await page.goto(`${seeded.server.url}/our-purpose`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const count = await page
        .locator('[class*="reveal"]')
        .evaluateAll((els) => els.filter((el) => getComputedStyle(el).opacity !== '1').length);
      await context.close();
      return count;
    };
    expect(await hidden('no-preference')).toBeGreaterThan(0);
    expect(await hidden('reduce')).toBe(0);
  });
});
