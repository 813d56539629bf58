import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../shared/schemas/college-answers';
import type { AppConfig } from '../config';
import { answerRoute } from '../http/answer-route';
import { toPublicConfig } from './public-config';

export const collegeRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const body = toPublicConfig(config, config.college.groupsMatchedBaseline);
  answerRoute(app, '/api/config', {
    tags: ['config'],
    summary: 'The public part of the college configuration',
    response: publicConfigSchema,
    cacheControl: 'public, max-age=60',
    unchanging: true,
    answer: () => body,
  });
};
