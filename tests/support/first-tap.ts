/**
 * What the first-tap browser files share (issue 31, item 3, "no lost tap"): a seeded server with its
 * students, postings, pings and conversations, a local OpenID provider and a browser, one set per
 * file; a 430 px window whose app scripts arrive only when the case says they do, or one with
 * JavaScript off; and the checks those files make. The cases are spread over five files so that the
 * browser tests' workers share them.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { conversation, ping, postingImage, postingMember, savedSearch, studentBlock } from '../../src/server/db/schema';
import { insertPosting } from './browse-fixtures';
import { launchBrowser } from './browser';
import { startOidcProvider, type TestOidcProvider } from './oidc';
import { browserCookies, type SeededServer, startSeededServer } from './seeded-server';

const WIDTH = 430;
/** A case opens several pages and makes several taps on each: on a busy 2-core machine a minute or more. */
export const LATE_SCRIPTS = { timeout: 180_000 };
/** The app's scripts (boot, main and every chunk): all served from /assets. */
const SCRIPTS = /\/assets\/[^?#]+\.js(?:[?#].*)?$/;

export type Member =
  | 'admin'
  | 'student'
  | 'reader'
  | 'pat'
  | 'quinn'
  | 'nell'
  | 'otto'
  | 'gus'
  | 'hana'
  | 'ivy'
  | 'omar';
export let seeded: SeededServer<Member>;
export let browser: Browser;
export let oidc: TestOidcProvider;
export const postings: Record<string, string> = {};
export const pings: Record<string, string> = {};
export const conversations: Record<string, string> = {};

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

/** A student's saved search of Walsh Hall, alerted daily, named after them. */
const walshSearchOf = (student: { id: string; name: string }) => ({
  userId: student.id,
  name: `${student.name}'s Walsh search`,
  alert: 'daily' as const,
  filters: { location: 'oncampus' as const, dorm: 'Walsh' },
  location: 'oncampus' as const,
});

/** The file's server, provider and browser: started before its first case, stopped after its last. */
export function setUpFirstTapServer(): void {
  beforeAll(async () => {
    oidc = await startOidcProvider({
      redirectUris: ['http://127.0.0.1/api/auth/callback/oidc'],
      anyLoopbackPort: true,
    });
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
          // A saved search to edit and a blocked student to unblock, before the scripts and without them.
          ivy: 'Ivy Early',
          omar: 'Omar Offline',
        },
        async (db, members, dataDir) => {
          const admin = { adminName: members.admin.name };
          // The detail view's own controls (Copy link, the carousel, Report; the admin's Status, Edit, Delete).
          for (const name of ['photos', 'noScriptPhotos']) {
            postings[name] = await insertPosting(db, members.admin.id, { ...admin, dorm: 'Gabelli' });
            await storePhotos(db, dataDir, postings[name] as string);
          }
          // The posting form's edit page: a stored image removed before the scripts, and without them.
          for (const name of ['imagesEarly', 'noScriptImages']) {
            postings[name] = await insertPosting(db, members.admin.id, { ...admin, dorm: 'Stayer' });
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
          for (const name of [
            'cardBookmark',
            'noScriptBookmark',
            'ping',
            'noScriptPing',
            'accept',
            'decline',
            'edit',
          ]) {
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
            await db.insert(savedSearch).values(walshSearchOf(student));
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
          for (const who of ['ivy', 'omar'] as const) {
            const student = members[who];
            await db.insert(savedSearch).values(walshSearchOf(student));
            await db.insert(studentBlock).values({ blockerUserId: student.id, blockedUserId: members.quinn.id });
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
}

export const url = (path: string) => `${seeded.server.url}${path}`;

/**
 * A slow phone's app scripts, held until `scriptsArrive` lets them through. A timer would not do: on
 * a busy machine a case's taps took longer than any fixed delay, and the scripts came in between.
 */
interface ScriptHold {
  arrived: Promise<void>;
  release: () => void;
  released: boolean;
}
const scriptHolds = new WeakMap<BrowserContext, ScriptHold>();

function holdScripts(context: BrowserContext): void {
  let resolve: () => void = () => undefined;
  const arrived = new Promise<void>((done) => {
    resolve = done;
  });
  const hold: ScriptHold = {
    arrived,
    released: false,
    release: () => {
      hold.released = true;
      resolve();
    },
  };
  scriptHolds.set(context, hold);
}

/**
 * A phone (430 px unless told) whose every app script arrives only once the case calls
 * `scriptsArrive`, and on each page it opens with `openDrawn` after that only when it calls it again;
 * signed in as `member` if given.
 */
export async function slowPhone(
  member?: Member,
  { width = WIDTH, height = 900 }: { width?: number; height?: number } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  if (member) await context.addCookies(browserCookies(seeded.server, seeded.members[member].cookie));
  holdScripts(context);
  await context.route(SCRIPTS, async (route) => {
    await scriptHolds.get(context)?.arrived;
    await route.continue().catch(() => undefined);
  });
  context.on('close', () => scriptHolds.get(context)?.release());
  return { context, page: await context.newPage() };
}

/** A window with JavaScript off; signed in as `member` if given. */
export async function noScripts(member?: Member): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: WIDTH, height: 900 } });
  if (member) await context.addCookies(browserCookies(seeded.server, seeded.members[member].cookie));
  return { context, page: await context.newPage() };
}

/** Opens `path` and returns as soon as the server's drawing is there (not waiting for any script). */
export async function openDrawn(page: Page, path: string): Promise<void> {
  // On a slow phone whose scripts came for the last page, this page's scripts wait for the case again.
  if (scriptHolds.get(page.context())?.released) holdScripts(page.context());
  await page.goto(url(path), { waitUntil: 'commit' });
  await drawnAndStyled(page);
}

/**
 * Waits for the page a tap went to, as a person sees it: at `address`, drawn and styled. Not for its
 * 'DOMContentLoaded' or 'load': both wait for the scripts, which a slow phone holds.
 */
export async function waitForDrawn(page: Page, address: string | RegExp): Promise<void> {
  await page.waitForURL(address, { waitUntil: 'commit' });
  await drawnAndStyled(page);
}

/**
 * The server's drawing is there, and so is its stylesheet: a person sees the page only then (the
 * stylesheet holds the paint back), so the first tap comes no sooner.
 */
async function drawnAndStyled(page: Page): Promise<void> {
  await page.locator('#root[data-drawn]').waitFor({ state: 'attached' });
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
  );
}

/**
 * Taps, once, a control whose tap leaves the page. Playwright's click checks that its tap landed on
 * the control and taps again if not; on a busy machine that check once misread the page (it named
 * <html>) while the tap itself went to the link, so the second tap was tried on the next page, where
 * the link is not, until the click's timeout. Here the same check (nothing drawn over the control's
 * centre) is made, and retried, before the one tap.
 */
export async function tapToLeave(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect
    .poll(
      () =>
        control.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit !== null && element.contains(hit);
        }),
      { message: 'nothing is drawn over the control' },
    )
    .toBe(true);
  await control.click({ force: true });
}

