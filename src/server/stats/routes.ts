import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client';
import { answerRoute } from '../http/answer-route';
import { createGroupsMatched } from './service';

/** Public figures shown on every page (the footer's groups matched to date). */
export const statsRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle; groupsMatchedBaseline: number }> = async (
  app,
  { database, groupsMatchedBaseline },
) => {
  const groupsMatched = createGroupsMatched(database, groupsMatchedBaseline);
  app.addHook('onClose', async () => groupsMatched.close());
  answerRoute(app, '/api/stats', {
    tags: ['config'],
    summary: "Groups matched to date: the college's baseline plus the postings marked Fulfilled here",
    response: z.strictObject({ groupsMatched: z.number().int() }),
    cacheControl: 'no-cache',
    answer: async () => ({ groupsMatched: await groupsMatched.read() }),
  });
};
