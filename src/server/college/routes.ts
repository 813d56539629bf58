import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemAnswers } from '../../shared/schemas/api-error';
import { publicConfigSchema } from '../../shared/schemas/college-answers';
import type { AppConfig } from '../config';
import { toPublicConfig } from './public-config';

export const collegeRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const body = toPublicConfig(config, config.college.groupsMatchedBaseline);
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: 'The public part of the college configuration',
        response: { 200: publicConfigSchema, ...problemAnswers },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return body;
    },
  );
};
