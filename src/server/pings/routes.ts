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

  app.get(
    '/api/pings/received',
    {
      preValidation: guard('ping.answer'),
      schema: {
        tags,
        summary: 'Pings to the postings the viewer administers, newest first',
        querystring: receivedPingsQuerySchema,
        response: { 200: receivedPingPageSchema, ...problemAnswers },
      },
    },
    async (request) => service.received(viewerOf(request), request.query),
  );

  app.get(
    '/api/pings/sent',
    {
      preValidation: guard('posting.ping'),
      schema: {
        tags,
        summary: 'Pings the viewer sent and their status, newest first',
        querystring: listQuerySchema,
        response: { 200: sentPingPageSchema, ...problemAnswers },
      },
    },
    async (request) => service.sent(viewerOf(request), request.query),
  );

  app.get(
    '/api/pings/awaiting-count',
    {
      preValidation: guard('ping.answer'),
      schema: {
        tags,
        summary: "How many pings await the viewer's answer (the navigation's count)",
        response: { 200: countSchema, ...problemAnswers },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { count: await service.awaitingCount(viewerOf(request)) };
    },
  );

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
