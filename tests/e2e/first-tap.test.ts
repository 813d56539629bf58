/**
 * Issue 31, item 3, "no lost tap": a page the server drew answers the first tap, on a phone-sized
 * window (430 px) whose scripts arrive 4 s after the page (every script of the app is held back),
 * and the core flows work with JavaScript off. Each early tap, choice and typed value is either
 * carried out by the server (a link, a plain form) or kept and carried out when the scripts arrive;
 * nothing drawn contradicts itself meanwhile.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { conversation, ping, postingImage, postingMember, savedSearch } from '../../src/server/db/schema';
import { accountMessages } from '../../src/shared/account-messages';
import { FORM_NOTICES } from '../../src/shared/form-notices';
import { messages } from '../../src/shared/messages';
import { moderationMessages } from '../../src/shared/moderation';
import { pingMessages } from '../../src/shared/ping-messages';
import { postingValidation } from '../../src/shared/posting-validation-messages';
import { jpeg } from '../integration/postings-support';
import { insertPosting } from '../support/browse-fixtures';
import { expectAccessible, launchBrowser, shot } from '../support/browser';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc';
import { browserCookies, type SeededServer, startSeededServer } from '../support/seeded-server';

/** How long the app's scripts are held back: a slow phone on a weak connection. */
const HOLD_MS = 4_000;
const WIDTH = 430;
/** The app's scripts (boot, main and every chunk): all served from /assets. */
const SCRIPTS = /\/assets\/[^?#]+\.js(?:[?#].*)?$/;

type Member = 'admin' | 'student' | 'reader' | 'pat' | 'quinn' | 'nell' | 'otto' | 'gus' | 'hana';
let seeded: SeededServer<Member>;
let browser: Browser;
let oidc: TestOidcProvider;
const postings: Record<string, string> = {};
const pings: Record<string, string> = {};
const conversations: Record<string, string> = {};

/** Two photos stored where the server's disk storage reads them: with the dorm's image, three slides. */
async function storePhotos(db: Database, dataDir: string, postingId: string): Promise<void> {
  const folder = path.join(dataDir, 'uploads', 'postings', postingId);
  mkdirSync(folder, { recursive: true });
  for (const [position, colour] of [
    [0, '#2a6f97'],
    [1, '#e07a5f'],
  ] as const) {
    for (const [variant, width] of [
      ['full', 640],
      ['card', 320],
    ] as const) {
      await sharp({ create: { width, height: (width * 3) / 4, channels: 3, background: colour } })
        .webp()
        .toFile(path.join(folder, `photo${position}-${variant}.webp`));
    }
    await db.insert(postingImage).values({
      postingId,
      position,
      cardKey: `postings/${postingId}/photo${position}-card.webp`,
      fullKey: `postings/${postingId}/photo${position}-full.webp`,
      width: 640,
      height: 480,
    });
  }
}

beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUris: ['http://127.0.0.1/api/auth/callback/oidc'], anyLoopbackPort: true });
  oidc.addAccount('eagle', { email: 'eagle.first-tap@bc.edu', name: 'Eagle Early', emailVerified: true });
  oidc.addAccount('owl', { email: 'owl.no-script@bc.edu', name: 'Owl Offline', emailVerified: true });
  [seeded, browser] = await Promise.all([
    startSeededServer(
      {
        admin: 'Ada Admin',
        student: 'Sam Student',
        reader: 'Rita Reader',
        pat: 'Pat Pinger',
        quinn: 'Quinn Pinger',
        // Their passwords change and their accounts go (the Account section's forms).
        nell: 'Nell Leaving',
        otto: 'Otto Offline',
        // The profile's other sections: a saved search, an invitation, a group joined (issue 31 gaps).
        gus: 'Gus Early',
        hana: 'Hana Offline',
      },
      async (db, members, dataDir) => {
        const admin = { adminName: members.admin.name };
        // The detail view's own controls (Copy link, the carousel, Report; the admin's Status, Edit, Delete).
        for (const name of ['photos', 'noScriptPhotos']) {
          postings[name] = await insertPosting(db, members.admin.id, { ...admin, dorm: 'Gabelli' });
          await storePhotos(db, dataDir, postings[name] as string);
        }
        for (const name of ['statusEarly', 'deleteEarly', 'noScriptStatus', 'noScriptDelete']) {
          postings[name] = await insertPosting(db, members.admin.id, { ...admin, dorm: 'Stayer' });
        }
        postings.fulfilled = await insertPosting(db, members.admin.id, {
          ...admin,
          dorm: 'Voute',
          status: 'Fulfilled',
        });
        for (const name of ['cardBookmark', 'noScriptBookmark', 'ping', 'noScriptPing', 'accept', 'decline', 'edit']) {
          postings[name] = await insertPosting(db, members.admin.id, { ...admin, dorm: 'Walsh' });
        }
        postings.detailBookmark = await insertPosting(db, members.admin.id, {
          ...admin,
          listingLocation: 'offcampus',
          address: '12 Foster Street',
        });
        // Gus and Hana: each a saved search, an invitation to a group, and (Hana) a group joined.
        for (const who of ['gus', 'hana'] as const) {
          const student = members[who];
          await db.insert(savedSearch).values({
            userId: student.id,
            name: `${student.name}'s Walsh search`,
            alert: 'daily',
            filters: { location: 'oncampus', dorm: 'Walsh' },
            location: 'oncampus',
          });
          postings[`${who}Invited`] = await insertPosting(db, members.admin.id, { ...admin, dorm: 'Fitzpatrick' });
          await db.insert(postingMember).values({
            postingId: postings[`${who}Invited`] as string,
            position: 1,
            name: student.name,
            academicYear: 'junior',
            gender: 'female',
            email: student.email,
            state: 'invited',
            invitedAt: new Date(),
            invitationExpiresAt: new Date(Date.now() + 7 * 86_400_000),
            lastSentAt: new Date(),
          });
        }
        postings.hanaJoined = await insertPosting(db, members.admin.id, { ...admin, dorm: 'Kostka' });
        await db.insert(postingMember).values({
          postingId: postings.hanaJoined as string,
          position: 1,
          name: members.hana.name,
          academicYear: 'junior',
          gender: 'female',
          email: members.hana.email,
          userId: members.hana.id,
          state: 'joined',
          role: 'member',
          joinedAt: new Date(),
        });
        // Ten in Walsh (the seven above and these): a page of results (8) and a second for 'Load more'.
        for (let i = 0; i < 3; i += 1) await insertPosting(db, members.admin.id, { ...admin, dorm: 'Walsh' });
        // The only posting in its dorm: the filter tests count it.
        postings.vanderslice = await insertPosting(db, members.admin.id, { ...admin, dorm: 'Vanderslice' });
        for (const [name, from] of [
          ['accept', members.pat],
          ['decline', members.quinn],
        ] as const) {
          const [row] = await db
            .insert(ping)
            .values({
              postingId: postings[name] as string,
              searcherUserId: from.id,
              senderName: from.name,
              searcherEmail: from.email,
              message: `Hello from ${from.name}`,
              adminUserId: members.admin.id,
            })
            .returning({ id: ping.id });
          pings[name] = row?.id as string;
          const [opened] = await db
            .insert(conversation)
            .values({ pingId: pings[name] as string, postingId: postings[name] as string })
            .returning({ id: conversation.id });
          conversations[name] = opened?.id as string;
        }
      },
      { env: oidc.env },
    ),
    launchBrowser(),
  ]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await seeded?.stop();
  await oidc?.stop();
});

