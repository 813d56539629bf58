/**
 * The live stream (issue 19, docs/decisions/0027): GET /api/events, Server-Sent Events, one stream
 * per tab. Each student's events are rows of live_event written in the transaction that caused them;
 * a row's `seq` is the event's `id:`. The database announces each new row ('live:<userId>' on the
 * changes channel, migration 0012) to every server, which reads that student's rows after what each
 * of their streams has sent: a stream that reconnects with Last-Event-ID gets exactly the rows after
 * it, nothing twice. Rows of one student commit in `seq` order (queries.lockRecipients), so reading
 * "after the last sent" never skips one that commits late.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { problemAnswers } from '../../shared/schemas/api-error';
import { viewerOf } from '../auth/viewer';
import type { Change, ChangeFeed } from '../db/changes';
import type { Database } from '../db/client';
import * as q from './queries';

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream. */
const RETRY_MS = 2_000;
/** Rows read at once while catching a stream up. */
const BATCH = 500;
/**
 * A stream ends after this long and the browser reconnects (Last-Event-ID, RETRY_MS later): the
 * session is checked again (a stream must not outlive its session) and no connection lives forever.
 */
const STREAM_MAX_MS = 15 * 60_000;
/** Events are kept this long for streams that reconnect. */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;

interface Stream {
  userId: string;
  /** The last event sent; undefined until the stream knows where it starts. */
  lastSeq: number | undefined;
  write(chunk: string): void;
  close(): void;
}

/** One server's open streams, by student, fed from the change feed. */
export class LiveHub {
  private readonly streams = new Map<string, Set<Stream>>();
  /** Students whose rows are being read, and those to read again when that is done. */
  private readonly reading = new Set<string>();
  private readonly again = new Set<string>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Database,
    changes: ChangeFeed,
    private readonly onError: (error: unknown) => void,
  ) {
    this.unsubscribe = changes.subscribe((change) => this.heard(change));
  }

  /** Open streams, for the bench and tests. */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  private heard(change: Change): void {
    if (change.kind === 'live') this.catchUp(change.userId);
    // Announcements may have been missed: read every student's rows again.
    else if (change.kind === 'unheard') for (const userId of this.streams.keys()) this.catchUp(userId);
    // A student's account or sessions changed (signed out, suspended, deleted): their streams end and
    // the browser reconnects through the session check.
    else if (change.kind === 'user') {
      const users = change.userId === null ? [...this.streams.keys()] : [change.userId];
      for (const userId of users) for (const stream of this.streams.get(userId) ?? []) stream.close();
    }
  }

  async open(stream: Stream, lastEventId: number | undefined): Promise<void> {
    let set = this.streams.get(stream.userId);
    if (!set) {
      set = new Set();
      this.streams.set(stream.userId, set);
    }
    set.add(stream);
    // Registered first: an event committed from here on is announced and read after lastSeq.
    stream.lastSeq = lastEventId ?? (await q.lastEventSeq(this.db, stream.userId));
    this.catchUp(stream.userId);
  }

  remove(stream: Stream): void {
    const set = this.streams.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.streams.delete(stream.userId);
  }

  private catchUp(userId: string): void {
    if (!this.streams.has(userId)) return;
    if (this.reading.has(userId)) {
      this.again.add(userId);
      return;
    }
    this.reading.add(userId);
    void this.read(userId)
      .catch(this.onError)
      .finally(() => {
        this.reading.delete(userId);
        if (this.again.delete(userId)) this.catchUp(userId);
      });
  }

  private async read(userId: string): Promise<void> {
    for (;;) {
      const ready = [...(this.streams.get(userId) ?? [])].filter((s) => s.lastSeq !== undefined);
      if (ready.length === 0) return;
      const from = Math.min(...ready.map((s) => s.lastSeq as number));
      const rows = await q.eventsAfter(this.db, userId, from, BATCH);
      for (const row of rows) {
        const seq = Number(row.seq);
        const frame = `id: ${seq}\nevent: ${row.type}\ndata: ${JSON.stringify(row.data)}\n\n`;
        for (const stream of ready) {
          if ((stream.lastSeq as number) < seq) {
            stream.write(frame);
            stream.lastSeq = seq;
          }
        }
      }
      if (rows.length < BATCH) return;
    }
  }

  close(): void {
    this.unsubscribe();
    for (const set of this.streams.values()) for (const stream of set) stream.close();
    this.streams.clear();
  }
}

/** `?lastEventId=` for a first connection that already knows where it stands; anything malformed reads as absent. */
const liveQuerySchema = z.object({ lastEventId: z.string().max(100).optional() });

/** Last-Event-ID (header, or `lastEventId` in the query for a first connection): a sequence, or nothing. */
function lastEventIdOf(request: FastifyRequest): number | undefined {
  const header = request.headers['last-event-id'];
  const query = (request.query as { lastEventId?: unknown } | undefined)?.lastEventId;
  const value = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export async function liveRoutes(
  app: FastifyInstance,
  {
    db,
    changes,
    heartbeatMs = HEARTBEAT_MS,
    maxStreamMs = STREAM_MAX_MS,
  }: { db: Database; changes: ChangeFeed; heartbeatMs?: number; maxStreamMs?: number },
) {
  const hub = new LiveHub(db, changes, (error) => app.log.error({ err: error }, 'live stream read failed'));
  app.decorate('live', hub);
  // Before the server stops listening: open streams would otherwise hold its close forever.
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/api/events',
    {
      preValidation: app.requireMember,
      schema: {
        tags: ['conversations'],
        summary: "The viewer's live events (Server-Sent Events): new messages, unread counts, ping answers",
        querystring: liveQuerySchema,
        response: { 200: z.string().describe('text/event-stream'), ...problemAnswers },
        description:
          'Each event has `id:` (its sequence), `event:` (message | unread) and JSON `data:`. Reconnect with the ' +
          'Last-Event-ID header (or ?lastEventId=) to receive exactly the events after it. A comment line ' +
          'arrives every 20 s.',
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const viewer = viewerOf(request);
      const lastEventId = lastEventIdOf(request);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write(`retry: ${RETRY_MS}\n\n`);
      let closed = false;
      const stream: Stream = {
        userId: viewer.id,
        lastSeq: undefined,
        write: (chunk) => {
          if (!closed) raw.write(chunk);
        },
        close: () => {
          if (closed) return;
          closed = true;
          clearInterval(heartbeat);
          clearTimeout(lifetime);
          hub.remove(stream);
          raw.end();
        },
      };
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      const lifetime = setTimeout(() => stream.close(), maxStreamMs);
      lifetime.unref();
      request.raw.on('close', () => stream.close());
      try {
        await hub.open(stream, lastEventId);
      } catch (error) {
        app.log.error({ err: error }, 'live stream failed to open');
        stream.close();
      }
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's live streams (issue 19). */
    live: LiveHub;
  }
}
