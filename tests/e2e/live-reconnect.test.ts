/**
 * The live stream's bounds as a browser meets them (issue 30, docs/decisions/0031), on a server
 * that holds one live stream in all (LIVE_STREAMS_MAX=1): a page whose stream is refused (503) is
 * given up on by the browser's EventSource, and the page reopens it with back-off, so a reply still
 * arrives without a reload once a place is free. And a message whose answer was lost after the
 * server saved it (a proxy's 502 for a server that died) is sent again under its client key and
 * shows once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentPing } from '../../src/shared/schemas/ping';
import { insertPosting } from '../support/browse-fixtures';
import { expectAccessible } from '../support/browser';
import { type BrowserSuite, pageAt, startBrowserSuite } from '../support/seeded-server';
import type { RunningServer } from '../support/server';

type Who = 'admin' | 'student' | 'holder';
let suite: BrowserSuite<Who>;
let server: RunningServer;
let postingId = '';
let conversationId = '';

const api = (who: Who, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: suite.members[who].cookie },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

/** Holds a live stream open (reading it) until released. */
async function holdStream(who: Who): Promise<() => void> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/events`, {
    headers: { cookie: suite.members[who].cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  void (async () => {
    try {
      while (!(await reader?.read())?.done) {}
    } catch {
      // Released.
    }
  })();
  return () => controller.abort();
}

beforeAll(async () => {
  suite = await startBrowserSuite(
    { admin: 'Ada Admin', student: 'Sam Student', holder: 'Hal Holder' },
    async (db, members) => {
      postingId = await insertPosting(db, members.admin.id, { dorm: 'Walsh', adminName: 'Ada Admin' });
    },
    { env: { LIVE_STREAMS_MAX: '1' } },
  );
  server = suite.server;
}, 300_000);
afterAll(() => suite?.stop());

describe('the live stream when the server is full', () => {
  it('reopens a refused stream with back-off and then shows a reply without a reload', async () => {
    const pinged = await api('student', `/api/postings/${postingId}/pings`, {
      method: 'POST',
      body: { message: 'Hello! Is the room still free?' },
    });
    expect(pinged.status).toBe(201);
    conversationId = ((await pinged.json()) as SentPing).conversationId ?? '';
    expect(conversationId).not.toBe('');

    // Another student holds the server's only stream.
    const release = await holdStream('holder');
    const student = await pageAt(suite.browser, server, 1280, { cookie: suite.members.student.cookie });
    const streamAnswers: number[] = [];
    student.page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/events') streamAnswers.push(response.status());
    });
    await student.page.goto(`${server.url}/messages/${conversationId}`);
    await student.page.getByRole('heading', { name: 'Ada Admin', level: 2 }).waitFor();
    await expect.poll(() => streamAnswers.includes(503), { timeout: 15_000 }).toBe(true);
    await expectAccessible(student.page);

    // A place frees up: the page's next attempt gets the stream, and the reply arrives live.
    release();
    await expect.poll(() => streamAnswers.includes(200), { timeout: 30_000 }).toBe(true);
    const replied = await api('admin', `/api/conversations/${conversationId}/messages`, {
      method: 'POST',
      body: { body: 'Yes, it is! Come by on Friday.' },
    });
    expect(replied.status).toBe(201);
    await student.page
      .getByRole('region', { name: 'Messages' })
      .getByText('Yes, it is! Come by on Friday.')
      .waitFor({ timeout: 10_000 });
    await student.context.close();
  }, 120_000);

  it('shows a message once when its answer was lost after the server saved it and the page sent it again', async () => {
    const student = await pageAt(suite.browser, server, 375, { cookie: suite.members.student.cookie });
    const sends: number[] = [];
    // The first send reaches the server, which saves it; its answer is replaced by a proxy's 502.
    await student.page.route(`**/api/conversations/${conversationId}/messages`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      sends.push(sends.length);
      if (sends.length > 1) return route.continue();
      await route.fetch();
      await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' });
    });
    await student.page.goto(`${server.url}/messages/${conversationId}`);
    const composer = student.page.getByRole('textbox', { name: 'Your message' });
    await composer.fill('See you on Friday!');
    await student.page.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => composer.inputValue(), { timeout: 15_000 }).toBe('');
    expect(sends.length).toBe(2);
    const thread = student.page.getByRole('region', { name: 'Messages' });
    await thread.getByText('See you on Friday!').waitFor();
    expect(await thread.getByText('See you on Friday!').count()).toBe(1);
    expect(await student.page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(0);
    const view = (await (await api('student', `/api/conversations/${conversationId}`)).json()) as {
      messages: { body: string }[];
    };
    expect(view.messages.filter((message) => message.body === 'See you on Friday!')).toHaveLength(1);
    await expectAccessible(student.page);
    await student.context.close();
  }, 120_000);
});
