/**
 * The live stream against one hostile student (issue 30, docs/decisions/0031): many streams from
 * one account, streams that never read, and replays from Last-Event-ID: 0 after thousands of events.
 * The floods run against a server process of its own (as `npm start` runs it), measured from here
 * as an outsider sees it: the streams it keeps open, its memory, and how fast /healthz answers.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  REPLAY_MAX_EVENTS,
  STREAM_BUFFER_MAX_BYTES,
  STREAMS_PER_STUDENT,
} from '../../src/server/conversations/live-limits';
import { createTestApp, type TestApp } from '../support/app';
import { type SeededServer, startSeededServer } from '../support/seeded-server';
import { createMember, type TestMember } from '../support/users';

/** A message event's data of a realistic size (a long message, as the stream would carry it). */
const messageData = (n: number) => ({
  conversationId: 'c0000000000000000000000',
  message: { seq: n, body: `${'A message long enough to weigh what real ones do. '.repeat(20)}${n}`, fromYou: false },
});

/** Writes `count` events for a student straight into the table the stream reads (the trigger announces each). */
async function writeEvents(
  db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> },
  userId: string,
  count: number,
) {
  const data = JSON.stringify(messageData(0));
  await db.execute(sql`INSERT INTO live_event (user_id, type, data)
    SELECT ${userId}, 'message', ${data}::jsonb FROM generate_series(1, ${count})`);
}

interface RawStream {
  socket: net.Socket;
  /** Bytes received so far (a reading stream only). */
  received(): string;
  /** True once the server ended the stream. */
  readonly ended: boolean;
}

/**
 * A stream opened on a bare socket, as an attacker's script would. `reading: false` never reads a
 * byte, so everything the server sends piles up in the kernel and then in the server's buffers.
 */
function openRawStream(
  base: string,
  cookie: string,
  { lastEventId, reading = true }: { lastEventId?: number; reading?: boolean } = {},
): Promise<RawStream> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let text = '';
    let ended = false;
    socket.on('error', (e) => {
      ended = true;
      text += `ERR ${e.message}`;
    });
    socket.on('close', () => {
      ended = true;
    });
    socket.on('connect', () => {
      const resume = lastEventId === undefined ? '' : `Last-Event-ID: ${lastEventId}\r\n`;
      socket.write(`GET /api/events HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookie}\r\n${resume}\r\n`);
      if (reading) {
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => {
          // Keep only the head and what a test looks for: a flood of streams must not fill this process.
          if (text.length < 4096) text += chunk;
          else if (chunk.includes('event: ')) text += chunk.slice(0, 4096);
        });
        socket.on('end', () => {
          ended = true;
        });
      } else socket.pause();
      resolve({
        socket,
        received: () => text,
        get ended() {
          return ended;
        },
      });
    });
    socket.once('error', reject);
  });
}

/**
 * Times /healthz every `everyMs` from a process of its own until stopped (the answers' durations in
 * ms): this process is busy with the attacker's thousands of sockets, and its own delays must not be
 * counted against the server.
 */
