/**
 * HTTP of Ping Interest: send a ping, the admin's inbox and answers, the sender's list and the
 * navigation's count. Routes only translate HTTP; the rules are in service.ts.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingMessages } from '../../shared/ping-messages';
import { problemAnswers } from '../../shared/schemas/api-error';
import { orEmptyBody } from '../../shared/schemas/body';
import { lookupIdParamSchema } from '../../shared/schemas/params';
import { pingAnswerSchema, pingRequestSchema } from '../../shared/schemas/ping';
import {
  countSchema,
  receivedPingPageSchema,
  receivedPingSchema,
  sentPingPageSchema,
  sentPingSchema,
} from '../../shared/schemas/ping-answers';
import { listQuerySchema, receivedPingsQuerySchema } from '../../shared/schemas/search-query';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import { answerRoute } from '../http/answer-route';
import { pingFormRoutes } from './form-routes';
import type { PingService } from './service';

export const pingRoutes: FastifyPluginAsyncZod<{ service: PingService }> = async (app, { service }) => {
  const tags = ['pings'];
  await app.register(pingFormRoutes, { service });

  // The spec's own words (docs/product-spec.md) for a visitor who tries to ping.
  const signedOut = { message: pingMessages.unsigned.message, title: pingMessages.unsigned.title };

  app.post(
    '/api/postings/:id/pings',
    {
      preValidation: guard('posting.ping', { signedOut }),
      config: { invalidBody: { title: pingMessages.failed } },
      schema: {
        tags,
        summary: 'Ping interest in a posting: the admin is e-mailed',
        params: lookupIdParamSchema,
        // A ping without a message may come with no body at all.
        body: orEmptyBody(pingRequestSchema),
        response: { 201: sentPingSchema, ...problemAnswers },
      },
    },
    async (request, reply) => {
      const ping = await service.send(viewerOf(request), request.params.id, request.body.message);
      return reply.status(201).send(ping);
    },
  );

  answerRoute(app, '/api/pings/received', {
    action: 'ping.answer',
    tags,
    summary: 'Pings to the postings the viewer administers, newest first',
    querystring: receivedPingsQuerySchema,
    response: receivedPingPageSchema,
    answer: (viewer, { query }) => service.received(viewer, query),
  });

  answerRoute(app, '/api/pings/sent', {
    action: 'posting.ping',
    tags,
    summary: 'Pings the viewer sent and their status, newest first',
    querystring: listQuerySchema,
    response: sentPingPageSchema,
    answer: (viewer, { query }) => service.sent(viewer, query),
  });

  answerRoute(app, '/api/pings/awaiting-count', {
    action: 'ping.answer',
    tags,
    summary: "How many pings await the viewer's answer (the navigation's count)",
    response: countSchema,
    cacheControl: 'no-store',
    answer: async (viewer) => ({ count: await service.awaitingCount(viewer) }),
  });

  app.patch(
    '/api/pings/:id',
    {
      preValidation: guard('ping.answer'),
      config: { invalidBody: { title: pingMessages.answerFailed } },
      schema: {
        tags,
        summary: "Accept or decline a ping (the posting's admin only); the sender is e-mailed",
        description: 'Giving the same answer twice changes nothing.',
        params: lookupIdParamSchema,
        body: pingAnswerSchema,
        response: { 200: receivedPingSchema, ...problemAnswers },
      },
    },
    async (request) => service.answer(viewerOf(request), request.params.id, request.body.status),
  );
};
