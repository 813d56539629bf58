/**
 * HTTP of reports and moderation (issue 14). Reporting is for members; everything under
 * /api/moderation answers 403 to anyone but a moderator. Routes only translate HTTP; the rules are
 * in service.ts.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import { moderationMessages } from '../../shared/moderation';
import { problemAnswers } from '../../shared/schemas/api-error';
import { orEmptyBody } from '../../shared/schemas/body';
import { moderationRequestSchema, reportRequestSchema } from '../../shared/schemas/moderation';
import {
  moderationAuditSchema,
  moderationDoneSchema,
  moderationQueueSchema,
  reportAnswerSchema,
} from '../../shared/schemas/moderation-answers';
import { lookupIdParamSchema } from '../../shared/schemas/params';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import { moderationFormRoutes } from './form-routes';
import type { ModerationService } from './service';

export const moderationRoutes: FastifyPluginAsyncZod<{ service: ModerationService }> = async (app, { service }) => {
  const tags = ['moderation'];
  await app.register(moderationFormRoutes, { service });

  // A non-moderator hears 403 before anything about the body.
  const moderatorWords = { notModerator: moderationMessages.notModerator };

  app.post(
    '/api/postings/:id/reports',
    {
      preValidation: guard('posting.report'),
      config: { invalidBody: { title: moderationMessages.reportFailedTitle } },
      schema: {
        tags,
        summary: "Report a posting, once per student, not one's own",
        params: lookupIdParamSchema,
        body: orEmptyBody(reportRequestSchema),
        response: { 201: reportAnswerSchema, ...problemAnswers },
      },
    },
    async (request, reply) => {
      const result = await service.report(viewerOf(request), request.params.id, request.body);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/moderation/queue',
    {
      preValidation: guard('moderation.moderate', moderatorWords),
      schema: {
        tags,
        summary: 'Reported and appealed postings, moderators only',
        response: { 200: moderationQueueSchema, ...problemAnswers },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.queue();
    },
  );

  app.get(
    '/api/moderation/actions',
    {
      preValidation: guard('moderation.moderate', moderatorWords),
      schema: {
        tags,
        summary: 'Every moderation action, newest first (who, when, what, why), moderators only',
        response: { 200: moderationAuditSchema, ...problemAnswers },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.audit();
    },
  );

  for (const action of ['dismiss', 'hide', 'suspend'] as const) {
    app.post(
      `/api/moderation/postings/:id/${action}`,
      {
        preValidation: guard('moderation.moderate', moderatorWords),
        config: { invalidBody: { title: messages.api.badRequest.title } },
        schema: {
          tags,
          summary:
            action === 'dismiss'
              ? 'Dismiss the reports: the posting shows again (the reason is optional)'
              : action === 'hide'
                ? 'Hide the posting; its admin is e-mailed why (a reason is required)'
                : "Suspend the posting's admin: signed out, sign-in refused, postings hidden (a reason is required)",
          params: lookupIdParamSchema,
          // Dismissing needs no reason, so no body at all is a dismissal without one.
          body: orEmptyBody(moderationRequestSchema),
          response: { 200: moderationDoneSchema, ...problemAnswers },
        },
      },
      async (request) => service.act(viewerOf(request), request.params.id, action, request.body.reason),
    );
  }
};
