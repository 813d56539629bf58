import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema } from '../../shared/schemas/college-answers';
import type { AppConfig } from '../config';
import { answerRoute } from '../http/answer-route';
import type { MapTiles } from '../map/tiles';
import { toPublicConfig } from './public-config';

export const collegeRoutes: FastifyPluginAsyncZod<{ config: AppConfig; mapTiles: MapTiles | null }> = async (
  app,
  { config, mapTiles },
) => {
  const body = toPublicConfig(config, config.college.groupsMatchedBaseline, mapTiles?.url ?? null);
  answerRoute(app, '/api/config', {
    tags: ['config'],
    summary: 'The public part of the college configuration',
    response: publicConfigSchema,
    cacheControl: 'public, max-age=60',
    unchanging: true,
    answer: () => body,
  });
};
