/**
 * HTTP of saved searches: the viewer's list, save, rename / change the alert, delete; and the
 * unsubscribe link's two steps, which need no sign-in (the signed token is the authority):
 *   GET  /api/saved-searches/unsubscribe?id=&token=   what the link is about (changes nothing)
 *   POST /api/saved-searches/unsubscribe?id=&token=   turns that alert off; also the one-click
 *        address of List-Unsubscribe-Post (RFC 8058), whose form body it accepts and ignores
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { savedSearchMessages } from '../../shared/saved-searches';
import { problemAnswers } from '../../shared/schemas/api-error';
import { orEmptyBody } from '../../shared/schemas/body';
import { lookupIdParamSchema } from '../../shared/schemas/params';
import { savedSearchCreateSchema, savedSearchUpdateSchema } from '../../shared/schemas/saved-search';
import {
  savedSearchListSchema,
  savedSearchViewSchema,
  unsubscribeQuerySchema,
  unsubscribeViewSchema,
} from '../../shared/schemas/saved-search-answers';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import { answerRoute } from '../http/answer-route';
import type { SavedSearchService } from './service';

export const savedSearchRoutes: FastifyPluginAsyncZod<{ service: SavedSearchService }> = async (app, { service }) => {
  const tags = ['saved searches'];
  const invalidBody = { title: savedSearchMessages.failedTitle };

  // Mail clients' one-click unsubscribe posts a form (List-Unsubscribe=One-Click); the query carries the token.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  answerRoute(app, '/api/saved-searches', {
    action: 'product.use',
    tags,
    summary: "The viewer's saved searches, oldest first",
    response: savedSearchListSchema,
    answer: (viewer) => service.list(viewer).then((items) => ({ items })),
  });

  app.post(
    '/api/saved-searches',
    {
      preValidation: guard('product.use'),
      config: { invalidBody },
      schema: {
        tags,
        summary: 'Save a search: a name, how often to be alerted, and the filters of /api/postings',
        body: orEmptyBody(savedSearchCreateSchema),
        response: { 201: savedSearchViewSchema, ...problemAnswers },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(viewerOf(request), request.body)),
  );

  app.patch(
    '/api/saved-searches/:id',
    {
      preValidation: guard('product.use'),
      config: { invalidBody },
      schema: {
        tags,
        summary: 'Rename a saved search or change its alert',
        params: lookupIdParamSchema,
        body: orEmptyBody(savedSearchUpdateSchema),
        response: { 200: savedSearchViewSchema, ...problemAnswers },
      },
    },
    async (request) => service.update(viewerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/saved-searches/:id',
    {
      preValidation: guard('product.use'),
      schema: {
        tags,
        summary: 'Delete a saved search and its alerts',
        params: lookupIdParamSchema,
        response: { 204: z.undefined().describe('Deleted; no body'), ...problemAnswers },
      },
    },
    async (request, reply) => {
      await service.remove(viewerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/saved-searches/unsubscribe',
    {
      schema: {
        tags,
        summary: 'What an unsubscribe link is about (no sign-in; changes nothing)',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeViewSchema, ...problemAnswers },
      },
    },
    async (request) => service.describeUnsubscribe(request.query.id, request.query.token),
  );

  app.post(
    '/api/saved-searches/unsubscribe',
    {
      schema: {
        tags,
        summary: "Turn off a saved search's alert with its unsubscribe link (no sign-in)",
        description: "Also List-Unsubscribe-Post's one-click address (RFC 8058): its form body is ignored.",
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeViewSchema, ...problemAnswers },
      },
    },
    async (request) => service.unsubscribe(request.query.id, request.query.token),
  );
};