const url = (path: string) => `${seeded.server.url}${path}`;

/** A 430 px window whose every app script arrives HOLD_MS late; signed in as `member` if given. */
async function slowPhone(member?: Member): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 } });
  if (member) await context.addCookies(browserCookies(seeded.server, seeded.members[member].cookie));
  await context.route(SCRIPTS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue().catch(() => undefined);
  });
  return { context, page: await context.newPage() };
}

/** A window with JavaScript off; signed in as `member` if given. */
async function noScripts(member?: Member): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: WIDTH, height: 900 } });
  if (member) await context.addCookies(browserCookies(seeded.server, seeded.members[member].cookie));
  return { context, page: await context.newPage() };
}

/** Opens `path` and returns as soon as the server's drawing is there (not waiting for any script). */
async function openDrawn(page: Page, path: string): Promise<void> {
  await page.goto(url(path), { waitUntil: 'commit' });
  await page.locator('#root[data-drawn]').waitFor({ state: 'attached' });
  // A person sees the page once its stylesheet is there (it holds the paint back), so the first tap
  // comes no sooner: the drawn root can be in the DOM while the stylesheet is still on its way.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
  );
}

/** The page is still the server's drawing: the scripts have not taken it over. */
async function expectNoScriptsYet(page: Page): Promise<void> {
  expect(await page.locator('#root[data-ready]').count(), 'the scripts had already taken the page over').toBe(0);
}

