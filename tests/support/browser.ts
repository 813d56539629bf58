import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

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
  return { context, page };
}

/** Runs axe on the page as it is now and fails on any WCAG 2.1 A/AA violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}