/** The page is still the server's drawing: the scripts have not taken it over. */
export async function expectNoScriptsYet(page: Page): Promise<void> {
  expect(await page.locator('#root[data-ready]').count(), 'the scripts had already taken the page over').toBe(0);
}

/** Lets a slow phone's scripts through, and waits until they have taken the page over, its lazy parts included. */
export async function scriptsArrive(page: Page): Promise<void> {
  scriptHolds.get(page.context())?.release();
  await page.locator('#root[data-ready]').waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

/**
 * Fills the posting form's required fields (on campus, Rubenstein: the Walsh postings are counted
 * by 'Load more') and the description.
 */
export async function fillPostingForm(page: Page, description: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Dorm' }).selectOption('Rubenstein');
  await page.getByRole('combobox', { name: 'Academic year' }).first().selectOption('sophomore');
  await page.getByRole('combobox', { name: 'Gender' }).first().selectOption('female');
  await page.getByRole('spinbutton', { name: 'Number of roommates needed' }).fill('2');
  await page.getByRole('textbox', { name: /Group description/ }).fill(description);
}

/** The student's bookmarks, as the API answers them. */
export async function bookmarkedIds(page: Page): Promise<string[]> {
  const response = await page.request.get(url('/api/me/postings/bookmarked?limit=50'));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: { id: string }[] }).items.map((item) => item.id);
}

/** A posting's status as the API answers it, or its answer's status code when there is none. */
export async function postingStatus(page: Page, id: string): Promise<string | number> {
  const response = await page.request.get(url(`/api/postings/${id}`));
  return response.status() === 200 ? ((await response.json()) as { status: string }).status : response.status();
}

/** Whether the carousel's strip shows the photo named `name` (its left edge at the carousel's). */
export async function photoInView(page: Page, name: string): Promise<boolean> {
  const carousel = await page.getByRole('region', { name: 'Images of Gabelli Hall' }).boundingBox();
  const photo = await page.getByRole('img', { name, exact: true }).boundingBox();
  return carousel !== null && photo !== null && Math.abs(photo.x - carousel.x) < 2;
}

/** Which slide of the carousel shows, once the scripts hold it. */
export const shownSlide = (page: Page) =>
  page
    .getByRole('region', { name: 'Images of Gabelli Hall' })
    .getByRole('group')
    .filter({ visible: true })
    .getAttribute('aria-label');

/** The postings the page's cards link to, in order. */
export async function cardIds(page: Page): Promise<string[]> {
  const links = page.getByRole('list', { name: 'Postings' }).getByRole('link', { name: /SHOW MORE/ });
  const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  return hrefs.map((href) => new URL(href, 'http://x').searchParams.get('id') as string);
}

/** Walks the local provider's login and consent pages in this window as `login`. */
export async function providerLogin(page: Page, login: string): Promise<void> {
  await page.waitForURL((address) => address.origin === oidc.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  // Back at the app, signed in; its page's 'load' would wait for a slow phone's held scripts.
  await page.waitForURL((address) => address.origin === seeded.server.url, { waitUntil: 'commit' });
}

export async function signedInEmail(page: Page): Promise<string | undefined> {
  const me = await page.request.get(url('/api/me'));
  return ((await me.json()) as { user: { email: string } | null }).user?.email;
}
