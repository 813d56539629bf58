/**
 * `npm run bench:chat` (issue 19): two servers on one PostgreSQL, CONVERSATIONS conversations each
 * sending a message a second for SECONDS seconds. Each message is written through one server and
 * timed until it arrives on the other participant's live stream, open on the other server. Prints
 * send-to-delivery latency p50 / p99, messages lost or delivered twice, and the memory one server
 * takes for IDLE_STREAMS more open streams (from students holding the most streams each). The
 * traffic runs twice: quiet, then beside one hostile account (issue 30) that floods the servers with
 * streams replaying from Last-Event-ID: 0 after 6,000 events of its own and never reads them.
 * Exits 1 on a lost or doubled message.
 *
 *   DATABASE_URL=postgres://.../scratch npm run bench:chat
 *   DATABASE_URL=... npm run bench:chat -- --conversations 50 --seconds 15 --idle-streams 500
 *
 * The database must be a scratch one: the servers migrate it and the bench adds students.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { STREAMS_PER_STUDENT } from '../src/server/conversations/live-limits';
import { openDatabase } from '../src/server/db/client';
import { freePort, repoRoot, type ServerProcess, startReady, stopGracefully } from './lib/server-process';
import { request, type Student, seedStudents, signIn } from './lib/students';

const { values: args } = parseArgs({
  options: {
    conversations: { type: 'string', default: process.env.CHAT_CONVERSATIONS ?? '200' },
    seconds: { type: 'string', default: process.env.CHAT_SECONDS ?? '60' },
    'idle-streams': { type: 'string', default: process.env.CHAT_IDLE_STREAMS ?? '2000' },
  },
});
const CONVERSATIONS = Number(args.conversations);
const SECONDS = Number(args.seconds);
const IDLE_STREAMS = Number(args['idle-streams']);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('bench:chat needs DATABASE_URL: a scratch PostgreSQL database both servers share.\n');
  process.exit(1);
}
const secret = 'bench-chat-secret-that-is-long-enough-0123456789';

interface Frame {
  id: number;
  event: string;
  data: { conversationId?: string; message?: { seq: number; body: string } };
}

/** A live stream read with node:http (fetch cannot choose the local address). */
function openStream(baseUrl: string, student: Student, onFrame: (frame: Frame) => void): Promise<() => void> {
  const url = new URL('/api/events', baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: { cookie: student.cookie },
        localAddress: student.address,
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const fields: Record<string, string> = {};
            for (const line of buffer.slice(0, end).split('\n')) {
              const colon = line.indexOf(': ');
              if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 2);
            }
            buffer = buffer.slice(end + 2);
            if (fields.data !== undefined && fields.id !== undefined)
              onFrame({ id: Number(fields.id), event: fields.event ?? 'message', data: JSON.parse(fields.data) });
            end = buffer.indexOf('\n\n');
          }
        });
        resolve(() => req.destroy());
      },
    );
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}

/** How many events the hostile account has before it floods, and how many streams it opens a second. */
const HOSTILE_EVENTS = 6_000;
const HOSTILE_STREAMS_PER_SECOND = 200;

/**
 * The hostile account's flood: streams from Last-Event-ID: 0 on bare sockets that never read, a
 * wave every 250 ms on each server, kept open until the flood stops. Returns its stop, which says
 * how many it opened.
 */
function floodStreams(servers: ServerProcess[], attacker: Student): () => number {
  const sockets: net.Socket[] = [];
  let opened = 0;
  const wave = () => {
    for (const server of servers) {
      const url = new URL(server.url);
      for (let i = 0; i < HOSTILE_STREAMS_PER_SECOND / 4 / servers.length; i++) {
        const socket = net.connect({ port: Number(url.port), host: url.hostname, localAddress: attacker.address });
        socket.on('error', () => {});
        socket.on('connect', () => {
          socket.write(
            `GET /api/events HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${attacker.cookie}\r\nLast-Event-ID: 0\r\n\r\n`,
          );
          socket.pause();
          opened += 1;
        });
        sockets.push(socket);
      }
    }
  };
  const timer = setInterval(wave, 250);
  return () => {
    clearInterval(timer);
    for (const socket of sockets) socket.destroy();
    return opened;
  };
}

