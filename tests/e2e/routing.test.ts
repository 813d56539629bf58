import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, openPage } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('routing', () => {
  it('sends an unknown path to the sign-in page', async () => {
    const { context, page } = await openPage(browser);
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL(`${server.url}/signin-wall`);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Sign in with your Boston College email to continue');
    // The sign-in page hides the header and footer.
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await page.getByRole('contentinfo').count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });

  it('serves the app at the site root and every client route', async () => {
    for (const route of ['/', '/postings', '/detailView?id=1', '/our-purpose']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toContain('text/html');
    }
  });

  it('serves hashed assets with a long cache and the page with none', async () => {
    const page = await fetch(`${server.url}/postings`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-cache');
    const html = await page.text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${server.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // No inline code (the Content Security Policy allows none); the page's answers are data.
    expect(html).not.toMatch(/<script(?![^>]*\b(src=|type="application\/json"))[^>]*>/);
  });
});
