import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../shared/messages';
import { problemAnswers } from '../../shared/schemas/api-error';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../http/errors';

const healthBody = z.strictObject({ status: z.literal('ok') });

export const healthRoutes: FastifyPluginAsyncZod<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/healthz',
    { schema: { hide: true, response: { 200: healthBody, ...problemAnswers } }, logLevel: 'warn' },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/readyz',
    { schema: { hide: true, response: { 200: healthBody, ...problemAnswers } }, logLevel: 'warn' },
    async (request) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.warn({ err: error }, 'database not reachable');
        throw new AppError(
          503,
          'DATABASE_UNAVAILABLE',
          messages.api.unavailable.title,
          messages.api.unavailable.message,
        );
      }
      return { status: 'ok' as const };
    },
  );
};
