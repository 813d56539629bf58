/**
 * Issue 32, item 4: GET /metrics in Prometheus' text format, and the request id.
 *
 * - The series an operator reads are there with the values the server's state gives them: requests
 *   counted exactly once by route pattern and status, with their latency; the outbox's depth and
 *   every delivery's outcome; each background job's runs; the database probe (and PostgreSQL's
 *   pool); the process. Over real sockets: the live streams and upload places in use, a request cut
 *   off by the headers deadline and connections refused by the cap.
 * - No label holds an address as sent: requests to addresses holding tokens and ids leave none of
 *   them in the text.
 * - Only an allowed address (loopback here) or the token opens it; anyone else, a signed-in student
 *   included, gets exactly what an address that does not exist gets.
 * - The request id: a sane X-Request-ID is kept, anything else replaced, and the answer and the
 *   request's log lines name it.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/server/db/schema';
import { enqueueMail, OUTBOX_MAX_ATTEMPTS } from '../../src/server/mail/outbox';
import { UNMATCHED_ROUTE } from '../../src/server/metrics/registry';
import { UPLOADS_IN_FLIGHT_TOTAL } from '../../src/shared/limits';
import { ROUTES } from '../../src/shared/routes';
import { createTestApp, type TestApp } from '../support/app';
import { openStream } from '../support/sse';
import { createMember, type TestMember } from '../support/users';
import { until } from '../support/wait';

const TOKEN = 'metrics-token-0123456789abcdef0123456789';
const OUTSIDER = '203.0.113.9';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, strictly: every line a comment or a sample, or the test fails. */
function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a line of the text format: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name = '', raw = ''] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[name] = raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The one sample of `name` with these labels (others may be there too); undefined when there is none. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('GET /metrics (injected requests)', () => {
  let t: TestApp;
  let member: TestMember;
  const routes = new Set<string>();
  const logLines: string[] = [];

  beforeAll(async () => {
    const capture = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp({ METRICS_TOKEN: TOKEN }, undefined, {
      backgroundJobs: false,
      logger: { level: 'info', stream: capture },
      onRoute: (route) => routes.add(route.url),
    });
    member = await createMember(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** From loopback (inject's address), which METRICS_ALLOW lets in by default. */
  async function scrape(): Promise<Sample[]> {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parseMetrics(response.body);
  }

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('counts each request once by its route pattern and status code, with its latency by status class', async () => {
    const before = await scrape();
    for (let i = 0; i < 3; i++) {
      expect((await get(`/api/postings/${randomUUID()}`, { cookie: member.cookie })).statusCode).toBe(404);
    }
    for (let i = 0; i < 2; i++) expect((await get(`/api/postings/${randomUUID()}`)).statusCode).toBe(401);
    const after = await scrape();

    const requests = (samples: Sample[], status: string) =>
      sampleValue(samples, 'quadmates_http_requests_total', {
        method: 'GET',
        route: '/api/postings/:id',
        status_code: status,
      }) ?? 0;
    expect(requests(after, '404') - requests(before, '404')).toBe(3);
    expect(requests(after, '401') - requests(before, '401')).toBe(2);

    const latency = { method: 'GET', route: '/api/postings/:id', status_class: '4xx' };
    const count = (samples: Sample[]) =>
      sampleValue(samples, 'quadmates_http_request_duration_seconds_count', latency) ?? 0;
    const sum = (samples: Sample[]) =>
      sampleValue(samples, 'quadmates_http_request_duration_seconds_sum', latency) ?? 0;
    expect(count(after) - count(before)).toBe(5);
    expect(sum(after)).toBeGreaterThan(sum(before));
    expect(sampleValue(after, 'quadmates_http_request_duration_seconds_bucket', { ...latency, le: '+Inf' })).toBe(
      count(after),
    );
    // The first scrape was counted once its answer had gone.
    const scrapes = (samples: Sample[]) =>
      sampleValue(samples, 'quadmates_http_requests_total', { method: 'GET', route: '/metrics', status_code: '200' }) ??
      0;
    expect(scrapes(after) - scrapes(before)).toBe(1);
  });

  it('never labels a request with its address as sent: the ids and tokens in addresses stay out of the text', async () => {
    const secret = () => `sekret${randomUUID().replaceAll('-', '')}`;
    const secrets = Array.from({ length: 8 }, secret);
    const [verify, invitation, byToken, posting, reset, unknown, api, query] = secrets;
    await get(`/api/auth/verify-email?token=${verify}&callbackURL=/`);
    await get(`/invitations/${invitation}`);
    await get(`/api/invitations/by-token/${byToken}`, { cookie: member.cookie });
    await get(`/api/postings/${posting}`, { cookie: member.cookie });
    await get(`/reset-password?token=${reset}`);
    await get(`/nothing/here/${unknown}`);
    await get(`/api/${api}`);
    await get(`/postings?q=${query}`);

    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    for (const value of secrets) expect(response.body).not.toContain(value);
    const samples = parseMetrics(response.body);
    const allowedRoutes = new Set([...routes, ...ROUTES.map((route) => route.path), UNMATCHED_ROUTE]);
    const labelled = samples.filter((sample) => sample.labels.route !== undefined);
    expect(labelled.length).toBeGreaterThan(0);
    for (const sample of labelled) expect(allowedRoutes, sample.labels.route).toContain(sample.labels.route);
    const seen = new Set(labelled.map((sample) => sample.labels.route));
    for (const route of ['/api/auth/*', '/invitations/:token', '/api/invitations/by-token/:token', UNMATCHED_ROUTE]) {
      expect(seen, route).toContain(route);
    }
  });

  it('answers any other caller exactly as an address that does not exist: another address, a wrong token, a student', async () => {
    const unknown = await get('/metrics-nothing', { 'x-forwarded-for': OUTSIDER });
    const callers: Record<string, string>[] = [
      { 'x-forwarded-for': OUTSIDER },
      { 'x-forwarded-for': OUTSIDER, authorization: 'Bearer not-the-token' },
      { 'x-forwarded-for': OUTSIDER, authorization: `Basic ${TOKEN}` },
      { 'x-forwarded-for': OUTSIDER, cookie: member.cookie },
    ];
    for (const headers of callers) {
      const refused = await get('/metrics', headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(unknown.statusCode);
      expect(refused.headers['content-type']).toBe(unknown.headers['content-type']);
      // The same page; only its own address (the warnings' way back) differs.
      expect(refused.body).toBe(unknown.body.replaceAll('/metrics-nothing', '/metrics'));
      expect(refused.body).not.toContain('quadmates_');
    }
    // The token opens it from anywhere.
    const opened = await get('/metrics', { 'x-forwarded-for': OUTSIDER, authorization: `Bearer ${TOKEN}` });
    expect(opened.statusCode).toBe(200);
    expect(sampleValue(parseMetrics(opened.body), 'quadmates_database_up')).toBe(1);
    // The refusal is the operator's to see, in the log.
    expect(logLines.some((line) => line.includes('/metrics refused') && line.includes(OUTSIDER))).toBe(true);
  });

  it("shows the outbox's depth and each delivery attempt's outcome", async () => {
    const mailbox = path.join(t.config.dataDir, 'mailbox');
    await t.app.outbox.deliverDue();
    const mail = (to: string) => ({ kind: 'metrics-test', to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    await enqueueMail(t.database.db, [mail('first@bc.edu'), mail('second@bc.edu')]);
    const [first, second] = (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'metrics-test')))
      .sort((a, b) => a.recipient.localeCompare(b.recipient))
      .map((row) => row.id);
    const outbox = async () => {
      const samples = await scrape();
      const state = (name: string) => sampleValue(samples, 'quadmates_mail_outbox_messages', { state: name });
      const delivered = (outcome: string) => sampleValue(samples, 'quadmates_mail_deliveries_total', { outcome });
      return {
        due: state('due'),
        scheduled: state('scheduled'),
        failed: state('failed'),
        oldestDueSeconds: sampleValue(samples, 'quadmates_mail_outbox_oldest_due_seconds'),
        sent: delivered('sent'),
        retrying: delivered('retrying'),
        givenUp: delivered('failed'),
      };
    };
    const start = await outbox();
    expect(start).toMatchObject({ due: 2, scheduled: 0, failed: 0 });
    expect(start.oldestDueSeconds).toBeGreaterThanOrEqual(0);

    // The mailbox cannot be written (a file stands where its folder goes): both attempts fail and wait for a retry.
    rmSync(mailbox, { recursive: true, force: true });
    writeFileSync(mailbox, '');
    expect(await t.app.outbox.deliverDue()).toEqual({ sent: 0, retrying: 2, failed: 0 });
    const retried = await outbox();
    expect(retried).toMatchObject({ due: 0, scheduled: 2, failed: 0, oldestDueSeconds: 0 });
    expect((retried.retrying ?? 0) - (start.retrying ?? 0)).toBe(2);

    // One has been due for ten minutes, and is on its last attempt.
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 10 * 60_000), attempts: OUTBOX_MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, first as string));
    const waiting = await outbox();
    expect(waiting).toMatchObject({ due: 1, scheduled: 1, failed: 0 });
    expect(waiting.oldestDueSeconds).toBeGreaterThanOrEqual(600);
    expect(waiting.oldestDueSeconds).toBeLessThan(660);
    expect(await t.app.outbox.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const gaveUp = await outbox();
    expect(gaveUp).toMatchObject({ due: 0, scheduled: 1, failed: 1 });
    expect((gaveUp.givenUp ?? 0) - (start.givenUp ?? 0)).toBe(1);

    // The mailbox is back: the other is sent.
    rmSync(mailbox, { force: true });
    await t.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(mailOutbox.id, second as string));
    expect(await t.app.outbox.deliverDue()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const sent = await outbox();
    expect(sent).toMatchObject({ due: 0, scheduled: 0, failed: 1 });
    expect((sent.sent ?? 0) - (start.sent ?? 0)).toBe(1);
  });

  it("shows the database's probe (and PostgreSQL's pool), and the process's memory, CPU and event loop", async () => {
    const samples = await scrape();
    expect(sampleValue(samples, 'quadmates_database_up')).toBe(1);
    const probe = sampleValue(samples, 'quadmates_database_probe_seconds') ?? Number.NaN;
    expect(probe).toBeGreaterThan(0);
    expect(probe).toBeLessThan(2);
    const pool = samples.filter((sample) => sample.name.startsWith('quadmates_database_pool_'));
    if (t.database.kind === 'postgres') {
      // The test database's pool (tests/support/database.ts), idle between requests.
      expect(sampleValue(samples, 'quadmates_database_pool_max_connections')).toBe(5);
      const total = sampleValue(samples, 'quadmates_database_pool_connections') ?? 0;
      expect(total).toBeGreaterThanOrEqual(1);
      expect(total).toBeLessThanOrEqual(5);
      expect(sampleValue(samples, 'quadmates_database_pool_idle_connections')).toBeLessThanOrEqual(total);
      expect(sampleValue(samples, 'quadmates_database_pool_waiting_queries')).toBe(0);
    } else {
      // PGlite has one connection and no pool: the probe is its measure.
      expect(pool).toEqual([]);
    }
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'quadmates_uploads_max')).toBe(UPLOADS_IN_FLIGHT_TOTAL);
  });

  it('keeps a sane X-Request-ID from the proxy: the answer and every log line of the request name it', async () => {
    const id = 'edge-0f3c2a9b.req_42';
    const response = await get('/api/config', { 'x-request-id': id });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(id);
    const lines = logLines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    const messages = lines.filter((line) => line.reqId === id).map((line) => line.msg);
    expect(messages).toEqual(['incoming request', 'request completed']);
  });

  it('replaces an X-Request-ID that is not a sane token, and gives each request without one an id of its own', async () => {
    const generated: string[] = [];
    for (const sent of ['two words', 'x'.repeat(129), '{"level":60}', 'a/b', undefined, undefined]) {
      const response = await get('/api/config', sent === undefined ? {} : { 'x-request-id': sent });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      generated.push(id);
      const lines = logLines.filter((line) => (JSON.parse(line) as { reqId?: string }).reqId === id);
      expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
      if (sent) expect(logLines.some((line) => line.includes(JSON.stringify(sent).slice(1, -1)))).toBe(false);
    }
    expect(new Set(generated).size).toBe(generated.length);
  });

  // Last: the jobs change what the tests above look at.
  it("counts each background job's runs, their outcome and duration, and its last success", async () => {
    const names = t.app.jobs.names;
    expect(names.length).toBeGreaterThanOrEqual(9);
    const startedAt = Date.now() / 1000;
    t.app.jobs.start();
    let samples: Sample[] = [];
    try {
      await until(async () => {
        samples = await scrape();
        return names.every(
          (job) => (sampleValue(samples, 'quadmates_job_runs_total', { job, outcome: 'ok' }) ?? 0) >= 1,
        );
      }, 'every job to have run once');
    } finally {
      await t.app.jobs.stop();
    }
    samples = await scrape();
    for (const job of names) {
      const runs = sampleValue(samples, 'quadmates_job_runs_total', { job, outcome: 'ok' }) ?? 0;
      expect(runs, job).toBeGreaterThanOrEqual(1);
      expect(sampleValue(samples, 'quadmates_job_runs_total', { job, outcome: 'failed' }), job).toBeUndefined();
      expect(sampleValue(samples, 'quadmates_job_duration_seconds_count', { job }), job).toBe(runs);
      const lastSuccess = sampleValue(samples, 'quadmates_job_last_success_timestamp_seconds', { job }) ?? 0;
      expect(lastSuccess, job).toBeGreaterThanOrEqual(startedAt);
      expect(lastSuccess, job).toBeLessThanOrEqual(Date.now() / 1000);
    }
  });
});

describe('GET /metrics (a listening server)', () => {
  let t: TestApp;
  let base: string;
  let port: number;
  let students: TestMember[];

  beforeAll(async () => {
    t = await createTestApp({}, undefined, {
      backgroundJobs: false,
      serverLimits: { headersTimeoutMs: 1_000, checkEveryMs: 100, maxConnections: 5 },
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = Number(new URL(base).port);
    students = [await createMember(t), await createMember(t)];
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A scrape on a connection of its own, closed after it (the connection cap is low here). */
  function scrape(): Promise<Sample[]> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${base}/metrics`, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => {
          if (response.statusCode === 200) resolve(parseMetrics(body));
          else reject(new Error(`GET /metrics answered ${response.statusCode}`));
        });
      });
      request.on('error', reject);
    });
  }
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  const gauge = async (name: string) => sampleValue(await scrape(), name);

  it('shows the live streams open and the upload places in use, and counts streams and an abandoned upload when they end', async () => {
    const [first, second] = students as [TestMember, TestMember];
    expect(await gauge('quadmates_live_streams_open')).toBe(0);
    const streams = [await openStream(base, first), await openStream(base, second)];
    await until(async () => (await gauge('quadmates_live_streams_open')) === 2, 'two open streams');
    expect(t.app.live.size).toBe(2);

    // An upload that has begun and goes on arriving: it holds a place.
    const boundary = 'metrics-boundary';
    const upload = net.connect(port, '127.0.0.1');
    upload.on('error', () => undefined);
    upload.write(
      `POST /api/postings HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${t.config.publicUrl}\r\n` +
        `Cookie: ${first.cookie}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: 1000000\r\n\r\n--${boundary}\r\n` +
        'Content-Disposition: form-data; name="images"; filename="room.jpg"\r\nContent-Type: image/jpeg\r\n\r\n',
    );
    await until(async () => (await gauge('quadmates_uploads_in_progress')) === 1, 'the upload to hold a place');

    // The live stream's answer names its request too, though it is written past Fastify.
    const controller = new AbortController();
    const probe = await fetch(`${base}/api/events`, {
      headers: { cookie: second.cookie, 'x-request-id': 'stream-probe-1' },
      signal: controller.signal,
    });
    expect(probe.headers.get('x-request-id')).toBe('stream-probe-1');
    await until(async () => (await gauge('quadmates_live_streams_open')) === 3, 'three open streams');
    controller.abort();

    for (const stream of streams) await stream.close();
    upload.destroy();
    await until(async () => {
      const samples = await scrape();
      return (
        sampleValue(samples, 'quadmates_live_streams_open') === 0 &&
        sampleValue(samples, 'quadmates_uploads_in_progress') === 0
      );
    }, 'the streams and the upload to end');
    const samples = await scrape();
    // A stream is counted when it ends, and kept out of the latency histogram (it lasts minutes).
    expect(
      sampleValue(samples, 'quadmates_http_requests_total', {
        method: 'GET',
        route: '/api/events',
        status_code: '200',
      }),
    ).toBe(3);
    expect(
      samples.filter((sample) => sample.labels.route === '/api/events' && sample.name.includes('duration')),
    ).toEqual([]);
    expect(sampleValue(samples, 'quadmates_live_streams_max')).toBe(t.config.liveStreamsMax);
    // The upload whose sender went away before any answer, counted as nginx counts it.
    expect(
      sampleValue(samples, 'quadmates_http_requests_total', {
        method: 'POST',
        route: '/api/postings',
        status_code: '499',
      }),
    ).toBe(1);
  });

  it('counts a request cut off by the headers deadline, and connections refused at the cap', async () => {
    const before = await scrape();
    const slow = net.connect(port, '127.0.0.1');
    let answer = '';
    slow.setEncoding('utf8');
    slow.on('data', (chunk: string) => {
      answer += chunk;
    });
    slow.on('error', () => undefined);
    const closed = new Promise((resolve) => slow.on('close', resolve));
    slow.write('GET /api/config HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const afterTimeout = await scrape();
    const timedOut = (samples: Sample[]) => sampleValue(samples, 'quadmates_http_requests_timed_out_total') ?? 0;
    expect(timedOut(afterTimeout) - timedOut(before)).toBe(1);

    // The cap is 5 connections: of 7 opened at once, the server closes 2 as they arrive.
    await until(async () => (await connections()) === 0, 'the scrapes to close their connections');
    const sockets: { socket: net.Socket; closed: boolean }[] = [];
    for (let i = 0; i < 7; i++) {
      const socket = net.connect(port, '127.0.0.1');
      const entry = { socket, closed: false };
      socket.on('error', () => undefined);
      socket.on('close', () => {
        entry.closed = true;
      });
      await new Promise((resolve) => socket.once('connect', resolve));
      sockets.push(entry);
    }
    await until(() => sockets.filter((entry) => entry.closed).length === 2, 'two connections to be refused', 2_000);
    for (const { socket } of sockets) socket.destroy();
    await until(async () => (await connections()) === 0, 'the connections to close');
    const after = await scrape();
    const refused = (samples: Sample[]) => sampleValue(samples, 'quadmates_http_connections_refused_total') ?? 0;
    expect(refused(after) - refused(afterTimeout)).toBe(2);
    expect(sampleValue(after, 'quadmates_http_connections_max')).toBe(5);
    // This scrape's own connection.
    expect(sampleValue(after, 'quadmates_http_connections_open')).toBe(1);
  });
});
