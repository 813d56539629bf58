import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { problemAnswers } from '../../shared/schemas/api-error';
import { contactMessageSchema } from '../../shared/schemas/contact';
import { type ContactDeps, sendContactMessage } from './service';

export const contactRoutes: FastifyPluginAsyncZod<ContactDeps> = async (app, deps) => {
  app.post(
    '/api/contact',
    {
      preValidation: app.requireMember,
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