function watchHealth(base: string, everyMs = 20) {
  const watcher = spawn(
    process.execPath,
    [
      '-e',
      `const url = process.argv[1];
      const every = Number(process.argv[2]);
      let running = true;
      process.stdin.on('data', () => { running = false; });
      (async () => {
        // Its own first fetch loads its HTTP client: not the server's time.
        await (await fetch(url)).arrayBuffer();
        process.stdout.write('ready\\n');
        while (running) {
          const started = performance.now();
          let failure = null;
          try {
            const response = await fetch(url, { signal: AbortSignal.timeout(10000) });
            if (response.status !== 200) failure = 'status ' + response.status;
            await response.arrayBuffer();
          } catch (error) {
            failure = String(error);
          }
          process.stdout.write(JSON.stringify({ ms: performance.now() - started, failure }) + '\\n');
          await new Promise((r) => setTimeout(r, every));
        }
        process.exit(0);
      })();`,
      `${base}/healthz`,
      String(everyMs),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  watcher.stdout.setEncoding('utf8');
  watcher.stdout.on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => watcher.once('exit', resolve));
  const ready = new Promise<void>((resolve) => {
    const check = () => {
      if (output.startsWith('ready\n')) resolve();
      else setTimeout(check, 10);
    };
    check();
  });
  return {
    ready,
    async stop() {
      watcher.stdin.write('stop');
      await exited;
      const answers = output
        .split('\n')
        .filter((line) => line !== '' && line !== 'ready')
        .map((line) => JSON.parse(line) as { ms: number; failure: string | null });
      const durations = answers.map((a) => a.ms);
      const failures = answers.flatMap((a) => (a.failure ? [a.failure] : []));
      const sorted = [...durations].sort((x, y) => y - x);
      const slowest = sorted.slice(0, 5).map(Math.round).join(', ');
      const summary = `${durations.length} answers, the slowest (#${durations.indexOf(sorted[0] as number)}) ${slowest} ms`;
      return { durations, failures, max: sorted[0] ?? Number.NaN, summary };
    },
  };
}

/** Resident memory of a process, in bytes (Linux). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb * 1024;
}

const until = async (check: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return check();
};

const EVENTS = 6_000;

/** A student's event sequence numbers, oldest first. */
async function seqsOf(t: TestApp, userId: string): Promise<number[]> {
  const result = await t.database.db.execute(sql`SELECT seq FROM live_event WHERE user_id = ${userId} ORDER BY seq`);
  return (result as unknown as { rows: { seq: unknown }[] }).rows.map((row) => Number(row.seq));
}

describe('one hostile student against a running server', () => {
  let seeded: SeededServer<'attacker' | 'victim'>;
  // A server of its own for each attack: what one attack leaves (thousands of closed sockets, their
  // garbage) must not be timed or weighed as the next one's.
  beforeEach(async () => {
    seeded = await startSeededServer({ attacker: 'Mallory Flood', victim: 'Vic Reader' }, async (db, members) => {
      await writeEvents(db, members.attacker.id, EVENTS);
    });
    // A server that has been running: streams opened, replaced and closed, answers given, before the
    // attack is timed (a fresh process compiles those paths on first use). The attacker's events
    // were written by the seeding, not through this server, so the embedded database reads their
    // pages from disk on first use; one stream of the attacker's reads them, as writing them through
    // the server would have.
    await (await fetch(`${seeded.server.url}/healthz`)).arrayBuffer();
    const warm = await Promise.all([
      openRawStream(seeded.server.url, seeded.members.attacker.cookie),
      ...Array.from({ length: 20 }, () => openRawStream(seeded.server.url, seeded.members.victim.cookie)),
    ]);
    await until(() => warm.filter((s) => !s.ended).length === STREAMS_PER_STUDENT + 1, 10_000);
    for (const s of warm) s.socket.destroy();
  }, 120_000);
  afterEach(async () => {
    await seeded?.stop();
  });

  it(`2,000 streams from one account leave it ${STREAMS_PER_STUDENT} and /healthz under 200 ms`, async () => {
    const base = seeded.server.url;
    const health = watchHealth(base);
    await health.ready;
    const streams: RawStream[] = [];
    try {
      // In waves of 50 (more at once overflow the kernel's queue of connections waiting to be
      // accepted, which resets them before the server sees them): 2,000 in all.
      for (let wave = 0; wave < 40; wave++) {
        streams.push(
          ...(await Promise.all(Array.from({ length: 50 }, () => openRawStream(base, seeded.members.attacker.cookie)))),
        );
      }
      const settled = await until(() => streams.filter((s) => !s.ended).length === STREAMS_PER_STUDENT);
      const open = streams.filter((s) => !s.ended);
      expect(settled, `${open.length} streams still open`).toBe(true);
      // Every other stream was told why it ended.
      const ended = streams.filter((s) => s.ended);
      expect(ended.filter((s) => s.received().includes('event: replaced'))).toHaveLength(ended.length);
      // Another student still gets a stream, and the server still answers.
      const other = await openRawStream(base, seeded.members.victim.cookie);
      expect(await until(() => other.received().includes('retry: '), 5_000)).toBe(true);
      other.socket.destroy();
    } finally {
      for (const s of streams) s.socket.destroy();
    }
    const { durations, failures, max, summary } = await health.stop();
    expect(failures).toEqual([]);
    expect(durations.length).toBeGreaterThan(5);
    expect(max, `/healthz: ${summary}`).toBeLessThan(200);
  }, 120_000);

  it(`400 streams that never read, replaying from Last-Event-ID: 0 after ${EVENTS.toLocaleString('en-US')} events, cost under 100 MB and keep /healthz under 200 ms`, async () => {
    const base = seeded.server.url;
    const pid = seeded.server.process.pid as number;
    // Settle what the warm-up left (its closed sockets) before measuring.
    await new Promise((r) => setTimeout(r, 500));
    const before = residentBytes(pid);
    const health = watchHealth(base);
    await health.ready;
    const streams: RawStream[] = [];
    let peak = before;
    const sample = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 25);
    try {
      for (let wave = 0; wave < 8; wave++) {
        streams.push(
          ...(await Promise.all(
            Array.from({ length: 50 }, () =>
              openRawStream(base, seeded.members.attacker.cookie, { lastEventId: 0, reading: false }),
            ),
          )),
        );
      }
      // Time for every replay the server would send to be sent.
      await new Promise((r) => setTimeout(r, 3_000));
      peak = Math.max(peak, residentBytes(pid));
    } finally {
      clearInterval(sample);
      for (const s of streams) s.socket.destroy();
    }
    const { failures, max, summary } = await health.stop();
    expect(failures).toEqual([]);
    expect(max, `/healthz: ${summary}`).toBeLessThan(200);
    const growth = peak - before;
    expect(growth, `the server grew by ${Math.round(growth / 2 ** 20)} MB`).toBeLessThan(100 * 2 ** 20);
    // A reading stream replaying from 0 is told to resync instead of being sent 6,000 events.
    const reader = await openRawStream(base, seeded.members.attacker.cookie, { lastEventId: 0 });
    expect(await until(() => reader.received().includes('event: resync'), 5_000)).toBe(true);
    expect(reader.received()).not.toContain('event: message');
    reader.socket.destroy();
  }, 120_000);
});

