/**
 * Issue 30: a drawn page costs several answers and two or three drawings, and drawings are made one
 * at a time. Asked for many at once, the server draws a bounded number in turn and sends the rest
 * at once as the app's bare page, which works: it names the app's scripts and the answers the page
 * needs, for the browser to fetch and draw itself (src/server/http/page-drawing.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../scripts/lib/client-build.mjs';
import { PAGES_PREPARED_AT_ONCE, PAGES_WAITING_MAX } from '../../src/server/http/page-drawing';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, type TestMember } from '../support/users';

let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  ensureClientBuilt();
  t = await createTestApp({}, undefined, { backgroundJobs: false });
  member = await createMember(t);
});
afterAll(async () => {
  await t?.close();
});

const PAGE = '/postings?location=oncampus';
const isDrawn = (html: string) => html.includes('<div id="root" data-drawn');
const hasAnswers = (html: string) => html.includes('id="page-answers"');

describe('pages asked for many at once', () => {
  it('are drawn up to the bound and otherwise sent at once as the bare page, which still works', async () => {
    const flood = 3 * (PAGES_PREPARED_AT_ONCE + PAGES_WAITING_MAX);
    const pages = await Promise.all(
      Array.from({ length: flood }, () =>
        t.app.inject({ method: 'GET', url: PAGE, headers: { cookie: member.cookie } }),
      ),
    );
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
    }
    // Prepared in turn: its answers fetched, and drawn from them (the very first, drawn while the
    // page's code is still loading, may be left to the browser with their answers in them).
    const prepared = pages.filter((page) => hasAnswers(page.body));
    const bare = pages.filter((page) => !hasAnswers(page.body));
    expect(prepared.filter((page) => isDrawn(page.body)).length).toBeGreaterThan(0);
    expect(prepared.length).toBeLessThan(flood);
    expect(bare.length).toBeGreaterThan(0);
    for (const { body } of bare) {
      // Nothing was fetched or drawn for it ...
      expect(isDrawn(body)).toBe(false);
      expect(body).toContain('Loading...');
      // ... and it names the app's scripts and every answer the page waits for, for the browser.
      expect(body).toContain('id="page-modules"');
      for (const answer of ['/api/config', '/api/me', '/api/stats', '/api/pings/awaiting-count']) {
        expect(body).toContain(`<link rel="preload" href="${answer}" as="fetch" crossorigin`);
      }
      expect(body).toMatch(/<link rel="preload" href="\/api\/postings\?[^"]*" as="fetch" crossorigin/);
    }

    // Once the flood has passed, pages are drawn again.
    const after = await t.app.inject({ method: 'GET', url: PAGE, headers: { cookie: member.cookie } });
    expect(isDrawn(after.body)).toBe(true);
  });
});
