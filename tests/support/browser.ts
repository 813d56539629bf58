import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
  type Response,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { messages } from '../../src/shared/messages';
import { type PageWarning, WARNING_SEEN_COOKIE } from '../../src/shared/page-warnings';

export async function launchBrowser(): Promise<Browser> {
  const launch = inject('chromium');
  return chromium.launch({ executablePath: launch.executablePath, args: launch.args });
}

/** A page in its own context (axe needs pages from browser.newContext()). */
export async function openPage(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await context.newPage();
  waitForScriptsOnLoad(page);
  return { context, page };
}

/**
 * A page the server drew shows its controls before the scripts take it over, and a click before
 * then does nothing (decision 0029): `goto` and `reload` wait until the page is the scripts' own
 * (main.tsx marks #root `data-ready`) and its lazy parts have arrived, as a person waits for a
 * page to finish loading.
 */
export function waitForScriptsOnLoad(page: Page): void {
  for (const method of ['goto', 'reload'] as const) {
    const original = page[method].bind(page) as (...args: unknown[]) => Promise<Response | null>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await original(...args);
        // Bounded: a test that blocks the scripts on purpose goes on after it, and checks what it sees.
        if (page.url().startsWith('http') && (await page.locator('#root[data-drawn]').count()) > 0) {
          await page
            .locator('#root[data-ready]')
            .waitFor({ state: 'attached', timeout: 15_000 })
            .catch(() => undefined);
          // A lazily loaded part of the page (the profile's account section) is taken over once its
          // code arrives; a click on it before then is lost.
          await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        }
        return response;
      },
    });
  }
}

/** The WCAG 2.2 A and AA rules, with those 2.2 inherits from 2.0 and 2.1 (axe tags each rule by version). */
export const WCAG_22_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe on the page as it is now and fails on any WCAG 2.2 A/AA violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA_TAGS).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

const warned = new WeakSet<Page>();

/**
 * Opens `url`; on a narrow screen the first visit of a page answers the mobile warning of docs/product-spec.md as a
 * student would (open such pages with pageAt's `mobileWarningSeen: false`).
 */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  if ((page.viewportSize()?.width ?? 1280) < 426 && !warned.has(page)) {
    const warning = page.getByRole('dialog', { name: messages.mobileWarning.title });
    await answerWarning(page, warning, messages.mobileWarning.button, 'mobile');
    warned.add(page);
  }
}

/**
 * Answers a warning drawn over the page as a student would, then waits until the browser has
 * stored the answer's cookie: the page writes it with `document.cookie`, which does not say when
 * the browser has it, and a page opened the same instant could be sent with the warning again.
 */
export async function answerWarning(page: Page, warning: Locator, button: string, kind: PageWarning): Promise<void> {
  await warning.getByRole('button', { name: button }).click();
  await warning.waitFor({ state: 'detached' });
  await expect
    .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === WARNING_SEEN_COOKIE[kind]))
    .toBe(true);
}

/** With SCREENSHOT_DIR set, saves the whole page as `<name>-<width>.png` there. */
export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
}

/** The page must not scroll sideways (nothing wider than the viewport). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The cards of the postings list on the page. */
export const postingCards = (page: Page) => page.getByRole('list', { name: 'Postings' }).getByRole('article');

/** The posting ids of the cards shown, read from their 'SHOW MORE...' links. */
export async function shownIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('list', { name: 'Postings' })
    .getByRole('link', { name: /SHOW MORE/ })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => new URL(href, 'http://x').searchParams.get('id') ?? '');
}
