import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../shared/schemas/api-error';
import type { DatabaseHandle } from '../db/client';
import { createGroupsMatched } from './service';

/** Public figures shown on every page (the footer's groups matched to date). */
export const statsRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; groupsMatchedBaseline: number }> = async (
  app,
  { database, groupsMatchedBaseline },
) => {
  const groupsMatched = createGroupsMatched(database, groupsMatchedBaseline);
  app.addHook('onClose', async () => groupsMatched.close());
  app.get(
    '/api/stats',
    {
      schema: {
        tags: ['config'],
        summary: "Groups matched to date: the college's baseline plus the postings marked Fulfilled here",
        response: { 200: z.strictObject({ groupsMatched: z.number().int() }), ...problemAnswers },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { groupsMatched: await groupsMatched.read() };
    },
  );
};
