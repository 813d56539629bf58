/**
 * HTTP of the lifestyle profile and the group fit. Routes only translate HTTP; the rules and the
 * scoring are in service.ts. No route answers another student's answers.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors } from '../http/errors';
import { viewerOf } from '../http/route-parts';
import { INVITE_FAILED, type LifestyleService, MEMBER_NOT_FOUND } from './service';

const positionSchema = z.object({ position: z.coerce.number().int().min(0).max(99) });

export async function lifestyleRoutes(app: FastifyInstance, { service }: { service: LifestyleService }) {
  const tags = ['lifestyle'];

  app.get(
    '/api/me/lifestyle',
    {
      preHandler: app.requireMember,
      schema: { tags, summary: "The questionnaire and the viewer's own answers (nobody else's)" },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.mine(viewerOf(request));
    },
  );

  app.put(
    '/api/me/lifestyle',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: "Replace the viewer's answers",
        description:
          'Body: { answers: [{ question, self, accept: string[], importance: none|somewhat|very }] }; a question ' +
          'left out is unanswered. Answers the saved questionnaire.',
      },
    },
    async (request) => service.save(viewerOf(request), request.body),
  );

  app.delete(
    '/api/me/lifestyle',
    { preHandler: app.requireMember, schema: { tags, summary: "Delete every one of the viewer's answers" } },
    async (request) => {
      await service.remove(viewerOf(request));
      return { deleted: true };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/postings/:id/fit',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary:
          "The viewer's lifestyle fit with the posting's admin and members: a band and reasons per member; " +
          'for the admin, which members have a profile or can be invited',
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.postingFit(viewerOf(request), request.params.id);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/pings/:id/fit',
    {
      preHandler: app.requireMember,
      schema: { tags, summary: "For the posting's admin: the fit of the ping's sender with the group" },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.pingFit(viewerOf(request), request.params.id);
    },
  );

  app.post<{ Params: { id: string; position: string } }>(
    '/api/postings/:id/members/:position/lifestyle-invite',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'The admin e-mails a member a link to fill their lifestyle profile (once per member address)',
      },
    },
    async (request) => {
      const parsed = positionSchema.safeParse(request.params);
      if (!parsed.success) throw errors.notFound(MEMBER_NOT_FOUND, INVITE_FAILED);
      return service.invite(viewerOf(request), request.params.id, parsed.data.position);
    },
  );
}