/** Waits until the scripts have taken the page over, its lazy parts included. */
async function scriptsArrive(page: Page): Promise<void> {
  await page.locator('#root[data-ready]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * Fills the posting form's required fields (on campus, Rubenstein: the Walsh postings are counted
 * by 'Load more') and the description.
 */
async function fillPostingForm(page: Page, description: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Dorm' }).selectOption('Rubenstein');
  await page.getByRole('combobox', { name: 'Academic year' }).first().selectOption('sophomore');
  await page.getByRole('combobox', { name: 'Gender' }).first().selectOption('female');
  await page.getByRole('spinbutton', { name: 'Number of roommates needed' }).fill('2');
  await page.getByRole('textbox', { name: /Group description/ }).fill(description);
}

/** The student's bookmarks, as the API answers them. */
async function bookmarkedIds(page: Page): Promise<string[]> {
  const response = await page.request.get(url('/api/me/postings/bookmarked?limit=50'));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
}

/** A posting's status as the API answers it, or its answer's status code when there is none. */
async function postingStatus(page: Page, id: string): Promise<string | number> {
  const response = await page.request.get(url(`/api/postings/${id}`));
  return response.status() === 200 ? ((await response.json()) as { status: string }).status : response.status();
}

/** Whether the carousel's strip shows the photo named `name` (its left edge at the carousel's). */
async function photoInView(page: Page, name: string): Promise<boolean> {
  const carousel = await page.getByRole('region', { name: 'Images of Gabelli Hall' }).boundingBox();
  const photo = await page.getByRole('img', { name, exact: true }).boundingBox();
  return carousel !== null && photo !== null && Math.abs(photo.x - carousel.x) < 2;
}

/** Which slide of the carousel shows, once the scripts hold it. */
const shownSlide = (page: Page) =>
  page
    .getByRole('region', { name: 'Images of Gabelli Hall' })
    .getByRole('group')
    .filter({ visible: true })
    .getAttribute('aria-label');

/** The postings the page's cards link to, in order. */
async function cardIds(page: Page): Promise<string[]> {
  const links = page.getByRole('list', { name: 'Postings' }).getByRole('link', { name: /SHOW MORE/ });
  const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  return hrefs.map((href) => new URL(href, 'http://x').searchParams.get('id') as string);
}

/** Walks the local provider's login and consent pages in this window as `login`. */
async function providerLogin(page: Page, login: string): Promise<void> {
  await page.waitForURL((address) => address.origin === oidc.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((address) => address.origin === seeded.server.url);
}

async function signedInEmail(page: Page): Promise<string | undefined> {
  const me = await page.request.get(url('/api/me'));
  return ((await me.json()) as { user: { email: string } | null }).user?.email;
}

describe('the first tap, with the scripts 4 s late on a 430 px phone', () => {
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
    await card.click();
    // The server bookmarked it and drew the same page again, the button pressed.
    await page.waitForURL(/\/postings\?location=oncampus&dorm=Walsh$/);
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
    await page.getByRole('button', { name: 'Submit posting' }).click();
    await page.waitForURL(/\/detailView\?id=/);
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
    await nav.getByRole('link', { name: 'My Profile' }).click();
    await page.waitForURL(url('/myProfile'));
    await context.close();
  });

  it('the e-mail sign-in: what was typed before the scripts is kept, and a Sign In then signs in', async () => {
    const { context, page } = await slowPhone();
    await openDrawn(page, '/signin-wall');
    await expectNoScriptsYet(page);
    await page.getByRole('textbox', { name: 'Email' }).fill(seeded.members.reader.email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await page.getByText('Show password').click();
    await scriptsArrive(page);
    expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(seeded.members.reader.email);
    // 'Show password' chosen before the scripts: the password shows, as the checkbox says.
    expect(await page.getByRole('checkbox', { name: 'Show password' }).isChecked()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Password' }).inputValue()).toBe('correct-horse-battery');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(url('/'));
    expect(await signedInEmail(page)).toBe(seeded.members.reader.email);
    await context.close();
  });

  it('the e-mail sign-in sent before the scripts arrive signs in through the server', async () => {
    const { context, page } = await slowPhone();
    await openDrawn(page, '/signin-wall');
    await page.getByRole('textbox', { name: 'Email' }).fill(seeded.members.student.email);
    await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await expectNoScriptsYet(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(url('/'));
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
    await page.waitForURL(/dorm=Vanderslice/);
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
    await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/dorm=Vanderslice/);
    await page.getByText('1 posting', { exact: true }).waitFor();
    await context.close();
  });

  it('Ping Interest before the scripts opens its form in the page, which sends the ping', async () => {
    const { context, page } = await slowPhone('student');
    await openDrawn(page, `/detailView?id=${postings.ping}`);
    await expectNoScriptsYet(page);
    await page.getByRole('button', { name: 'Ping Interest' }).click();
    await page.waitForURL(/ping=open/);
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
    await carousel.getByRole('link', { name: 'Next image: 2 of 3' }).click();
    await page.waitForURL(/#photo-2$/);
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
    await page.getByRole('button', { name: 'Report posting' }).click();
    await page.waitForURL(/report=open/);
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
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(url(`/create-posting?id=${postings.statusEarly}`));
    await page.getByRole('heading', { level: 1, name: 'Edit Posting' }).waitFor();

    // Delete asks first, in the page, with the spec's words; then deletes.
    await openDrawn(page, `/detailView?id=${postings.deleteEarly}`);
    await expectNoScriptsYet(page);
    await page.getByRole('button', { name: 'Delete posting' }).click();
    await page.waitForURL(/delete=confirm/);
    const confirmation = page.getByRole('region', { name: 'Delete Posting' });
    await confirmation.getByText(messages.deletePosting.confirm).waitFor();
    expect(await postingStatus(page, postings.deleteEarly as string)).toBe('Unfulfilled');
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/postings\?/);
    await page.getByText(messages.deletePosting.done).waitFor();
    expect(await postingStatus(page, postings.deleteEarly as string)).toBe(404);
    await scriptsArrive(page);
    await context.close();
  });

  it('Load more on /postings: the tap opens the next page of results, drawn by the server', async () => {
    const { context, page } = await slowPhone('student');
    await openDrawn(page, '/postings?location=oncampus&dorm=Walsh');
    expect(await page.title()).toMatch(/^Search Postings · /);
    const cards = page.getByRole('list', { name: 'Postings' }).getByRole('listitem');
    expect(await cards.count()).toBe(8);
    const firstPage = await cardIds(page);
    await expectNoScriptsYet(page);
    await page.getByRole('link', { name: 'Load more' }).click();
    await page.waitForURL(/cursor=/);
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
    await offCampus.click();
    await page.waitForURL(/\/\?location=offcampus$/);
    await rent.waitFor();
    expect(await offCampus.getAttribute('aria-selected')).toBe('true');
    await scriptsArrive(page);
    expect(await offCampus.getAttribute('aria-selected')).toBe('true');
    // Its Search opens the off-campus results.
    await page.getByRole('form', { name: 'Search filters' }).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/\/postings\?location=offcampus/);
    await expectAccessible(page);
    await context.close();
  });

  it('Create an account before the scripts: the tap opens the drawn sign-up form, which creates the account', async () => {
    const { context, page } = await slowPhone();
    await openDrawn(page, '/signin-wall');
    await expectNoScriptsYet(page);
    await page.getByRole('link', { name: 'New here? Create an account' }).click();
    await page.waitForURL(/mode=signUp/);
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
    await dialog.getByRole('button', { name: accountMessages.deleteConfirm }).click();
    await page.waitForURL(/\/signin-wall/);
    expect(await signedInEmail(page)).toBeUndefined();
    await context.close();
  });
});

// axe runs as a script in the page: with JavaScript off it cannot, and these pages are the ones
// checked above with their scripts (every-route-axe.test.ts checks every route besides).
describe('the first tap on the profile and the warnings, with the scripts 4 s late', () => {
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
    await page.getByRole('button', { name: 'Join this group' }).click();
    await page.waitForURL(/\/detailView\?id=/);
    await page.getByText(FORM_NOTICES.INVITATION_JOINED.message).waitFor();
    expect(new URL(page.url()).searchParams.get('id')).toBe(postings.gusInvited);
    await scriptsArrive(page);
    await expectAccessible(page);
    await context.close();
  });

  it('the mobile warning answered before its script is remembered: no page shows it again', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await context.route(SCRIPTS, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue().catch(() => undefined);
    });
    const page = await context.newPage();
    await openDrawn(page, '/about');
    const warning = page.getByRole('dialog', { name: messages.mobileWarning.title });
    await warning.getByRole('button', { name: messages.mobileWarning.button }).click();
    await page.waitForURL(url('/about'));
    await page.locator('#root[data-drawn]').waitFor({ state: 'attached' });
    expect(await page.locator('dialog[data-warning]').count()).toBe(0);
    await openDrawn(page, '/forgot-password');
    expect(await page.locator('dialog[data-warning]').count()).toBe(0);
    await scriptsArrive(page);
    await expectAccessible(page);
    await context.close();
  });
});

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
