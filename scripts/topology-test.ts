/**
 * `npm run test:topology` (issue 32, item 2): the production layout of deploy/ on this machine,
 * used as students use it, upgraded with a rolling restart, then with one application server
 * killed in the middle of a conversation.
 *
 *   nginx (deploy/nginx/quadmates.conf; plain HTTP on a free port in place of TLS)
 *     -> two application servers, NODE_ENV=production, started as deploy/systemd/quadmates@.service
 *        starts them, with deploy/quadmates.env.example filled in
 *     -> a new PostgreSQL database on 127.0.0.1:5432 (TOPOLOGY_POSTGRES_URL names another server),
 *        a local S3 (s3rver) and an SMTP sink.
 *
 * The servers start on the previous release (scripts/lib/previous-build.ts: the commit before the
 * newest migration, API only), so the database stands at the migration before the newest. Through
 * the proxy two students sign up (the verification e-mail through the SMTP sink), sign in, one
 * posts a group with photos (stored in the bucket, served by either server), the other pings it and
 * the ping is accepted. Then the upgrade of docs/operations.md (Upgrades): while the students write
 * to each other over their live streams and read, the server reading an upload is stopped with
 * SIGTERM, starts on this checkout and applies the newest migration while the other (previous
 * release) serves; once the proxy sends it requests again, the other is stopped and started on this
 * checkout too. Nothing is lost or doubled and no answer is 5xx, the upload in flight included.
 *
 * On this checkout, the pages; then the students' live streams sit on different servers and, while
 * they write to each other, the server holding one stream is killed with SIGKILL. The stream
 * reconnects through the proxy to the other server with Last-Event-ID: every message reaches both
 * streams once, and no request sent after the kill is answered 5xx. The killed server restarts and
 * serves through the proxy again; per-student limits counted in the database hold across both servers.
 *
 * Installs nginx from Debian's packages when absent (root). Exits 1 with the first problem; stops
 * everything it started and drops its database whatever happens.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { loadConfig } from '../src/server/config';
import { linkIn, startSmtpServer } from '../tests/support/smtp';
import { ensureClientBuilt } from './lib/client-build.mjs';
import { LiveReader } from './lib/live-reader';
import { appliedMigrationCount, currentMigrationCount, preparePreviousBuild } from './lib/previous-build';
import { freePort, repoRoot } from './lib/server-process';
import { type HttpAnswer, postingBody, postingForm, request, sampleJpeg } from './lib/students';
import {
  type AppServer,
  Cleanup,
  checkShippedSite,
  createDatabase,
  ensureNginx,
  formatEnvironmentFile,
  metric,
  nginxVersion,
  parseEnvironmentFile,
  sleep,
  spawnAppServer,
  startNginx,
  startS3,
  until,
  waitReady,
} from './lib/topology';

const ADMIN_URL = process.env.TOPOLOGY_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Messages in the conversation, and after which one the server is killed. */
const MESSAGES = 40;
const KILL_AFTER = 15;
/**
 * During the rolling restart, a message this often, the two students in turn (about 70 in 15 s), at
 * most ROLL_MESSAGES in all: with the kill's 40, each student stays below 120 in 10 minutes
 * (src/shared/limits.ts) however slow the machine.
 */
const ROLL_MESSAGE_EVERY_MS = 200;
const ROLL_MESSAGES = 180;
const BUCKET = 'quadmates-topology';
const PASSWORD = 'topology-test-password-123';
const RUN_LIMIT_MS = 5 * 60_000;

const started = Date.now();
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const say = (line: string) => process.stdout.write(`[${seconds(Date.now() - started).padStart(5)} s] ${line}\n`);
const cleanup = new Cleanup();
const steps: { name: string; ms: number }[] = [];
let finished = false;
/** What to print when the run fails: the servers' and nginx's last words. */
const lastWords: (() => string)[] = [];

class TopologyFailure extends Error {}
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new TopologyFailure(message);
}

async function step<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  say(`== ${name}`);
  const at = Date.now();
  const result = await work();
  steps.push({ name, ms: Date.now() - at });
  return result;
}

// ---------------------------------------------------------------------------------------------
// Requests through the proxy (or straight to a server), each recorded with when it started and ended.

interface Exchange {
  label: string;
  method: string;
  target: string;
  startedAt: number;
  endedAt: number;
  status?: number;
  error?: string;
  /** The answer's X-Request-ID: through the proxy, nginx's $request_id, which its access log names. */
  requestId?: string;
}
const exchanges: Exchange[] = [];

async function send(
  base: string,
  label: string,
  options: {
    method: string;
    path: string;
    cookie?: string;
    json?: unknown;
    body?: Buffer;
    contentType?: string;
    from?: string;
  },
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.method !== 'GET') headers.origin = publicUrl;
  let body: Buffer | string | undefined = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers['content-type'] = 'application/json';
  } else if (options.contentType) headers['content-type'] = options.contentType;
  const exchange: Exchange = {
    label,
    method: options.method,
    target: `${base}${options.path}`,
    startedAt: Date.now(),
    endedAt: 0,
  };
  exchanges.push(exchange);
  try {
    const answer = await request(base, {
      method: options.method,
      path: options.path,
      headers,
      body,
      localAddress: options.from,
      timeoutMs: 30_000,
    });
    exchange.status = answer.status;
    exchange.requestId = answer.headers['x-request-id'] as string | undefined;
    return answer;
  } catch (error) {
    exchange.error = (error as Error).message;
    throw error;
  } finally {
    exchange.endedAt = Date.now();
  }
}

function expectStatus(answer: HttpAnswer, status: number, what: string): void {
  check(answer.status === status, `${what} answered ${answer.status}, not ${status}: ${answer.body.slice(0, 500)}`);
}

const tail = (text: string, lines = 30) => text.trimEnd().split('\n').slice(-lines).join('\n');

const cookieOf = (answer: HttpAnswer) =>
  (answer.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]).join('; ');

// ---------------------------------------------------------------------------------------------

let publicUrl = '';

/** A release other than this checkout's, to start a server on (scripts/lib/topology.ts, spawnAppServer). */
interface Release {
  name: string;
  root: string;
  command: string[];
  migrations: number;
}

interface Student {
  name: string;
  email: string;
  cookie: string;
  /** The loopback address the student's requests come from. */
  from: string;
}

// ---------------------------------------------------------------------------------------------
// A conversation through the proxy, and what became of each message.

interface SentMessage {
  n: number;
  body: string;
  exchange?: Exchange;
  /** Undefined when no answer came at all. */
  status?: number;
  seq?: number;
}

