/**
 * A page whose code fails to load shows the error boundary's message and a retry instead of a blank
 * page, keeps the navigation, and draws the page once its code arrives (issue 21).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageFailedText } from '../../src/client/ui/ErrorBoundary';
import { expectAccessible, launchBrowser, shot } from '../support/browser';
import { pageAt, type SeededServer, startSeededServer } from '../support/seeded-server';

let seeded: SeededServer<'student'>;
let browser: Browser;

beforeAll(async () => {
  [seeded, browser] = await Promise.all([startSeededServer({ student: 'Sam Student' }), launchBrowser()]);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await seeded?.stop();
});

describe('error boundary', () => {
  it.each([1280, 375])('a page whose code is blocked says so and recovers on retry (%i px)', async (width) => {
    const { server, members } = seeded;
    const { context, page } = await pageAt(browser, server, width, { cookie: members.student.cookie });
    await page.goto(`${server.url}/about`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // The purpose page's own chunk cannot be fetched (a dropped connection, a deploy in between).
    const chunk = /\/assets\/PurposePage-[^/]+\.js$/;
    let blocked = 0;
    await page.route(chunk, (route) => {
      blocked += 1;
      return route.abort('connectionfailed');
    });
    await page.evaluate(() => {
      // A client-side navigation, as the navigation's link makes (a narrow screen folds it into a menu).
      history.pushState(null, '', '/our-purpose');
      dispatchEvent(new PopStateEvent('popstate'));
    });

    const alert = page.getByRole('alert').filter({ hasText: pageFailedText.title });
    await alert.waitFor();
    expect(blocked).toBeGreaterThan(0);
    await expect.poll(() => alert.getByRole('heading', { level: 1 }).textContent()).toBe(pageFailedText.title);
    // The layout stays: the student can still go elsewhere.
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    await expectAccessible(page);
    await shot(page, 'error-boundary');

    await page.unroute(chunk);
    await alert.getByRole('button', { name: pageFailedText.retry }).click();
    await page.getByRole('heading', { name: /^Welcome to Quadmates/, level: 1 }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: pageFailedText.title }).count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
