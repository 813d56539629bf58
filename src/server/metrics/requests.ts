/**
 * Counting this server's requests and connections for the metrics (issue 32). A request is
 * labelled by the route pattern that took it (`/api/postings/:id`), never by the address as sent:
 * an address may hold an id or a token, and every different one would be a series of its own.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchRoute } from '../../shared/routes';
import type { AppMetrics } from './registry';
import { UNMATCHED_ROUTE } from './registry';

/**
 * The client route a page address names (`/messages/:id` for /messages/4f2c...), if any: pages are
 * drawn by the not-found handler, outside any route, and are worth telling apart. Otherwise the one
 * label for every address nothing took.
 */
export function pagePattern(url: string): string {
  const queryAt = url.indexOf('?');
  return matchRoute(queryAt === -1 ? url : url.slice(0, queryAt))?.route.path ?? UNMATCHED_ROUTE;
}

/** The route label of a request: its route's pattern, else its page's, else UNMATCHED_ROUTE. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? pagePattern(request.url);
}

/**
 * The status a request is counted under when its client went away before any answer was written
 * (nginx's code for the same, so the two logs and dashboards read alike).
 */
export const CLIENT_CLOSED_STATUS = 499;

/**
 * Counts every request when its answer ends, and connections refused by the cap and requests cut
 * off with 408 before reaching a route (listening beside the handlers that answer them, in
 * http/server-limits.ts). The response's `close` rather than Fastify's onResponse: that one is not
 * called for an answer written past Fastify (the live stream), nor for a client that went away.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.once('close', () => {
      const status = reply.raw.headersSent ? reply.raw.statusCode : CLIENT_CLOSED_STATUS;
      metrics.requestFinished(request.method, routeLabel(request), status, reply.elapsedTime / 1000);
    });
    done();
  });
  app.server.on('drop', () => metrics.connectionRefused());
  app.server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // A connection that never sent a byte (a browser's preconnect) is closed by the same deadline,
    // but was no request.
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' && socket.bytesRead > 0) metrics.requestTimedOut();
  });
}