const rssKb = (pid: number | undefined) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const p = (sorted: number[], at: number) => `${percentile(sorted, at).toFixed(1)} ms`;

async function main() {
  const dirs = [mkdtempSync(path.join(os.tmpdir(), 'qm-chat-a-')), mkdtempSync(path.join(os.tmpdir(), 'qm-chat-b-'))];
  const env = (dataDir: string) => ({ DATA_DIR: dataDir, AUTH_SECRET: secret, DATABASE_URL: databaseUrl as string });
  const servers: ServerProcess[] = [];
  servers.push(await startReady(await freePort(), env(dirs[0] as string)));
  servers.push(await startReady(await freePort(), env(dirs[1] as string)));
  const [a, b] = servers as [ServerProcess, ServerProcess];
  const config = loadConfig({ ...env(dirs[0] as string), PUBLIC_URL: a.url }, repoRoot);
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl as string, poolSize: 2 });
  try {
    const tag = `chat${Date.now()}`;
    const idleStudents = Math.ceil(IDLE_STREAMS / STREAMS_PER_STUDENT);
    const seeded = await seedStudents(db.db, {
      count: CONVERSATIONS * 2 + 1 + idleStudents,
      emailDomain: config.college.college.emailDomain,
      termsVersion: config.college.termsVersion,
      tag,
    });
    const students: Student[] = [];
    for (const s of seeded) students.push(await signIn(a.url, s));
    const [attacker, ...others] = students as [Student, ...Student[]];
    const pairs = others.slice(0, CONVERSATIONS * 2);
    const idlers = others.slice(CONVERSATIONS * 2);
    const attackerData = JSON.stringify({ conversationId: 'none', message: { seq: 0, body: 'x'.repeat(1_000) } });
    await db.db.execute(sql`INSERT INTO live_event (user_id, type, data)
      SELECT ${attacker.id}, 'message', ${attackerData}::jsonb FROM generate_series(1, ${HOSTILE_EVENTS})`);
    // One accepted ping per pair: the admin's posting, the sender's ping, its conversation.
    const conversations: { id: string; sender: Student; admin: Student }[] = [];
    for (let i = 0; i < CONVERSATIONS; i++) {
      const admin = pairs[2 * i] as Student;
      const sender = pairs[2 * i + 1] as Student;
      const [posting] = (
        (await db.db.execute(sql`INSERT INTO posting (listing_location, dorm, admin_user_id, admin_name, admin_email,
            admin_academic_year, admin_gender, aim_integer, cur_group_size, cur_num_seek)
          VALUES ('oncampus', ${config.college.dorms[0]?.key}, ${admin.id}, ${admin.name}, ${admin.email}, 'junior', 'female', 4, 2, 2)
          RETURNING id`)) as unknown as { rows: { id: string }[] }
      ).rows;
      await db.db.execute(sql`INSERT INTO posting_member (posting_id, position, name, academic_year, gender, user_id, state, role)
        VALUES (${posting?.id}::uuid, 0, ${admin.name}, 'junior', 'female', ${admin.id}, 'joined', 'admin')`);
      const pinged = await request(a.url, {
        method: 'POST',
        path: `/api/postings/${posting?.id}/pings`,
        headers: { cookie: sender.cookie, origin: a.url, 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Hello' }),
        localAddress: sender.address,
      });
      if (pinged.status !== 201) throw new Error(`ping failed: ${pinged.status} ${pinged.body}`);
      const { id: pingId, conversationId } = JSON.parse(pinged.body) as { id: string; conversationId: string };
      await db.db.execute(sql`UPDATE ping SET status = 'accepted', answered_at = now() WHERE id = ${pingId}::uuid`);
      conversations.push({ id: conversationId, sender, admin });
    }

    // Each side streams from the server the other side writes through. A phase of traffic listens
    // for its own messages: when each was sent, and how long it took to arrive.
    const listeners = {
      waiting: new Map<string, number>(),
      latencies: [] as number[],
      add(waiting: Map<string, number>, latencies: number[]) {
        this.waiting = waiting;
        this.latencies = latencies;
      },
    };
    const seen = new Map<string, Set<number>>();
    let doubled = 0;
    const closers: (() => void)[] = [];
    for (const c of conversations) {
      for (const [who, server] of [
        [c.admin, b],
        [c.sender, a],
      ] as const) {
        const mine = new Set<number>();
        seen.set(who.id, mine);
        closers.push(
          await openStream(server.url, who, (frame) => {
            if (frame.event !== 'message' || !frame.data.message) return;
            const { body, seq } = frame.data.message;
            if (mine.has(seq)) doubled += 1;
            mine.add(seq);
            const started = listeners.waiting.get(`${who.id}|${body}`);
            if (started !== undefined) {
              listeners.latencies.push(performance.now() - started);
              listeners.waiting.delete(`${who.id}|${body}`);
            }
          }),
        );
      }
    }

    // Every conversation sends a message a second (alternating sides), for SECONDS seconds.
    const traffic = async () => {
      const latencies: number[] = [];
      const waiting = new Map<string, number>();
      let acknowledged = 0;
      let refused = 0;
      const until = Date.now() + SECONDS * 1000;
      listeners.add(waiting, latencies);
      await Promise.all(
        conversations.map(async (c, index) => {
          await new Promise((r) => setTimeout(r, (index * 1000) / CONVERSATIONS));
          for (let n = 0; Date.now() < until; n++) {
            const tick = Date.now();
            const fromSender = n % 2 === 0;
            const writer = fromSender ? c.sender : c.admin;
            const reader = fromSender ? c.admin : c.sender;
            const server = fromSender ? a : b;
            const body = `m${n} of ${c.id} at ${tick}`;
            waiting.set(`${reader.id}|${body}`, performance.now());
            const answer = await request(server.url, {
              method: 'POST',
              path: `/api/conversations/${c.id}/messages`,
              headers: { cookie: writer.cookie, origin: server.url, 'content-type': 'application/json' },
              body: JSON.stringify({ body }),
              localAddress: writer.address,
            });
            if (answer.status === 201) acknowledged += 1;
            else {
              refused += 1;
              waiting.delete(`${reader.id}|${body}`);
            }
            await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - tick))));
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 2_000));
      latencies.sort((x, y) => x - y);
      return { latencies, acknowledged, refused, lost: waiting.size };
    };
    const quiet = await traffic();
    const stopFlood = floodStreams(servers, attacker);
    const hostile = await traffic();
    const flooded = stopFlood();
    for (const close of closers) close();

    // Memory of IDLE_STREAMS more streams on one server.
    const before = rssKb(b.child.pid);
    const idle: (() => void)[] = [];
    for (let i = 0; i < IDLE_STREAMS; i++) {
      idle.push(await openStream(b.url, idlers[i % idlers.length] as Student, () => {}));
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const after = rssKb(b.child.pid);
    for (const close of idle) close();

    const lost = quiet.lost + hostile.lost;
    const rows = [
      ['conversations (two servers, PostgreSQL)', String(CONVERSATIONS)],
      ['messages acknowledged / refused (quiet)', `${quiet.acknowledged} / ${quiet.refused}`],
      ['send-to-delivery p50 / p99 (quiet)', `${p(quiet.latencies, 0.5)} / ${p(quiet.latencies, 0.99)}`],
      [
        `beside one account's flood (${flooded.toLocaleString('en-US')} streams from Last-Event-ID: 0, never read): acknowledged / refused`,
        `${hostile.acknowledged} / ${hostile.refused}`,
      ],
      ['send-to-delivery p50 / p99 (beside the flood)', `${p(hostile.latencies, 0.5)} / ${p(hostile.latencies, 0.99)}`],
      [
        'p99 beside the flood / p99 quiet',
        `${(percentile(hostile.latencies, 0.99) / percentile(quiet.latencies, 0.99)).toFixed(2)}x`,
      ],
      ['lost / delivered twice (both runs)', `${lost} / ${doubled}`],
      [`memory for ${IDLE_STREAMS} more open streams (one server)`, `${((after - before) / 1024).toFixed(1)} MB`],
    ];
    process.stdout.write(`\n| measure | value |\n|---|---|\n${rows.map(([k, v]) => `| ${k} | ${v} |`).join('\n')}\n`);
    if (lost > 0 || doubled > 0) process.exitCode = 1;
  } finally {
    await db.close();
    for (const server of servers) await stopGracefully(server).catch(() => server.child.kill('SIGKILL'));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(
    `bench:chat failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