/** One message through the proxy, recorded in `sent` with its answer. */
async function sendMessage(
  conversationId: string,
  from: Student,
  label: string,
  n: number,
  body: string,
  sent: SentMessage[],
): Promise<void> {
  const record: SentMessage = { n, body };
  sent.push(record);
  try {
    const answer = await send(publicUrl, `${label} ${n}`, {
      method: 'POST',
      path: `/api/conversations/${conversationId}/messages`,
      cookie: from.cookie,
      json: { body },
      from: from.from,
    });
    record.status = answer.status;
    if (answer.status === 201) record.seq = JSON.parse(answer.body).seq;
  } catch {
    // No answer at all: counted as not acknowledged.
  }
  record.exchange = exchanges.find((e) => e.label === `${label} ${n}`);
}

/** The conversation's messages whose body starts with `prefix`, as the database holds them. */
async function storedMessages(
  databaseUrl: string,
  conversationId: string,
  prefix: string,
): Promise<{ seq: number; body: string }[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ seq: string; body: string }>(
      'select seq, body from conversation_message where conversation_id = $1 and starts_with(body, $2) order by seq',
      [conversationId, prefix],
    );
    return rows.map((row) => ({ seq: Number(row.seq), body: row.body }));
  } finally {
    await db.end();
  }
}

/** The sequences of the messages (body starting with `prefix`) a stream received, in order. */
const seqsOf = (reader: LiveReader, prefix: string) =>
  reader.events
    .filter((event) => event.event === 'message')
    .map((event) => (event.data as { message: { seq: number; body: string } }).message)
    .filter((message) => message.body.startsWith(prefix))
    .map((message) => message.seq);

/** Waits (up to 30 s) for every stored message to reach every stream; the tally says what did not. */
async function untilDelivered(readers: LiveReader[], stored: { seq: number }[], prefix: string): Promise<void> {
  await until(
    () => readers.every((reader) => stored.every((m) => seqsOf(reader, prefix).includes(m.seq))),
    'every stream to receive every stored message',
    30_000,
  ).catch(() => undefined);
}

/**
 * Lost: an acknowledged message not stored, or a stored one a stream never received. Doubled: a
 * message stored twice, received twice by a stream, or a stream's events out of order.
 */
function tallyConversation(
  sent: SentMessage[],
  stored: { seq: number; body: string }[],
  readers: LiveReader[],
  prefix: string,
): { lost: number; doubled: number; problems: string[] } {
  let lost = 0;
  let doubled = 0;
  const problems: string[] = [];
  const storedSeqs = new Set(stored.map((m) => m.seq));
  for (const record of sent.filter((r) => r.status === 201)) {
    if (!storedSeqs.has(record.seq as number)) {
      lost += 1;
      problems.push(`"${record.body}" was acknowledged (seq ${record.seq}) but is not stored`);
    }
  }
  const bodies = new Map<string, number>();
  for (const m of stored) bodies.set(m.body, (bodies.get(m.body) ?? 0) + 1);
  for (const [body, count] of bodies) {
    if (count > 1) {
      doubled += count - 1;
      problems.push(`"${body}" is stored ${count} times`);
    }
  }
  for (const reader of readers) {
    const seen = new Map<number, number>();
    for (const seq of seqsOf(reader, prefix)) seen.set(seq, (seen.get(seq) ?? 0) + 1);
    for (const m of stored) {
      const count = seen.get(m.seq) ?? 0;
      if (count === 0) {
        lost += 1;
        problems.push(`${reader.name}'s stream never received message seq ${m.seq} ("${m.body}")`);
      } else if (count > 1) {
        doubled += count - 1;
        problems.push(`${reader.name}'s stream received message seq ${m.seq} ${count} times`);
      }
    }
    for (const seq of seen.keys()) {
      if (!storedSeqs.has(seq))
        problems.push(`${reader.name}'s stream received message seq ${seq}, which is not stored`);
    }
    const ids = reader.events.map((event) => event.id).filter((id): id is number => id !== undefined);
    const backwards = ids.findIndex((id, i) => i > 0 && id <= (ids[i - 1] as number));
    if (backwards > 0) {
      doubled += 1;
      problems.push(`${reader.name}'s stream received event ${ids[backwards]} after ${ids[backwards - 1]}`);
    }
  }
  return { lost, doubled, problems };
}

/** An answer of 500 or more, or none at all. */
const isServerError = (e: Exchange) => (e.status ?? 0) >= 500 || e.error !== undefined;

