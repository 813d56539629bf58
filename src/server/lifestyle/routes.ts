/**
 * HTTP of the lifestyle profile and the group fit. Routes only translate HTTP; the rules and the
 * scoring are in service.ts. No route answers another student's answers.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../shared/schemas/api-error';
import { orEmptyBody } from '../../shared/schemas/body';
import { LIFESTYLE_SAVE_FAILED } from '../../shared/schemas/lifestyle';
import { fitViewSchema, myLifestyleSchema } from '../../shared/schemas/lifestyle-answers';
import { lookupIdParamSchema } from '../../shared/schemas/params';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import { answerRoute } from '../http/answer-route';
import type { LifestyleService } from './service';

export const lifestyleRoutes: FastifyPluginAsyncZod<{ service: LifestyleService }> = async (app, { service }) => {
  const tags = ['lifestyle'];

  answerRoute(app, '/api/me/lifestyle', {
    action: 'product.use',
    tags,
    summary: "The questionnaire and the viewer's own answers (nobody else's)",
    response: myLifestyleSchema,
    cacheControl: 'no-store',
    answer: (viewer) => service.mine(viewer),
  });

  app.put(
    '/api/me/lifestyle',
    {
      preValidation: guard('product.use'),
      config: { invalidBody: { title: LIFESTYLE_SAVE_FAILED } },
      schema: {
        tags,
        summary: "Replace the viewer's answers (a question left out is unanswered); answers the saved questionnaire",
        body: orEmptyBody(service.answersSchema),
        response: { 200: myLifestyleSchema, ...problemAnswers },
      },
    },
    async (request) => service.save(viewerOf(request), request.body),
  );

  app.delete(
    '/api/me/lifestyle',
    {
      preValidation: guard('product.use'),
      schema: {
        tags,
        summary: "Delete every one of the viewer's answers",
        response: { 200: z.strictObject({ deleted: z.literal(true) }), ...problemAnswers },
      },
    },
    async (request) => {
      await service.remove(viewerOf(request));
      return { deleted: true as const };
    },
  );

  answerRoute(app, '/api/postings/:id/fit', {
    action: 'posting.view',
    tags,
    summary:
      "The viewer's lifestyle fit with the posting's admin and members: a band and reasons per member; " +
      "for the admin, each member's state (not invited, invited, joined, declined) and whether they have a profile",
    params: lookupIdParamSchema,
    response: fitViewSchema,
    cacheControl: 'no-store',
    answer: (viewer, { params }) => service.postingFit(viewer, params.id),
  });

  app.get(
    '/api/pings/:id/fit',
    {
      preValidation: guard('ping.answer'),
      schema: {
        tags,
        summary: "For the posting's admin: the fit of the ping's sender with the group",
        params: lookupIdParamSchema,
        response: { 200: fitViewSchema, ...problemAnswers },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.pingFit(viewerOf(request), request.params.id);
    },
  );
};
