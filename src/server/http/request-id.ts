/**
 * Every request's id (issue 32): the one the proxy in front sent in X-Request-ID when it is a sane
 * token, else a new one. It is the `reqId` of every log line the request writes and comes back in
 * the answer's X-Request-ID, so one id follows a request from the proxy's log through this server's.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an id taken from outside may be: letters, digits and `._-`, 1 to 128 of them (nginx's
 * $request_id is 32 hex digits, a UUID is 36 characters). Nothing that could split a log line,
 * pose as JSON or fill the log.
 */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Fastify's `genReqId`. Fastify's own `requestIdHeader` would take the header as it comes; this
 * takes it only when sane. A new id is a random UUID rather than Fastify's counter (`req-1`),
 * which every server would repeat.
 */
export function requestId(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID();
}

/**
 * Every answer names its request's id. Set on the raw response, so answers written past Fastify
 * (the live stream's) carry it too: Node merges it into whatever head is written.
 */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    done();
  });
}
