/**
 * The live stream (issue 19, docs/decisions/0027; bounded by issue 30, docs/decisions/0031):
 * GET /api/events, Server-Sent Events, one stream per tab, fed by this server's LiveHub
 * (live-hub.ts). This module turns the HTTP response into a stream the hub can write to without
 * outrunning its reader: a write the socket cannot take pauses the stream until it drains.
 */

import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { conversationMessages } from '../../shared/conversation-messages';
import { problemAnswers } from '../../shared/schemas/api-error';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import type { ChangeFeed } from '../db/changes';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { LiveHub, type LiveStream, type WriteOutcome } from './live-hub';
import {
  REPLAY_MAX_EVENTS,
  STREAM_BUFFER_MAX_BYTES,
  STREAM_STALL_MAX_MS,
  STREAMS_PER_SERVER,
  STREAMS_PER_STUDENT,
} from './live-limits';

/** How long an ended stream's reader has to take its last bytes before the connection is cut. */
const END_GRACE_MS = 10_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 20_000;
/**
 * How long a browser waits before reconnecting a dropped stream: at least this, plus up to
 * RETRY_JITTER_MS chosen per stream, so that the streams a restart drops do not all return at once.
 */
const RETRY_MS = 2_000;
const RETRY_JITTER_MS = 3_000;
/** A stream refused because the server is full is told to come back after 5 to 15 s. */
const BUSY_RETRY_AFTER_S = [5, 15] as const;
/**
 * A stream ends after this long and the browser reconnects (Last-Event-ID, its retry later): the
 * session is checked again (a stream must not outlive its session) and no connection lives forever.
 */
const STREAM_MAX_MS = 15 * 60_000;
/** Events are kept this long for streams that reconnect. */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;

const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/**
 * A hijacked response as a LiveStream. Writes stop at the socket's high-water mark (the stream is
 * paused until `drain`); a stream that stays paused for STREAM_STALL_MAX_MS, or whose buffer passes
 * STREAM_BUFFER_MAX_BYTES, is ended.
 */
function responseStream(
  raw: ServerResponse,
  userId: string,
  hub: LiveHub,
  { heartbeatMs, maxStreamMs }: { heartbeatMs: number; maxStreamMs: number },
): LiveStream {
  let closed = false;
  let paused = false;
  let stall: NodeJS.Timeout | undefined;
  const stream: LiveStream = {
    userId,
    lastSeq: undefined,
    get paused() {
      return paused;
    },
    get buffered() {
      return raw.writableLength;
    },
    write(chunk): WriteOutcome {
      if (closed) return 'closed';
      if (paused) return 'full';
      const taken = raw.write(chunk);
      if (raw.writableLength > STREAM_BUFFER_MAX_BYTES) {
        stream.close();
        return 'closed';
      }
      if (taken) return 'written';
      paused = true;
      stall = setTimeout(() => stream.close(), STREAM_STALL_MAX_MS);
      stall.unref();
      raw.once('drain', () => {
        if (closed) return;
        paused = false;
        clearTimeout(stall);
        hub.drained(stream);
      });
      return 'full';
    },
    close(notice) {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      clearTimeout(stall);
      hub.remove(stream);
      if (notice) raw.write(notice);
      raw.end();
      // An end waits for the reader to take what is buffered; one that is not reading loses the
      // connection after a short grace instead of holding it.
      if (raw.writableLength > 0) setTimeout(() => raw.destroy(), END_GRACE_MS).unref();
    },
  };
  const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
  heartbeat.unref();
  const lifetime = setTimeout(() => stream.close(), maxStreamMs);
  lifetime.unref();
  return stream;
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

/** This server's live streams, bounded per student and in all (the numbers: live-limits.ts). */
export function createLiveHub(
  app: FastifyInstance,
  { db, changes, streamsPerStudent = STREAMS_PER_STUDENT, streamsPerServer = STREAMS_PER_SERVER }: LiveHubOptions,
): LiveHub {
  const hub = new LiveHub(db, changes, (error) => app.log.error({ err: error }, 'live stream read failed'), {
    perStudent: streamsPerStudent,
    perServer: streamsPerServer,
  });
  // Before the server stops listening: open streams would otherwise hold its close forever.
  app.addHook('preClose', async () => hub.close());
  return hub;
}

interface LiveHubOptions {
  db: Database;
  changes: ChangeFeed;
  streamsPerStudent?: number;
  streamsPerServer?: number;
}

export async function liveRoutes(
  app: FastifyInstance,
  {
    hub,
    heartbeatMs = HEARTBEAT_MS,
    maxStreamMs = STREAM_MAX_MS,
  }: { hub: LiveHub; heartbeatMs?: number; maxStreamMs?: number },
) {
  app.get(
    '/api/events',
    {
      preValidation: guard('product.use'),
      schema: {
        tags: ['conversations'],
        summary: "The viewer's live events (Server-Sent Events): new messages, unread counts, ping answers",
        querystring: liveQuerySchema,
        response: { 200: z.string().describe('text/event-stream'), ...problemAnswers },
        description:
          'Each event has `id:` (its sequence), `event:` (message | unread | conversation | resync) and JSON ' +
          '`data:`. Reconnect with the Last-Event-ID header (or ?lastEventId=) to receive exactly the events ' +
          `after it, at most ${REPLAY_MAX_EVENTS}; further behind, one \`resync\` event asks the page to read ` +
          'again what it shows. A comment line arrives every 20 s. A student holds at most ' +
          `${hub.limits.perStudent} streams on a server: a newer one ends the oldest with a \`replaced\` event. ` +
          'A full server answers 503 with Retry-After.',
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const viewer = viewerOf(request);
      if (hub.full) {
        reply.header('retry-after', String(between(...BUSY_RETRY_AFTER_S)));
        const { title, message } = conversationMessages.liveBusy;
        throw new AppError(503, 'LIVE_STREAMS_BUSY', title, message);
      }
      const lastEventId = lastEventIdOf(request);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // A stream that ends (its lifetime, a newer one of the student's, the server closing) takes its
        // connection with it: an ended stream's idle socket is one more for an attacker to hold.
        connection: 'close',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write(`retry: ${RETRY_MS + between(0, RETRY_JITTER_MS)}\n\n`);
      const stream = responseStream(raw, viewer.id, hub, { heartbeatMs, maxStreamMs });
      request.raw.on('close', () => stream.close());
      // A reader gone before the stream was made has already closed: nothing would end it.
      if (raw.destroyed || request.raw.socket.destroyed) {
        stream.close();
        return;
      }
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