/** A phone's photo at full size, with grain (so decoding and re-encoding it takes the server a while). */
const phonePhoto = (n: number) =>
  sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 110 + n * 20, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qm-topology-'));
  cleanup.add('temporary folder', () => rmSync(dir, { recursive: true, force: true }));
  const college = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }, repoRoot).college;
  // The photos of the upload in flight at the rolling restart, made while the servers start.
  const restartPhotos = Promise.all([0, 1].map(phonePhoto));
  restartPhotos.catch(() => undefined);

  const nginxBin = await step("nginx from Debian's packages", () => {
    const bin = ensureNginx(say);
    say(`${nginxVersion(bin)} at ${bin}`);
    return bin;
  });
  await step('the client build', () => {
    say(ensureClientBuilt() ? 'built dist/' : 'dist/ is up to date');
  });
  const database = await step('a new PostgreSQL database', async () => {
    const created = await createDatabase(ADMIN_URL, cleanup);
    say(`${created.name} at ${new URL(ADMIN_URL).host}`);
    return created;
  });
  const s3 = await step('a local S3-compatible store (s3rver)', async () => {
    const store = await startS3(path.join(dir, 's3'), BUCKET, cleanup);
    say(`bucket ${BUCKET} at ${store.endpoint}`);
    return store;
  });
  const smtp = await step('an SMTP sink', async () => {
    const sink = await startSmtpServer();
    cleanup.add('SMTP sink', () => sink.stop());
    say(`at ${sink.url}`);
    return sink;
  });

  const [serverPorts, proxyPort] = await (async () => {
    const ports = new Set<number>();
    while (ports.size < 3) ports.add(await freePort());
    const [a, b, c] = [...ports] as [number, number, number];
    return [[a, b], c] as const;
  })();
  publicUrl = `http://127.0.0.1:${proxyPort}`;
  const proxy = publicUrl;

  const example = parseEnvironmentFile(readFileSync(path.join(repoRoot, 'deploy/quadmates.env.example'), 'utf8'));
  await step('the example environment file, unfilled, stops a server at start', async () => {
    const refused = spawnAppServer({
      name: 'server on the unfilled example',
      port: await freePort(),
      env: { NODE_ENV: 'production', ...example },
      logFile: path.join(dir, 'unfilled.log'),
      cleanup,
    });
    const { code } = await refused.exited;
    const sentence = refused.output().trim();
    check(code === 1, `a server on the unfilled example exited ${code}, not 1:\n${sentence}`);
    check(
      /^(AUTH_SECRET|SMTP_URL|S3_ACCESS_KEY_ID)\b[^\n]*\.$/.test(sentence),
      `a server on the unfilled example did not say in one sentence which secret is missing:\n${sentence}`,
    );
    say(`exit 1: ${sentence}`);
  });

  // The guide's /etc/quadmates/quadmates.env: the example with this machine's values in place of
  // the placeholders; everything else (HOST, TRUST_PROXY, COLLEGE_CONFIG...) as the example says.
  const envFile = path.join(dir, 'quadmates.env');
  const filled = {
    ...example,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.join(dir, 'data'),
    AUTH_SECRET: randomBytes(36).toString('base64url'),
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  };
  writeFileSync(envFile, formatEnvironmentFile(filled), { mode: 0o600 });
  // As the unit does: NODE_ENV=production, then the file.
  const serverEnv = { NODE_ENV: 'production', ...parseEnvironmentFile(readFileSync(envFile, 'utf8')) };

  const servers: AppServer[] = [];
  /**
   * Starts the server of a slot (its port is fixed: nginx's upstream lists it), on this checkout
   * or, with `release`, on the previous one.
   */
  const startServer = (slot: number, release?: Release) => {
    const port = serverPorts[slot] as number;
    const server = spawnAppServer({
      name: `server ${slot + 1} (port ${port}${release ? `, ${release.name}` : ''})`,
      port,
      env: serverEnv,
      logFile: path.join(dir, `server-${slot + 1}.log`),
      cleanup,
      root: release?.root,
      command: release?.command,
    });
    servers[slot] = server;
    lastWords.push(() => `${server.name}:\n${tail(server.output())}`);
    return server;
  };
  const server = (slot: number) => servers[slot] as AppServer;

  const newest = currentMigrationCount();
  const previous = await step('the previous release, taken from git', () => {
    const build = preparePreviousBuild();
    cleanup.add('the previous release', () => build.remove());
    const subject = build.subject.length > 90 ? `${build.subject.slice(0, 87)}...` : build.subject;
    say(`${build.commit.slice(0, 10)} "${subject}"`);
    check(
      build.migrations < newest,
      `the previous release applies ${build.migrations} migrations, as many as this checkout: the restart would bring none`,
    );
    say(
      `it applies ${build.migrations} migrations, this checkout ${newest}; it runs API only (src/server/main.ts through tsx, ` +
        'no client build), so students use the API until every server runs this checkout: during the restart a page ' +
        'drawn by one build could ask the other for its scripts (docs/operations.md, Upgrades)',
    );
    if (build.lockfileDiffers)
      say("its package-lock.json is not this checkout's; it runs on this checkout's node_modules");
    return {
      name: 'previous release',
      root: build.root,
      command: ['--import', 'tsx', 'src/server/main.ts'],
      migrations: build.migrations,
    };
  });

  await step(
    `two servers of the previous release in production mode, started together on the new database`,
    async () => {
      await Promise.all([0, 1].map((slot) => waitReady(startServer(slot, previous))));
      const applied = await appliedMigrationCount(database.url);
      check(applied === previous.migrations, `the database has ${applied} migrations, not ${previous.migrations}`);
      say(`${server(0).name} and ${server(1).name} ready; the database's ${applied} migrations applied once`);
    },
  );

  const site = readFileSync(path.join(repoRoot, 'deploy/nginx/quadmates.conf'), 'utf8');
  await step('nginx -t on deploy/nginx/quadmates.conf as shipped (TLS, HTTP/2)', () => {
    const verdict = checkShippedSite(nginxBin, site, path.join(dir, 'nginx-shipped'));
    say(
      verdict === undefined
        ? 'skipped: no openssl to make a throwaway certificate'
        : `accepted with a throwaway certificate: ${verdict.split('\n').at(-1)}`,
    );
  });

  const nginx = await step('nginx in front of both, from deploy/nginx/quadmates.conf', async () => {
    const started = await startNginx({
      bin: nginxBin,
      site,
      port: proxyPort,
      servers: serverPorts.map((port) => `127.0.0.1:${port}`),
      dir: path.join(dir, 'nginx'),
      cleanup,
    });
    lastWords.push(() => `nginx:\n${tail(started.errorLog())}\n${tail(started.accessLog().join('\n'))}`);
    say(`at ${started.url}, upstream ${serverPorts.map((port) => `127.0.0.1:${port}`).join(' and ')}`);
    return started;
  });

  const students = await step('two students sign up (e-mail verification through SMTP) and sign in', async () => {
    const signUp = async (name: string, from: string): Promise<Student> => {
      const email = `topology.${name.toLowerCase()}.${Date.now()}@${college.college.emailDomain}`;
      const created = await send(proxy, 'sign-up', {
        method: 'POST',
        path: '/api/auth/sign-up/email',
        json: { email, name, password: PASSWORD },
        from,
      });
      expectStatus(created, 200, `sign-up of ${email}`);
      const link = linkIn(await smtp.waitForMail(email, /verify/i), '/verify-email?token=');
      check(link.startsWith(`${publicUrl}/`), `the verification link does not point at PUBLIC_URL: ${link}`);
      const token = new URL(link).searchParams.get('token');
      const confirmed = await send(proxy, 'verify', {
        method: 'POST',
        path: '/api/auth/verify-email/confirm',
        json: { token, name, password: PASSWORD },
        from,
      });
      expectStatus(confirmed, 200, `confirming ${email}`);
      const terms = await send(proxy, 'terms', {
        method: 'POST',
        path: '/api/me/terms',
        cookie: cookieOf(confirmed),
        json: { version: college.termsVersion },
        from,
      });
      expectStatus(terms, 200, 'accepting the terms');
      const signedIn = await send(proxy, 'sign-in', {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        json: { email, password: PASSWORD },
        from,
      });
      expectStatus(signedIn, 200, `sign-in of ${email}`);
      const cookie = cookieOf(signedIn);
      const me = await send(proxy, 'me', { method: 'GET', path: '/api/me', cookie, from });
      check(JSON.parse(me.body).user?.email === email, `/api/me does not know ${email}`);
      say(`${name}: signed up, verified, accepted the terms, signed in as ${email}`);
      return { name, email, cookie, from };
    };
    return { admin: await signUp('Aoife', '127.1.0.1'), seeker: await signUp('Brendan', '127.1.0.2') };
  });
  const { admin, seeker } = students;

  const postingId = await step('a posting with three photos, stored in the bucket', async () => {
    const photos = await Promise.all([0, 1, 2].map(sampleJpeg));
    const dorm = college.dorms[0]?.key as string;
    const { body, contentType } = await postingBody(postingForm('Topology test: a group with photos', dorm), photos);
    const created = await send(proxy, 'posting', {
      method: 'POST',
      path: '/api/postings',
      cookie: admin.cookie,
      body,
      contentType,
      from: admin.from,
    });
    expectStatus(created, 201, 'creating a posting with photos');
    const id = JSON.parse(created.body).id as string;
    const detail = await send(proxy, 'posting', { method: 'GET', path: `/api/postings/${id}`, cookie: seeker.cookie });
    expectStatus(detail, 200, 'the posting');
    const images = JSON.parse(detail.body).images as { cardUrl: string; fullUrl: string }[];
    check(images.length === 3, `the posting has ${images.length} images, not 3`);
    const bytes = async (base: string, url: string) => {
      const response = await fetch(`${base}${url}`, { headers: { cookie: seeker.cookie } });
      check(response.status === 200, `${base}${url} answered ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    };
    for (const image of images) {
      const viaProxy = await bytes(proxy, image.fullUrl);
      for (const s of servers) {
        check(
          (await bytes(s.url, image.fullUrl)).equals(viaProxy),
          `${s.name} serves other bytes for ${image.fullUrl}`,
        );
      }
    }
    check(
      !existsSync(path.join(filled.DATA_DIR, 'uploads', 'postings')),
      'images were written to DATA_DIR/uploads, not the bucket',
    );
    say(`posting ${id}: 3 photos in the bucket, the same bytes from the proxy and from each server`);
    return id;
  });

  const conversationId = await step('a ping, its e-mail, and the admin accepting it', async () => {
    const pinged = await send(proxy, 'ping', {
      method: 'POST',
      path: `/api/postings/${postingId}/pings`,
      cookie: seeker.cookie,
      json: { message: 'Is there still room for one more?' },
      from: seeker.from,
    });
    expectStatus(pinged, 201, 'the ping');
    const ping = JSON.parse(pinged.body) as { id: string; conversationId: string };
    await smtp.waitForMail(admin.email, /is interested in your group/);
    const accepted = await send(proxy, 'ping', {
      method: 'PATCH',
      path: `/api/pings/${ping.id}`,
      cookie: admin.cookie,
      json: { status: 'accepted' },
      from: admin.from,
    });
    expectStatus(accepted, 200, 'accepting the ping');
    await smtp.waitForMail(seeker.email, /accepted your ping/);
    say(
      `ping ${ping.id} sent, mailed to ${admin.name}, accepted (mailed to ${seeker.name}); conversation ${ping.conversationId}`,
    );
    return ping.conversationId;
  });

  const streamsOn = () => Promise.all(servers.map((s) => (s.alive() ? metric(s, 'quadmates_live_streams_open') : 0)));
  const streamsOpen = async () => (await streamsOn()).reduce((a, b) => a + b);
  /** The two students' live streams through the proxy, placed on different servers. */
  const placeStreams = async () => {
    const first = new LiveReader(admin.name, proxy, admin.cookie).start();
    cleanup.add('live streams', () => first.stop());
    await until(async () => (await streamsOpen()) === 1, `${admin.name}'s stream to open`);
    const adminSlot = (await streamsOn()).indexOf(1);
    // nginx picks servers in turn; a stream that lands beside the first is closed and opened again.
    for (let attempt = 1; attempt <= 6; attempt++) {
      const second = new LiveReader(seeker.name, proxy, seeker.cookie).start();
      cleanup.add('live streams', () => second.stop());
      await until(async () => (await streamsOpen()) === 2, `${seeker.name}'s stream to open`);
      if ((await streamsOn())[adminSlot] === 1) {
        say(
          `${admin.name}'s stream is on ${server(adminSlot).name}, ${seeker.name}'s on ${server(1 - adminSlot).name} (each server's quadmates_live_streams_open)`,
        );
        return { admin: first, seeker: second, adminSlot };
      }
      second.stop();
      await until(async () => (await streamsOpen()) === 1, 'the misplaced stream to close');
    }
    throw new TopologyFailure('the proxy put both streams on one server six times in a row');
  };
  /** Requests of the students' traffic a server has answered (its own count, read on /metrics). */
  const answered = async (s: AppServer) =>
    (await metric(s, 'quadmates_http_requests_total', { route: '/api/conversations/unread-count' })) +
    (await metric(s, 'quadmates_http_requests_total', { route: '/api/conversations/:id/messages' }));
  /**
   * Resolves once the proxy sends the students' requests to `s`: nginx leaves a server that refused
   * connections out for fail_timeout (10 s), however soon it is ready again.
   */
  const untilProxySendsTo = async (s: AppServer) => {
    const at = await answered(s);
    await until(
      async () => {
        const read = await send(proxy, 'read', {
          method: 'GET',
          path: '/api/conversations/unread-count',
          cookie: admin.cookie,
          from: admin.from,
        });
        expectStatus(read, 200, 'the unread count through the proxy');
        return (await answered(s)) > at;
      },
      `the proxy to send requests to ${s.name}`,
      30_000,
    );
  };

  const earlyStreams = await step(
    "the two students' live streams, on different servers of the previous release",
    placeStreams,
  );

  const roll = await step(
    `a rolling restart from the previous release to this checkout (migration ${newest}) while the students write to each other, read, and upload`,
    async () => {
      const prefix = 'rolling message ';
      const firstExchange = exchanges.length;
      const readers = [earlyStreams.admin, earlyStreams.seeker];
      const sent: SentMessage[] = [];
      let talking = true;
      // A message every ROLL_MESSAGE_EVERY_MS, the two students in turn, up to ROLL_MESSAGES.
      const conversation = (async () => {
        for (let n = 1; talking; n++) {
          if (n > ROLL_MESSAGES) {
            say(`${ROLL_MESSAGES} messages sent: the students only read from here on`);
            break;
          }
          const from = n % 2 === 1 ? admin : seeker;
          await sendMessage(conversationId, from, 'rolling message', n, `${prefix}${n} from ${from.name}`, sent);
          await sleep(ROLL_MESSAGE_EVERY_MS);
        }
      })();
      // Open pages read all along: the unread count, the posting, the conversation.
      const reads = [
        { who: admin, path: '/api/conversations/unread-count' },
        { who: seeker, path: `/api/postings/${postingId}` },
        { who: seeker, path: '/api/conversations/unread-count' },
        { who: admin, path: `/api/conversations/${conversationId}` },
      ];
      const reading = (async () => {
        for (let n = 0; talking; n++) {
          const { who, path: readPath } = reads[n % reads.length] as (typeof reads)[number];
          await send(proxy, 'read', { method: 'GET', path: readPath, cookie: who.cookie, from: who.from }).catch(
            () => undefined,
          );
          await sleep(30);
        }
      })();
      /** Each SIGTERM: the server, and when it was sent. */
      const stops: { server: AppServer; at: number }[] = [];
      const stopTraffic = async () => {
        talking = false;
        await Promise.all([conversation, reading]);
      };
      try {
        await sleep(300);

        // 1. The server that is reading an upload is stopped the way systemctl stops it (SIGTERM): it
        // finishes the upload, then exits.
        const photos = await restartPhotos;
        const dorm = college.dorms[0]?.key as string;
        let first: number | undefined;
        let upload: Promise<HttpAnswer> | undefined;
        let uploadStartedAt = 0;
        let description = '';
        for (let attempt = 1; first === undefined; attempt++) {
          check(
            attempt <= 3,
            'three uploads through the proxy were answered before either server was seen reading them',
          );
          description = `Topology test: an upload in flight at SIGTERM (${attempt})`;
          const { body, contentType } = await postingBody(postingForm(description, dorm), photos);
          let done = false;
          uploadStartedAt = Date.now();
          upload = send(proxy, 'upload at SIGTERM', {
            method: 'POST',
            path: '/api/postings',
            cookie: seeker.cookie,
            body,
            contentType,
            from: seeker.from,
          });
          upload.then(
            () => {
              done = true;
            },
            () => {
              done = true;
            },
          );
          while (!done && first === undefined) {
            for (const slot of [0, 1]) {
              if ((await metric(server(slot), 'quadmates_uploads_in_progress')) > 0) {
                first = slot;
                break;
              }
            }
          }
          if (first === undefined) expectStatus(await upload, 201, 'an upload through the proxy');
        }
        const other = 1 - first;
        const stopped = server(first);
        const termAt = Date.now();
        stops.push({ server: stopped, at: termAt });
        const stopping = stopped.stop();
        const uploaded = await (upload as Promise<HttpAnswer>);
        const uploadedAt = Date.now();
        expectStatus(uploaded, 201, `the upload ${stopped.name} was reading when it was stopped`);
        await stopping;
        const exitedAt = Date.now();
        const db = new pg.Client({ connectionString: database.url });
        await db.connect();
        const copies = (
          await db.query<{ n: number }>('select count(*)::int as n from posting where description = $1', [description])
        ).rows[0]?.n;
        await db.end();
        check(copies === 1, `the upload in flight at SIGTERM is stored ${copies} times, not once`);
        say(
          `${stopped.name} stopped (SIGTERM) ${seconds(termAt - uploadStartedAt)} s into an upload of 2 photos through the proxy: ` +
            `the upload answered 201 ${seconds(uploadedAt - termAt)} s after the signal and is stored once; the server exited 0 after ${seconds(exitedAt - termAt)} s`,
        );

        // 2. It starts on this checkout and applies the newest migration while the other, still the
        // previous release, serves.
        const previousAnswered = await answered(server(other));
        const migrationsBefore = await appliedMigrationCount(database.url);
        const upgraded = startServer(first);
        await waitReady(upgraded);
        const readyAt = Date.now();
        const migrationsAfter = await appliedMigrationCount(database.url);
        check(
          migrationsBefore === previous.migrations && migrationsAfter === newest,
          `the database went from ${migrationsBefore} to ${migrationsAfter} migrations, not ${previous.migrations} to ${newest}`,
        );
        const servedMeanwhile = (await answered(server(other))) - previousAnswered;
        say(
          `${upgraded.name} ready ${seconds(readyAt - exitedAt)} s after the stop: it applied ${migrationsAfter - migrationsBefore === 1 ? `migration ${migrationsAfter}` : `migrations ${migrationsBefore + 1}-${migrationsAfter}`} ` +
            `while ${server(other).name} answered ${servedMeanwhile} of the students' requests`,
        );
        check(servedMeanwhile > 0, `${server(other).name} answered nothing while ${upgraded.name} started`);

        // 3. Both serve, the previous release on the migrated database. The other server is stopped
        // only once the proxy sends requests to this one again: with it still left out, nginx would
        // have no server to send anything to.
        await untilProxySendsTo(upgraded);
        const joinedAt = Date.now();
        await untilProxySendsTo(server(other));
        say(
          `the proxy sends requests to ${upgraded.name} ${seconds(joinedAt - readyAt)} s after it was ready (nginx's fail_timeout); ` +
            `both releases answer, the previous one on the migrated database`,
        );

        // 4. The other server: stopped, started on this checkout.
        const second = server(other);
        const secondTermAt = Date.now();
        stops.push({ server: second, at: secondTermAt });
        await second.stop();
        const secondExitedAt = Date.now();
        const upgradedToo = startServer(other);
        await waitReady(upgradedToo);
        say(
          `${second.name} stopped (SIGTERM, exited 0 after ${seconds(secondExitedAt - secondTermAt)} s) and ready on this checkout ` +
            `${seconds(Date.now() - secondExitedAt)} s later; ${upgraded.name} served meanwhile`,
        );
        // The streams of the second server come back (2-5 s, the retry the server named) before the traffic ends.
        await until(
          () => readers.every((reader) => reader.open && (reader.connections.at(-1)?.openedAt ?? 0) > secondTermAt),
          'both streams to reconnect after the second stop',
          15_000,
        ).catch(() => undefined);
      } finally {
        await stopTraffic();
      }

      const stored = await storedMessages(database.url, conversationId, prefix);
      await untilDelivered(readers, stored, prefix);
      const { lost, doubled, problems } = tallyConversation(sent, stored, readers, prefix);
      for (const record of sent.filter((r) => r.status !== 201)) {
        problems.push(`"${record.body}" answered ${record.status ?? 'nothing'}`);
      }
      const proxied = exchanges.slice(firstExchange).filter((e) => e.target.startsWith(proxy));
      // What nginx did with each stopping server's requests (its access log names the servers it tried).
      const log = nginx.accessLog();
      const upstreamsOf = (e: Exchange) => {
        const line = e.requestId ? log.find((l) => l.includes(`id=${e.requestId}`)) : undefined;
        return (/ upstream=(.*?) upstream_status=/.exec(line ?? '')?.[1] ?? '').split(', ');
      };
      const errors = proxied.filter(isServerError);
      for (const e of errors) {
        // Named by the SIGTERM nearest to it, and the servers nginx tried (when its answer carries the id).
        const nearest = [...stops].sort((a, b) => Math.abs(e.startedAt - a.at) - Math.abs(e.startedAt - b.at))[0];
        const tried = upstreamsOf(e).join(' then ');
        problems.push(
          `${e.method} ${new URL(e.target).pathname} answered ${e.status ?? e.error}` +
            (nearest ? `, sent ${e.startedAt - nearest.at} ms from ${nearest.server.name}'s SIGTERM` : '') +
            (tried ? `, tried ${tried}` : ''),
        );
      }
      for (const reader of readers) {
        for (const c of reader.connections.filter((c) => c.n > 1)) {
          if (c.status !== 200)
            problems.push(`${reader.name}'s stream connection ${c.n} answered ${c.status ?? 'nothing'}`);
          else if (c.lastEventIdSent === undefined)
            problems.push(`${reader.name}'s stream connection ${c.n} was made without Last-Event-ID`);
        }
      }
      for (const { server: s, at } of stops) {
        const address = `127.0.0.1:${s.port}`;
        const inFlight = proxied.filter(
          (e) => e.startedAt <= at && e.endedAt >= at && upstreamsOf(e).at(-1) === address,
        );
        const handedOn = proxied.filter((e) => {
          const tried = upstreamsOf(e);
          return tried.length > 1 && tried[0] === address && e.startedAt >= at;
        });
        const statuses = inFlight.map((e) => `${e.method} ${e.status ?? e.error}`).join(', ');
        say(
          `${s.name}: ${inFlight.length === 0 ? 'no request in flight' : `${inFlight.length} request(s) in flight (${statuses})`} ` +
            `when SIGTERM arrived; ${handedOn.length} refused afterwards and handed by nginx to the other server`,
        );
      }
      const reconnections = readers.reduce((sum, reader) => sum + reader.connections.length - 1, 0);
      if (reconnections < 3) problems.push(`the streams reconnected ${reconnections} times, not 3 (one, then both)`);
      const acknowledged = sent.filter((r) => r.status === 201).length;
      say(
        `${acknowledged} of ${sent.length} messages acknowledged; ${stored.length} stored; ` +
          readers.map((reader) => `${seqsOf(reader, prefix).length} reached ${reader.name}'s stream`).join(', ') +
          ` (${reconnections} reconnections through the proxy, each with Last-Event-ID)`,
      );
      say(`${proxied.length} requests through the proxy during the restart: ${errors.length} answered 5xx`);
      check(problems.length === 0, `during the rolling restart:\n  ${problems.join('\n  ')}`);
      for (const reader of readers) reader.stop();
      return { lost, doubled, fiveXx: errors.length, requests: proxied.length };
    },
  );

  await step('the site through the proxy', async () => {
    // The front page sends a visitor who is not signed in on to the page for them.
    const front = await send(proxy, 'page', { method: 'GET', path: '/' });
    const landing = front.status === 302 ? new URL(String(front.headers.location), publicUrl).pathname : '/';
    const page = front.status === 302 ? await send(proxy, 'page', { method: 'GET', path: landing }) : front;
    expectStatus(page, 200, `GET ${landing} through the proxy`);
    check(String(page.headers['content-type']).startsWith('text/html'), 'GET / is not a page');
    check(page.body.includes(college.productName), `the page does not name ${college.productName}`);
    const requestId = String(page.headers['x-request-id']);
    check(/^[0-9a-f]{32}$/.test(requestId), `the answer's X-Request-ID is not nginx's $request_id: ${requestId}`);
    await until(() => nginx.accessLog().some((line) => line.includes(`id=${requestId}`)), 'the access log line');
    const line = nginx.accessLog().find((entry) => entry.includes(`id=${requestId}`)) as string;
    const answeredBy = servers.find((s) => line.includes(`upstream=127.0.0.1:${s.port}`));
    check(answeredBy, `the access log does not name the server that answered: ${line}`);
    // The server logs the request as it answers; the line reaches this process through its output
    // pipe a moment later, sometimes after nginx's own line: wait for it, within a deadline.
    const logged = await until(() => answeredBy.output().includes(requestId), `${answeredBy.name}'s log line`).then(
      () => true,
      () => false,
    );
    check(logged, `${answeredBy.name}'s log does not carry the request id ${requestId}`);
    say(`GET ${landing} 200; request id ${requestId} in nginx's log and in ${answeredBy.name}'s`);

    const metricsThroughProxy = await send(proxy, 'metrics', { method: 'GET', path: '/metrics' });
    expectStatus(metricsThroughProxy, 404, 'GET /metrics through the proxy');
    for (const s of servers) await metric(s, 'quadmates_http_requests_total');
    say('/metrics: 404 through the proxy, read on each server directly');
  });

  await step('a slow upload waits in nginx, holding no upload place on a server', async () => {
    // A phone on a poor connection: the body arrives over 1.5 s. Straight to a server it holds one of
    // the server's few upload places all along; through the proxy (proxy_request_buffering on)
    // nginx takes the whole body first and the server reads it at once.
    const placesHeld = async () => {
      let held = 0;
      for (const s of servers) {
        held += (await metric(s, 'quadmates_uploads_in_progress')) + (await metric(s, 'quadmates_uploads_waiting'));
      }
      return held;
    };
    const trickle = async (base: string, n: number) => {
      const photo = await sampleJpeg(n);
      const form = postingForm(`Topology test: a slow upload ${n}`, college.dorms[0]?.key as string);
      const { body, contentType } = await postingBody(form, [photo]);
      const url = new URL('/api/postings', base);
      let most = 0;
      const answer = new Promise<number>((resolve, reject) => {
        const req = http.request(
          url,
          {
            method: 'POST',
            headers: {
              cookie: seeker.cookie,
              origin: publicUrl,
              'content-type': contentType,
              'content-length': String(body.length),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        void (async () => {
          const pieces = 15;
          for (let i = 0; i < pieces; i++) {
            req.write(
              body.subarray(Math.floor((i * body.length) / pieces), Math.floor(((i + 1) * body.length) / pieces)),
            );
            await sleep(100);
            if (i < pieces - 1) most = Math.max(most, await placesHeld());
          }
          req.end();
        })();
      });
      return { status: await answer, most };
    };
    const direct = await trickle(server(0).url, 3);
    check(direct.status === 201, `the slow upload straight to ${server(0).name} answered ${direct.status}`);
    check(direct.most === 1, `straight to a server, the slow upload held ${direct.most} upload places, not 1`);
    const proxied = await trickle(proxy, 4);
    check(proxied.status === 201, `the slow upload through the proxy answered ${proxied.status}`);
    check(proxied.most === 0, `through the proxy, the slow upload held ${proxied.most} upload places on the servers`);
    say('straight to a server it held an upload place for 1.5 s; through the proxy none, until nginx had it all');
  });

  await step('both servers on this checkout in the proxy again', async () => {
    await until(async () => (await streamsOpen()) === 0, 'the streams of the restart to close');
    await Promise.all([0, 1].map((slot) => untilProxySendsTo(server(slot))));
    say(`the proxy sends requests to ${server(0).name} and ${server(1).name}`);
  });
  const readers = await step("the two students' live streams, on different servers of this checkout", placeStreams);

  const outcome = await step(
    `a conversation of ${MESSAGES} messages; the server of ${admin.name}'s stream is killed with SIGKILL after ${KILL_AFTER}`,
    async () => {
      const victim = server(readers.adminSlot);
      const survivor = server(1 - readers.adminSlot);
      let killSentAt = Number.POSITIVE_INFINITY;
      let killDoneAt = Number.POSITIVE_INFINITY;
      let killed: Promise<void> | undefined;
      const prefix = 'topology message ';
      const firstExchange = exchanges.length;
      const sent: SentMessage[] = [];
      // Open pages also read: unread counts, asked all along beside the messages.
      let polling = true;
      const poller = (async () => {
        for (let n = 0; polling; n++) {
          const who = n % 2 === 0 ? admin : seeker;
          await send(proxy, 'poll', {
            method: 'GET',
            path: '/api/conversations/unread-count',
            cookie: who.cookie,
          }).catch(() => undefined);
          await sleep(20);
        }
      })();
      for (let n = 1; n <= MESSAGES; n++) {
        if (n === KILL_AFTER + 1) {
          // A moment later, so that a request may be on its way to the server as it dies.
          killed = sleep(Math.random() * 40).then(async () => {
            killSentAt = Date.now();
            await victim.kill9();
            killDoneAt = Date.now();
            say(`${victim.name} killed (SIGKILL) after message ${KILL_AFTER}`);
          });
        }
        const from = n % 2 === 1 ? admin : seeker;
        await sendMessage(conversationId, from, 'message', n, `${prefix}${n} from ${from.name}`, sent);
        await sleep(40);
      }
      await killed;

      // Every message the database holds, and each stream's copy of them.
      const stored = await storedMessages(database.url, conversationId, prefix);
      const streams = [readers.admin, readers.seeker];
      await untilDelivered(streams, stored, prefix);
      polling = false;
      await poller;
      const { lost, doubled, problems } = tallyConversation(sent, stored, streams, prefix);
      const acknowledged = sent.filter((record) => record.status === 201);

      // Which answers were 5xx: before the kill (never), with the request on its way when the server
      // died (the proxy cannot know whether a POST was saved), and after it (never).
      const proxied = exchanges.slice(firstExchange).filter((e) => e.target.startsWith(proxy));
      const streamConnections = [readers.admin, readers.seeker].flatMap((reader) =>
        reader.connections.map((c) => ({ reader: reader.name, ...c })),
      );
      const inFlight = proxied.filter((e) => isServerError(e) && e.startedAt < killDoneAt && e.endedAt >= killSentAt);
      const before = proxied.filter((e) => isServerError(e) && e.endedAt < killSentAt);
      const after = proxied.filter((e) => isServerError(e) && e.startedAt >= killDoneAt);
      const streamErrors = streamConnections.filter((c) => (c.status ?? 0) >= 500 || c.status === undefined);
      for (const e of [...before, ...after]) {
        problems.push(
          `${e.method} ${e.target} answered ${e.status ?? e.error} ${e.startedAt >= killDoneAt ? 'after' : 'before'} the kill`,
        );
      }
      for (const c of streamErrors)
        problems.push(`${c.reader}'s stream connection ${c.n} answered ${c.status ?? 'nothing'}`);
      // A POST the proxy could not finish is unknown to its sender: it must be stored once or not at all.
      const unacknowledged = sent.filter((record) => record.status !== 201);
      for (const record of unacknowledged) {
        const inFlightAtKill = record.exchange && inFlight.includes(record.exchange);
        if (!inFlightAtKill) problems.push(`"${record.body}" answered ${record.status ?? 'nothing'}`);
      }

      // The reconnection: the admin's stream ended with its server and came back through the proxy
      // with Last-Event-ID, onto the survivor (which then holds both streams).
      const adminConnections = readers.admin.connections;
      const resumed = adminConnections.find((c) => c.n > 1 && c.status === 200);
      if (!resumed) problems.push(`${admin.name}'s stream did not reconnect`);
      else if (resumed.lastEventIdSent === undefined)
        problems.push(`${admin.name}'s stream reconnected without Last-Event-ID`);
      const survivorStreams = await metric(survivor, 'quadmates_live_streams_open');
      if (survivorStreams !== 2) problems.push(`${survivor.name} holds ${survivorStreams} streams, not both`);
      if (readers.seeker.connections.length !== 1) {
        problems.push(
          `${seeker.name}'s stream, on the server that stayed up, connected ${readers.seeker.connections.length} times`,
        );
      }

      const proxiedAfter = proxied.filter((e) => e.startedAt >= killDoneAt).length;
      say(
        `${acknowledged.length} of ${MESSAGES} messages acknowledged; ${stored.length} stored; ` +
          `${seqsOf(readers.admin, prefix).length} reached ${admin.name}'s stream, ${seqsOf(readers.seeker, prefix).length} ${seeker.name}'s`,
      );
      if (resumed) {
        say(
          `${admin.name}'s stream reconnected ${seconds(resumed.openedAt - killDoneAt)} s after the kill with ` +
            `Last-Event-ID ${resumed.lastEventIdSent}, onto ${survivor.name}, which now holds ${survivorStreams} streams`,
        );
      }
      for (const e of inFlight) {
        const record = unacknowledged.find((r) => r.exchange === e);
        const fate = record
          ? `message ${record.n}: ${stored.some((m) => m.body === record.body) ? 'stored, and delivered once' : 'not stored'}`
          : `${e.method} ${new URL(e.target).pathname}`;
        say(`in flight on ${victim.name} as it died: answered ${e.status ?? e.error} (${fate})`);
      }
      say(`${proxiedAfter} requests through the proxy after the kill: ${after.length} answered 5xx`);
      check(problems.length === 0, `after the kill:\n  ${problems.join('\n  ')}`);
      return { lost, doubled, fiveAfter: after.length, inFlight: inFlight.length, victimSlot: readers.adminSlot };
    },
  );

  const restarted = await step('the killed server restarts on its port (as Restart=on-failure would)', async () => {
    const server = startServer(outcome.victimSlot);
    await waitReady(server);
    say(`${server.name} ready`);
    return { server, readyAt: Date.now() };
  });

  await step('per-student limits hold across both servers', async () => {
    // Postings: 10 a day (src/shared/limits.ts), counted in the database. The admin has posted one;
    // nine more go straight to the two servers in turn, then each server refuses the eleventh.
    const plain = async (base: string, n: number) => {
      const { body, contentType } = await postingBody(
        postingForm(`Topology limit posting ${n}`, college.dorms[0]?.key as string),
        [],
      );
      return send(base, 'limit', { method: 'POST', path: '/api/postings', cookie: admin.cookie, body, contentType });
    };
    for (let n = 2; n <= 10; n++)
      expectStatus(await plain(server(n % 2).url, n), 201, `posting ${n} on ${server(n % 2).name}`);
    for (const base of [server(0).url, server(1).url, proxy]) {
      const refused = await plain(base, 11);
      expectStatus(refused, 429, `an eleventh posting at ${base}`);
      check(JSON.parse(refused.body).error?.code === 'POSTING_RATE_LIMITED', `the eleventh posting: ${refused.body}`);
    }
    say('postings: 10 a day, 5 made on each server; the eleventh refused (429) by both and through the proxy');

    // Sign-in attempts: 10 a minute per client address, counted in the database. Ten wrong passwords
    // from one address go straight to the servers in turn; the proxy then refuses that address (it
    // passes the client's address on, TRUST_PROXY=loopback reads it) but not another.
    const attacker = '127.1.0.9';
    const attempt = (base: string, from: string, password: string) =>
      send(base, 'sign-in limit', {
        method: 'POST',
        path: '/api/auth/sign-in/email',
        json: { email: admin.email, password },
        from,
      });
    for (let n = 0; n < 10; n++) {
      expectStatus(await attempt(server(n % 2).url, attacker, 'wrong-password-123'), 401, `wrong password ${n + 1}`);
    }
    expectStatus(
      await attempt(proxy, attacker, PASSWORD),
      429,
      'an eleventh sign-in from that address through the proxy',
    );
    expectStatus(await attempt(proxy, '127.1.0.10', PASSWORD), 200, 'a sign-in from another address through the proxy');
    say(
      'sign-in: 10 attempts a minute per address, 5 on each server; the eleventh refused (429) through the proxy, another address signs in',
    );
    say(
      'not shared: live streams per student (5 on each server, decision 0031) and uploads in progress per student (2 on each server)',
    );
  });

  await step(`${restarted.server.name} serves through the proxy again`, async () => {
    const served = () => metric(restarted.server, 'quadmates_http_requests_total', { route: '/api/me' }).catch(() => 0);
    // nginx leaves a failed server out for fail_timeout (10 s), then tries it again.
    await until(
      async () => {
        const answer = await send(proxy, 'after restart', { method: 'GET', path: '/api/me', cookie: admin.cookie });
        expectStatus(answer, 200, 'GET /api/me after the restart');
        return (await served()) > 0;
      },
      `the proxy to send requests to ${restarted.server.name} again`,
      30_000,
    );
    say(
      `the proxy sends requests to ${restarted.server.name} ${seconds(Date.now() - restarted.readyAt)} s after it was ready`,
    );
  });

  const total = Date.now() - started;
  finished = true;
  say(
    `topology test passed in ${seconds(total)} s: rolling restart lost=${roll.lost} doubled=${roll.doubled} 5xx=${roll.fiveXx} ` +
      `(${roll.requests} requests through the proxy); ` +
      `kill -9 lost=${outcome.lost} doubled=${outcome.doubled} 5xx=${outcome.fiveAfter} after the kill` +
      (outcome.inFlight > 0
        ? ` (${outcome.inFlight} request(s) on their way to the server as it died answered 502)`
        : ''),
  );
  process.stdout.write('\nwhere the time went:\n');
  for (const { name, ms } of steps) process.stdout.write(`${seconds(ms).padStart(7)} s  ${name}\n`);
  process.stdout.write(`${seconds(total).padStart(7)} s  in all\n`);
}

async function stopEverything(): Promise<void> {
  const failures = await cleanup.run();
  for (const failure of failures) process.stderr.write(`cleanup: ${failure}\n`);
}

process.on('exit', (code) => {
  cleanup.killAll();
  if (code === 0 && !finished) {
    process.stderr.write('topology test FAILED: it ended before its last step\n');
    process.exitCode = 1;
  }
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`topology test stopped by ${signal}\n`);
    void stopEverything().finally(() => process.exit(1));
  });
}
const watchdog = setTimeout(() => {
  process.stderr.write(`topology test FAILED: it took over ${RUN_LIMIT_MS / 60_000} minutes\n`);
  void stopEverything().finally(() => process.exit(1));
}, RUN_LIMIT_MS);

main()
  .then(async () => {
    clearTimeout(watchdog);
    await stopEverything();
  })
  .catch(async (error: unknown) => {
    clearTimeout(watchdog);
    // A check that failed says what; anything else also says where (the first few frames).
    const where =
      error instanceof TopologyFailure
        ? []
        : ((error as Error).stack ?? '')
            .split('\n')
            .filter((line) => line.trim().startsWith('at '))
            .slice(0, 4);
    const message = [(error as Error).message ?? String(error), ...where].join('\n');
    process.stderr.write(`topology test FAILED: ${message}\n`);
    for (const words of lastWords) process.stderr.write(`\n--- ${words()}\n`);
    await stopEverything();
    process.exit(1);
  });
