/**
 * Pages drawn per request, once (issue 31, decision 0039): each drawing has its own query cache,
 * filled before it draws by the route's loads (src/shared/page-loads.ts), which the server answers
 * from its services with the API's own checks. What a page carries is exactly what its loads were
 * given, in the shape the browser's fetch would get; a visitor gets only what the API would give
 * them; and drawings in one process do not wait on each other.
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClientBuilt } from '../../scripts/lib/client-build.mjs';
import { serverEntryOf } from '../../src/server/http/page-drawing';
import type { DrawnPage, PageAnswer } from '../../src/shared/drawn-page';
import { messages } from '../../src/shared/messages';
import type { SentPing } from '../../src/shared/schemas/ping';
import { createTestApp, type TestApp } from '../support/app';
import { createMember, originHeader, type TestMember } from '../support/users';
import { offCampusPosting, onCampusPosting, sendPosting } from './postings-support';

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

const ELEMENT = (id: string) => new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`);

interface DehydratedQuery {
  queryKey: unknown[];
  state: { data: unknown; status: string };
}

async function page(url: string, cookie?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const read = (id: string) => {
    const json = ELEMENT(id).exec(response.body)?.[1];
    return json ? JSON.parse(json) : undefined;
  };
  const cache = read('page-queries') as { queries: DehydratedQuery[]; notFound?: unknown[] } | undefined;
  const queries = new Map((cache?.queries ?? []).map((query) => [JSON.stringify(query.queryKey), query.state.data]));
  return {
    response,
    html: response.body,
    drawn: response.body.includes('<div id="root" data-drawn'),
    stores: (read('page-answers') ?? {}) as Record<string, unknown>,
    queries,
    notFound: cache?.notFound ?? [],
  };
}

async function apiAnswer(url: string, cookie?: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode, url).toBe(200);
  return response.json();
}

const key = (...parts: unknown[]) => JSON.stringify(parts);
/** An infinite query's cache entry: its first page, as the hook's first fetch would have it. */
const firstPage = (data: unknown) => ({ pages: [data], pageParams: [null] });

