import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../scripts/lib/client-build.mjs';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, type TestMember } from '../support/users';
import { onCampusPosting, sendPosting } from './postings-support';

// The answers a page's first paint needs, written into the page by the server (decision 0019).
let t: TestApp;
let member: TestMember;

beforeAll(async () => {
  ensureClientBuilt();
  t = await createTestApp();
  member = await createMember(t);
});
afterAll(async () => {
  await t?.close();
});

const ANSWERS = /<script type="application\/json" id="page-answers">([^<]*)<\/script>/;

async function page(url: string, cookie?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  const json = ANSWERS.exec(response.body)?.[1];
  return { response, html: response.body, answers: json ? (JSON.parse(json) as Record<string, unknown>) : {} };
}

async function apiAnswer(url: string, cookie?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

describe('answers written into the page', () => {
  it("holds each answer of the page's first paint, as the API itself gives it to this visitor", async () => {
    const { answers, html, response } = await page('/postings?groupSize=2&dorm=Walsh', member.cookie);
    expect(Object.keys(answers)).toEqual([
      '/api/config',
      '/api/me',
      '/api/stats',
      '/api/pings/awaiting-count',
      '/api/postings?location=oncampus&groupSize=2&dorm=Walsh&limit=8',
      '/api/me/lifestyle',
    ]);
    for (const [url, answer] of Object.entries(answers))
      expect(answer, url).toEqual(await apiAnswer(url, member.cookie));
    expect((answers['/api/me'] as { user: { email: string } }).user.email).toBe(member.email);
    // What is in the page is not asked for again.
    expect(html).not.toMatch(/as="fetch"/);
    // The page holds the member's own answers: no shared cache may keep it.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(String(response.headers.vary)).toMatch(/cookie/i);
  });

  it('gives a visitor without a session only public answers', async () => {
    const { answers } = await page('/about');
    expect(Object.keys(answers)).toEqual(['/api/config', '/api/me', '/api/stats']);
    expect(answers['/api/me']).toEqual(await apiAnswer('/api/me'));
    expect(JSON.stringify(answers)).not.toContain(member.email);
  });

  it('keeps text students wrote from ending the element or being read as markup', async () => {
    // Markup, a line separator, and what a replacement string would read as special ($&, $', $`).
    const description = "Quiet group </script><script>alert(1)</script> <!-- & friends \u2028 next $& $' $` $$ line";
    const created = await sendPosting(t, { cookie: member.cookie, posting: onCampusPosting({ description }) });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const { answers, html } = await page(`/detailView?id=${id}`, member.cookie);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- &');
    expect((answers[`/api/postings/${id}`] as { description: string }).description).toBe(description);
    expect(answers[`/api/postings/${id}`]).toEqual(await apiAnswer(`/api/postings/${id}`, member.cookie));
  });

  it('leaves an answer that is not a success for the page to ask for itself, and show', async () => {
    const missing = crypto.randomUUID();
    const { answers, html } = await page(`/detailView?id=${missing}`, member.cookie);
    expect(Object.keys(answers)).not.toContain(`/api/postings/${missing}`);
    expect(html).toContain(`<link rel="preload" href="/api/postings/${missing}" as="fetch" crossorigin>`);
  });

  it('writes nothing into an address that is not a page', async () => {
    const { html } = await page('/no-such-page', member.cookie);
    expect(html).not.toContain('page-answers');
  });
});
