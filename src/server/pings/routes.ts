/**
 * HTTP of Ping Interest: send a ping, the admin's inbox and answers, the sender's list and the
 * navigation's count. Routes only translate HTTP; the rules are in service.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pingMessages } from '../../shared/ping-messages';
import { pingAnswerSchema, pingRequestSchema } from '../../shared/schemas/ping';
import { listQuerySchema } from '../../shared/schemas/search-query';
import { errors } from '../http/errors';
import { parseBody, viewerOf } from '../http/route-parts';
import { parseQuery } from '../search/parse-query';
import type { PingService } from './service';

const receivedQuerySchema = listQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['pending']).optional()),
});

export async function pingRoutes(app: FastifyInstance, { service }: { service: PingService }) {
  const tags = ['pings'];

  // The spec's own words for a visitor who tries to ping.
  async function requireMemberToPing(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    if (!request.viewer) throw errors.unauthorized(pingMessages.unsigned.message, pingMessages.unsigned.title);
    await app.requireMember.call(this, request, reply);
  }

  app.post<{ Params: { id: string } }>(
    '/api/postings/:id/pings',
    {
      preHandler: requireMemberToPing,
      schema: {
        tags,
        summary: 'Ping interest in a posting: the admin is e-mailed. Body: { message?: string (at most 1,000) }',
      },
    },
    async (request, reply) => {
      const { message } = parseBody(pingRequestSchema, request.body, pingMessages.failed);
      const ping = await service.send(viewerOf(request), request.params.id, message);
      return reply.status(201).send(ping);
    },
  );

  app.get(
    '/api/pings/received',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'Pings to the postings the viewer administers, newest first',
        description:
          'Query: status (pending, optional), cursor, limit (1-50, default 20). Answers { items, nextCursor }.',
      },
    },
    async (request) => service.received(viewerOf(request), parseQuery(receivedQuerySchema, request.query)),
  );

  app.get(
    '/api/pings/sent',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'Pings the viewer sent and their status, newest first',
        description: 'Query: cursor, limit (1-50, default 20). Answers { items, nextCursor }.',
      },
    },
    async (request) => service.sent(viewerOf(request), parseQuery(listQuerySchema, request.query)),
  );

  app.get(
    '/api/pings/awaiting-count',
    {
      preHandler: app.requireMember,
      schema: { tags, summary: "How many pings await the viewer's answer (the navigation's count)" },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { count: await service.awaitingCount(viewerOf(request)) };
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/pings/:id',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: "Accept or decline a ping (the posting's admin only); the sender is e-mailed",
        description: "Body: { status: 'accepted' | 'declined' }. Giving the same answer twice changes nothing.",
      },
    },
    async (request) => {
      const { status } = parseBody(pingAnswerSchema, request.body, pingMessages.answerFailed);
      return service.answer(viewerOf(request), request.params.id, status);
    },
  );
}
