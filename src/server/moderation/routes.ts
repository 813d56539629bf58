/**
 * HTTP of reports and moderation (issue 14). Reporting is for members; everything under
 * /api/moderation answers 403 to anyone but a moderator. Routes only translate HTTP; the rules are
 * in service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { moderationMessages } from '../../shared/moderation';
import { moderationRequestSchema, reportRequestSchema } from '../../shared/schemas/moderation';
import { errors } from '../http/errors';
import { parseBody, viewerOf } from '../http/route-parts';
import type { ModerationService } from './service';

export async function moderationRoutes(app: FastifyInstance, { service }: { service: ModerationService }) {
  const tags = ['moderation'];

  app.post<{ Params: { id: string } }>(
    '/api/postings/:id/reports',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary:
          "Report a posting, once per student, not one's own. Body: { reason: scam|inappropriate|wrong-info|filled|other, details?: string (at most 1,000) }",
      },
    },
    async (request, reply) => {
      const input = parseBody(reportRequestSchema, request.body, moderationMessages.reportFailedTitle);
      const result = await service.report(viewerOf(request), request.params.id, input);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/moderation/queue',
    { preHandler: app.requireMember, schema: { tags, summary: 'Reported and appealed postings, moderators only' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.queue(viewerOf(request));
    },
  );

  app.get(
    '/api/moderation/actions',
    {
      preHandler: app.requireMember,
      schema: { tags, summary: 'Every moderation action, newest first (who, when, what, why), moderators only' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.audit(viewerOf(request));
    },
  );

  for (const action of ['dismiss', 'hide', 'suspend'] as const) {
    app.post<{ Params: { id: string } }>(
      `/api/moderation/postings/:id/${action}`,
      {
        preHandler: app.requireMember,
        schema: {
          tags,
          summary:
            action === 'dismiss'
              ? 'Dismiss the reports: the posting shows again. Body: { reason?: string }'
              : action === 'hide'
                ? 'Hide the posting; its admin is e-mailed why. Body: { reason: string }'
                : "Suspend the posting's admin: signed out, sign-in refused, postings hidden. Body: { reason: string }",
        },
      },
      async (request) => {
        const viewer = viewerOf(request);
        // A non-moderator hears 403 before anything about the body.
        if (!service.isModerator(viewer.email)) {
          throw errors.forbidden(moderationMessages.notModerator, undefined, 'NOT_MODERATOR');
        }
        const { reason } = parseBody(moderationRequestSchema, request.body, messages.api.badRequest.title);
        return service.act(viewer, request.params.id, action, reason);
      },
    );
  }
}