describe('a page drawn for a signed-in member', () => {
  it('carries exactly what its loads were given, each as the API answers this member', async () => {
    const { response, drawn, stores, queries, html } = await page('/postings?groupSize=2&dorm=Walsh', member.cookie);
    expect(response.statusCode).toBe(200);
    expect(drawn).toBe(true);
    // The two stores' answers, for the browser's stores.
    expect(Object.keys(stores)).toEqual(['/api/config', '/api/me']);
    expect(stores['/api/config']).toEqual(await apiAnswer('/api/config'));
    expect(stores['/api/me']).toEqual(await apiAnswer('/api/me', member.cookie));
    // The cache the page was drawn from: the layout's loads and the page's own, nothing else.
    const search = '/api/postings?location=oncampus&groupSize=2&dorm=Walsh&limit=8';
    expect(new Map(queries)).toEqual(
      new Map([
        [key('stats'), await apiAnswer('/api/stats')],
        [key('pings', 'awaiting'), await apiAnswer('/api/pings/awaiting-count', member.cookie)],
        [
          key('postings', 'search', 'location=oncampus&groupSize=2&dorm=Walsh'),
          firstPage(await apiAnswer(search, member.cookie)),
        ],
        [key('lifestyle', 'mine'), await apiAnswer('/api/me/lifestyle', member.cookie)],
      ]),
    );
    // What is in the page is not asked for again.
    expect(html).not.toMatch(/as="fetch"/);
    // The page holds the member's own answers: no shared cache may keep it.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(String(response.headers.vary)).toMatch(/cookie/i);
  });

  it("draws a posting's detail view from the posting as the API gives it, dates and students' text included", async () => {
    // Markup, a line separator, and what a replacement string would read as special ($&, $', $`).
    const description = "Quiet group </script><script>alert(1)</script> <!-- & friends \u2028 next $& $' $` $$ line";
    const created = await sendPosting(t, { cookie: member.cookie, posting: onCampusPosting({ description }) });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const { html, queries, drawn } = await page(`/detailView?id=${id}`, member.cookie);
    expect(drawn).toBe(true);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- &');
    const posting = queries.get(key('posting', id)) as { description: string; createdAt: unknown };
    expect(posting.description).toBe(description);
    expect(typeof posting.createdAt).toBe('string');
    expect(posting).toEqual(await apiAnswer(`/api/postings/${id}`, member.cookie));
    // The viewer's fit is drawn with it (its own admin here: the members' profiles), never a
    // "working it out" that nothing works out before the scripts, or without them.
    expect(queries.get(key('lifestyle', 'posting', id))).toEqual(
      await apiAnswer(`/api/postings/${id}/fit`, member.cookie),
    );
    expect(html).toContain('Members&#x27; Lifestyle Profiles');
    expect(html).not.toContain('Working out how you fit');
  });

  it("draws a posting that is not there as not found, sent with 404 and the error for the browser's first render", async () => {
    const missing = crypto.randomUUID();
    const { response, queries, notFound, html, drawn } = await page(`/detailView?id=${missing}`, member.cookie);
    expect(response.statusCode).toBe(404);
    expect(drawn).toBe(true);
    expect(html).toContain(`<h1>${messages.postingAccess.notFound.title}</h1>`);
    expect(html).not.toContain(messages.loading);
    expect(queries.has(key('posting', missing))).toBe(false);
    expect(notFound).toEqual([
      {
        queryKey: ['posting', missing],
        error: expect.objectContaining({ title: messages.postingAccess.notFound.title }),
      },
    ]);
    // The fit, not what the page is about, is left for the browser to ask for as before.
    expect(html).toContain(`<link rel="preload" href="/api/postings/${missing}/fit" as="fetch" crossorigin>`);
    expect(html).not.toContain(`<link rel="preload" href="/api/postings/${missing}" as="fetch" crossorigin>`);
  });

  it("draws an off-campus posting's exact pin for its admin only: another student's pages have the area", async () => {
    const admin = await createMember(t);
    const created = await sendPosting(t, {
      cookie: admin.cookie,
      posting: offCampusPosting({ pinLatitude: '42.336612', pinLongitude: '-71.149832' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    // The area's centre set to digits the pin's do not share, so a leak cannot hide in them.
    await t.database.db.execute(
      sql`UPDATE posting SET pin_area_latitude = 42.3371, pin_area_longitude = -71.1489 WHERE id = ${id}`,
    );
    const own = await page(`/detailView?id=${id}`, admin.cookie);
    expect(own.html).toContain('Exact location: 42.33661, -71.14983');
    for (const url of [
      `/detailView?id=${id}`,
      '/postings?location=offcampus',
      '/postings?location=offcampus&sort=walk',
    ]) {
      const other = await page(url, member.cookie);
      expect(other.drawn, url).toBe(true);
      for (const digits of ['42.336612', '-71.149832', '42.33661,', '-71.14983']) {
        expect(other.html, `${url} ${digits}`).not.toContain(digits);
      }
    }
    const detail = await page(`/detailView?id=${id}`, member.cookie);
    expect(detail.html).toContain('Approximate area: within about 200 m of 42.33710, -71.14890');
    expect(detail.html).toContain('≈ 15 min walk to Brighton Campus');
  });

  it("never fills a page with a conversation of someone else's", async () => {
    const admin = await createMember(t);
    const pinger = await createMember(t);
    const created = await sendPosting(t, { cookie: admin.cookie, posting: onCampusPosting() });
    const pinged = await t.app.inject({
      method: 'POST',
      url: `/api/postings/${created.json().id}/pings`,
      headers: { ...originHeader(t), cookie: pinger.cookie },
      payload: { message: 'Is the room still free?' },
    });
    expect(pinged.statusCode, pinged.body).toBe(201);
    const conversationId = pinged.json<SentPing>().conversationId as string;

    // One of the two sees it drawn ...
    const own = await page(`/messages/${conversationId}`, pinger.cookie);
    expect(own.queries.get(key('conversations', 'one', conversationId))).toEqual(
      await apiAnswer(`/api/conversations/${conversationId}`, pinger.cookie),
    );
    // ... a third student's page of the same address has none of it.
    const other = await page(`/messages/${conversationId}`, member.cookie);
    expect(other.response.statusCode).toBe(404);
    expect(other.queries.has(key('conversations', 'one', conversationId))).toBe(false);
    expect(other.html).not.toContain('Is the room still free?');
    expect(other.html).not.toContain(pinger.email);
  });
});

describe('a page drawn for a visitor who is not signed in', () => {
  it('carries only public answers', async () => {
    const { drawn, stores, queries, html } = await page('/about');
    expect(drawn).toBe(true);
    expect(stores['/api/me']).toEqual({ user: null });
    // The footer's count; not the navigation's badge, which only a member may ask for.
    expect(new Map(queries)).toEqual(new Map([[key('stats'), await apiAnswer('/api/stats')]]));
    expect(html).not.toContain(member.email);
  });

  it('is sent to the sign-in page from a page it may not see, with nothing of that page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/postings?location=oncampus' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/signin-wall');
    expect(response.body).not.toContain('page-queries');
  });

  it('writes nothing into an address that is not a page', async () => {
    const { html } = await page('/no-such-page', member.cookie);
    expect(html).not.toContain('page-answers');
    expect(html).not.toContain('page-queries');
  });
});

describe('drawings in one process', () => {
  it('do not wait on each other: 8 drawings all start their loads before any finishes', async () => {
    const { drawPage } = (await import(pathToFileURL(serverEntryOf(t.config.clientDir as string)).href)) as {
      drawPage: (url: string, answer: PageAnswer) => Promise<DrawnPage>;
    };
    const DRAWINGS = 8;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    let finished = 0;
    let allStarted = () => {};
    const everyoneStarted = new Promise<void>((resolve) => (allStarted = resolve));
    // The visitor's answers, as the server gives them; each drawing's page load waits at the gate.
    const answer: PageAnswer = async (load) => {
      if (load.path === '/api/stats') {
        started += 1;
        if (started === DRAWINGS) allStarted();
        await gate;
      }
      return t.app.pageAnswers.answer(null, load);
    };
    const drawings = Array.from({ length: DRAWINGS }, () =>
      drawPage('/about', answer).then((drawn) => {
        finished += 1;
        return drawn;
      }),
    );
    // A drawing that held the others back until it finished would leave them short of the gate.
    await everyoneStarted;
    expect(finished).toBe(0);
    release();
    const pages = await Promise.all(drawings);
    expect(pages.map((drawn) => drawn.kind)).toEqual(Array(DRAWINGS).fill('page'));
  });
});
