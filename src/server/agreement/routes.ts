/**
 * HTTP of the roommate agreement (issue 34). Routes only translate HTTP; the rules are in service.ts.
 * To anyone but the group's admin and joined members every route answers 404.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clauseEditSchema, clauseParamSchema, signatureSchema } from '../../shared/schemas/agreement';
import { agreementViewSchema } from '../../shared/schemas/agreement-answers';
import { problemAnswers } from '../../shared/schemas/api-error';
import { idParamSchema } from '../../shared/schemas/params';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import { answerRoute } from '../http/answer-route';
import type { AgreementService } from './service';

export const agreementRoutes: FastifyPluginAsyncZod<{ service: AgreementService }> = async (app, { service }) => {
  const tags = ['agreement'];

  // Also a page's load (the agreement page is drawn with it, so its forms work before the scripts).
  answerRoute(app, '/api/postings/:id/agreement', {
    action: 'group.agreement',
    tags,
    summary: "The group's roommate agreement: its clauses, who has signed, every version (members only)",
    params: idParamSchema,
    response: agreementViewSchema,
    cacheControl: 'no-store',
    answer: (viewer, { params }) => service.view(viewer, params.id),
  });

  app.get(
    '/api/postings/:id/agreement.pdf',
    {
      preValidation: guard('group.agreement'),
      schema: {
        tags,
        summary: "The group's roommate agreement as a tagged PDF (PDF/UA) ending with its signatures (members only)",
        params: idParamSchema,
        response: {
          200: {
            description: 'The agreement',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...problemAnswers,
        },
      },
    },
    async (request, reply) => {
      const { version, bytes } = await service.pdf(viewerOf(request), request.params.id);
      reply.headers({
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="roommate-agreement-version-${version}.pdf"`,
        'cache-control': 'no-store',
      });
      // A buffer is sent as it is (Fastify serializes only objects): the schema above documents it.
      return reply.send(bytes as unknown as string);
    },
  );

  app.post(
    '/api/postings/:id/agreement/clauses/:clause',
    {
      preValidation: guard('group.agreement'),
      schema: {
        tags,
        summary: 'Change one clause: a new version, which clears every signature',
        params: clauseParamSchema,
        body: clauseEditSchema,
        response: { 200: agreementViewSchema, ...problemAnswers },
      },
    },
    async (request) => service.editClause(viewerOf(request), request.params.id, request.params.clause, request.body),
  );

  app.post(
    '/api/postings/:id/agreement/signatures',
    {
      preValidation: guard('group.agreement'),
      schema: {
        tags,
        summary: 'Sign the version read: the typed name, confirmed, on its text hash',
        params: idParamSchema,
        body: signatureSchema,
        response: { 200: agreementViewSchema, ...problemAnswers },
      },
    },
    async (request) => service.sign(viewerOf(request), request.params.id, request.body),
  );
};
