/**
 * The HTTP server's own deadlines and its connection cap (issue 30, item 2): every phase of a
 * request that the client controls is bounded, so a connection that stops sending is closed rather
 * than held forever.
 *
 * - headers: a request's headers must arrive within `headersTimeoutMs` of its first byte (or of
 *   the connection opening); a slowloris connection is cut with 408;
 * - body: the whole request, headers and body, within `requestTimeoutMs`. Uploads have their own,
 *   stricter pace and deadline (src/shared/deadlines.ts); this one is the backstop behind it and
 *   the bound on every other body. Node counts it only while the request is arriving: once the
 *   request has been read, a long answer (the live stream) is not cut by it;
 * - idle keep-alive: a connection with no request in progress is closed after `keepAliveTimeoutMs`;
 * - connections: at most `maxConnections` at once; past it, Node closes new connections as they
 *   arrive, rather than the process running out of file descriptors.
 *
 * No inactivity timeout on the socket itself (Fastify's connectionTimeout stays 0): it would also
 * cut a request the server is still working on (an upload whose images wait their turn to be
 * decoded), and the live stream has its own heartbeat, lifetime and bounds (conversations/live.ts).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '../../shared/api-error';
import { deadlineMessages, UPLOAD_DEADLINE_MS } from '../../shared/deadlines';
import { messages } from '../../shared/messages';

export interface ServerLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** How often Node looks for requests past their headers or request timeout. */
  checkEveryMs: number;
  maxConnections: number;
}

/**
 * Headers arrive in one or two packets; 20 s covers a stalled mobile link retransmitting a few
 * times. Node's default is 60 s.
 */
const HEADERS_TIMEOUT_MS = 20_000;
/** Behind the uploads' own deadline, so an upload is answered by that one, with its own sentence. */
const REQUEST_TIMEOUT_MS = UPLOAD_DEADLINE_MS + 30_000;
/**
 * Longer than the 60 s idle timeout of the usual proxies and load balancers in front (nginx's
 * upstream keepalive_timeout, cloud load balancers): a proxy then never sends a request on a
 * connection this server is closing at that moment.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Node's default is 30 s, which would let a 20 s headers timeout run to 50 s. */
const CHECK_EVERY_MS = 1_000;
/**
 * File descriptors kept for everything that is not a client connection: the database (PGlite's
 * files or the pool's sockets), logs, mail, and the outgoing connections of S3 and SMTP.
 */
const RESERVED_DESCRIPTORS = 512;
/**
 * Enough for every open tab's live stream and page loads on one server; memory, not descriptors,
 * is then the limit (each connection holds its parser and buffers).
 */
const CONNECTIONS_CEILING = 10_000;
/** Where the descriptor limit is unknown (not Linux). */
const UNKNOWN_LIMIT_CONNECTIONS = 4_000;

/** The process's open-file limit on Linux (Node raises the soft limit to the hard one at start). */
export function openFileLimit(limitsText = readProcLimits()): number | undefined {
  const line = limitsText?.split('\n').find((row) => row.startsWith('Max open files'));
  const soft = line ? Number(line.split(/\s{2,}/)[1]) : Number.NaN;
  return Number.isFinite(soft) && soft > 0 ? soft : undefined;
}

function readProcLimits(): string | undefined {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Half of the descriptors left after the reserve: a connection may hold a second one at times (a
 * static file being sent, an upload's temporary file). 20,000 descriptors give 9,744 connections.
 */
export function connectionCap(fileLimit = openFileLimit()): number {
  if (fileLimit === undefined) return UNKNOWN_LIMIT_CONNECTIONS;
  return Math.max(64, Math.min(CONNECTIONS_CEILING, Math.floor((fileLimit - RESERVED_DESCRIPTORS) / 2)));
}

export function serverLimits(overrides: Partial<ServerLimits> = {}): ServerLimits {
  return {
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
    checkEveryMs: CHECK_EVERY_MS,
    maxConnections: connectionCap(),
    ...overrides,
  };
}

const problem = (code: string, title: string, message: string): string =>
  JSON.stringify({ error: { code, title, message } } satisfies ApiErrorBody);

const SUMMARY_EVERY_MS = 60_000;

/**
 * A warning that may come thousands of times a minute under attack: said at once, then at most
 * once a minute with how many times it happened since.
 */
export function summarized(say: (count: number) => string): (log: FastifyBaseLogger) => void {
  let unsaid = 0;
  let saidAt = Number.NEGATIVE_INFINITY;
  return (log) => {
    unsaid += 1;
    const now = Date.now();
    if (now - saidAt < SUMMARY_EVERY_MS) return;
    log.warn(say(unsaid));
    unsaid = 0;
    saidAt = now;
  };
}

/**
 * What Node says to a connection whose request it could not read (a timeout, headers too large,
 * bytes that are not HTTP), in the API's one error shape, then the connection is closed. Nothing is
 * written over an answer already under way.
 */
function clientErrorReply(error: NodeJS.ErrnoException, socket: Socket, timedOut: () => void): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status: number;
  let body: string;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    const { title, message } = deadlineMessages.requestTimeout;
    body = problem('REQUEST_TIMEOUT', title, message);
    timedOut();
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = problem('HEADERS_TOO_LARGE', messages.api.tooLarge.title, messages.api.tooLarge.message);
  } else {
    status = 400;
    body = problem('BAD_REQUEST', messages.api.badRequest.title, messages.api.badRequest.message);
  }
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's options that set these limits on the server it creates. */
export function serverLimitOptions(limits: ServerLimits): Partial<FastifyHttpOptions<http.Server>> {
  const timedOut = summarized(
    (count) => `${count} request(s) did not arrive in time (headers or body); their connections were closed with 408`,
  );
  return {
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkEveryMs },
    clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
      clientErrorReply(error, socket, () => timedOut(this.log));
    },
  };
}

/**
 * The connection cap is the server's property, set once Fastify has created it. A connection past
 * it is closed as it arrives: the operator is told, since the visitor only sees a reset.
 */
export function applyConnectionCap(app: FastifyInstance, limits: ServerLimits): void {
  app.server.maxConnections = limits.maxConnections;
  const dropped = summarized(
    (count) =>
      `${count} connection(s) refused: this server holds its cap of ${limits.maxConnections} connections (set from the open-file limit)`,
  );
  app.server.on('drop', () => dropped(app.log));
}
