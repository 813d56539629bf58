/**
 * HTTP of the lifestyle profile and the group fit. Routes only translate HTTP; the rules and the
 * scoring are in service.ts. No route answers another student's answers.
 */
import type { FastifyInstance } from 'fastify';
import { viewerOf } from '../http/route-parts';
import type { LifestyleService } from './service';

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
          "for the admin, each member's state (not invited, invited, joined, declined) and whether they have a profile",
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
}
