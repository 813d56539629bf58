/**
 * What the live-stream tests share (issue 30, decision 0031): events written straight into the
 * table the stream reads, streams opened on bare sockets as an attacker's script would, /healthz
 * timed from a process of its own, a process's resident memory.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { TestApp } from './app';

/** A message event's data of a realistic size (a long message, as the stream would carry it). */
export const messageData = (n: number) => ({
  conversationId: 'c0000000000000000000000',
  message: { seq: n, body: `${'A message long enough to weigh what real ones do. '.repeat(20)}${n}`, fromYou: false },
});

/** Writes `count` events for a student straight into the table the stream reads (the trigger announces each). */
export async function writeEvents(
  db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> },
  userId: string,
  count: number,
) {
  const data = JSON.stringify(messageData(0));
  await db.execute(sql`INSERT INTO live_event (user_id, type, data)
    SELECT ${userId}, 'message', ${data}::jsonb FROM generate_series(1, ${count})`);
}

export interface RawStream {
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
export function openRawStream(
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
export function watchHealth(base: string, everyMs = 20) {
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
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb * 1024;
}

export const until = async (check: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return check();
};

export const EVENTS = 6_000;

/** A student's event sequence numbers, oldest first. */
export async function seqsOf(t: TestApp, userId: string): Promise<number[]> {
  const result = await t.database.db.execute(sql`SELECT seq FROM live_event WHERE user_id = ${userId} ORDER BY seq`);
  return (result as unknown as { rows: { seq: unknown }[] }).rows.map((row) => Number(row.seq));
}
