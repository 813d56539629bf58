import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../shared/schemas/api-error';
import { contactMessageSchema } from '../../shared/schemas/contact';
import { guard } from '../auth/guard';
import { type ContactDeps, sendContactMessage } from './service';

export const contactRoutes: FastifyPluginAsyncZod<ContactDeps> = async (app, deps) => {
  app.post(
    '/api/contact',
    {
      preValidation: guard('product.use'),
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the team',
        body: contactMessageSchema,
        response: { 202: z.strictObject({ status: z.literal('sent') }), ...problemAnswers },
      },
    },
    async (request, reply) => {
      await sendContactMessage(deps, request.body, request.viewer?.id ?? null);
      return reply.status(202).send({ status: 'sent' as const });
    },
  );
};