describe('streams within one server', () => {
  let t: TestApp;
  let base: string;
  let member: TestMember;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { liveStreamsPerServer: 3 });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    member = await createMember(t, { name: 'Rhea Replay' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('replays exactly what was missed within the bound, and resyncs a stream further behind', async () => {
    const fresh = await createMember(t, { name: 'Nora Newcomer' });
    await writeEvents(t.database.db, fresh.id, 10);
    const seqs = await seqsOf(t, fresh.id);
    // Within the bound: the events after the given one, in order, each once.
    const within = await openRawStream(base, fresh.cookie, { lastEventId: seqs[3] });
    expect(await until(() => within.received().includes(`id: ${seqs[9]}\n`), 5_000)).toBe(true);
    const ids = [...within.received().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(seqs.slice(4));
    within.socket.destroy();
    // Further behind than a replay may go: one resync to the newest event, and nothing replayed.
    await writeEvents(t.database.db, fresh.id, REPLAY_MAX_EVENTS);
    const latest = (await seqsOf(t, fresh.id)).at(-1);
    const behind = await openRawStream(base, fresh.cookie, { lastEventId: seqs[0] });
    expect(await until(() => behind.received().includes('event: resync'), 5_000)).toBe(true);
    expect(behind.received()).toContain(`id: ${latest}\nevent: resync\n`);
    expect(behind.received()).not.toContain('event: message');
    // After the resync, new events arrive live as usual.
    await writeEvents(t.database.db, fresh.id, 1);
    expect(await until(() => behind.received().includes('event: message'), 5_000)).toBe(true);
    behind.socket.destroy();
  });

  it('pauses a stream whose reader does not read, holding at most its bound, and sends the rest once it reads', async () => {
    const slow = await openRawStream(base, member.cookie, { reading: false });
    await until(() => t.app.live.streamsOf(member.id) === 1, 5_000);
    // Far more than the kernel's socket buffers hold: 40 batches of 100 events of about 1 KB.
    let maxBuffered = 0;
    for (let i = 0; i < 40; i++) {
      await writeEvents(t.database.db, member.id, 100);
      await new Promise((r) => setTimeout(r, 20));
      maxBuffered = Math.max(maxBuffered, t.app.live.bufferedBytes);
    }
    await new Promise((r) => setTimeout(r, 300));
    maxBuffered = Math.max(maxBuffered, t.app.live.bufferedBytes);
    expect(maxBuffered).toBeGreaterThan(0);
    expect(maxBuffered).toBeLessThanOrEqual(STREAM_BUFFER_MAX_BYTES);
    // Once it reads, it is caught up: by replay, or (being far behind) by a resync to the newest.
    let text = '';
    slow.socket.setEncoding('utf8');
    slow.socket.on('data', (chunk: string) => {
      text = (text + chunk).slice(-20_000);
    });
    slow.socket.resume();
    const newest = (await seqsOf(t, member.id)).at(-1);
    expect(await until(() => text.includes(`id: ${newest}\n`), 10_000)).toBe(true);
    slow.socket.destroy();
  });

  it('answers 503 with Retry-After when the server holds as many streams as it may', async () => {
    const others = await Promise.all(['Ada One', 'Bea Two', 'Cy Three'].map((name) => createMember(t, { name })));
    const held = await Promise.all(others.map((m) => openRawStream(base, m.cookie)));
    await until(() => t.app.live.size === 3, 5_000);
    const refused = await fetch(`${base}/api/events`, { headers: { cookie: member.cookie } });
    expect(refused.status).toBe(503);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(5);
    expect(retryAfter).toBeLessThanOrEqual(15);
    expect((await refused.json()).error.code).toBe('LIVE_STREAMS_BUSY');
    for (const s of held) s.socket.destroy();
    await until(() => t.app.live.size === 0, 5_000);
    const admitted = await openRawStream(base, member.cookie);
    expect(await until(() => admitted.received().includes('retry: '), 5_000)).toBe(true);
    admitted.socket.destroy();
  });
});
