/**
 * HTTP of saved searches: the viewer's list, save, rename / change the alert, delete; and the
 * unsubscribe link's two steps, which need no sign-in (the signed token is the authority):
 *   GET  /api/saved-searches/unsubscribe?id=&token=   what the link is about (changes nothing)
 *   POST /api/saved-searches/unsubscribe?id=&token=   turns that alert off; also the one-click
 *        address of List-Unsubscribe-Post (RFC 8058), whose form body it accepts and ignores
 */
import type { FastifyInstance } from 'fastify';
import { savedSearchMessages } from '../../shared/saved-searches';
import { savedSearchCreateSchema, savedSearchUpdateSchema } from '../../shared/schemas/saved-search';
import { parseBody, viewerOf } from '../http/route-parts';
import type { SavedSearchService } from './service';

interface LinkQuery {
  id?: unknown;
  token?: unknown;
}

export async function savedSearchRoutes(app: FastifyInstance, { service }: { service: SavedSearchService }) {
  const tags = ['saved searches'];

  // Mail clients' one-click unsubscribe posts a form (List-Unsubscribe=One-Click); the query carries the token.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/saved-searches',
    { preHandler: app.requireMember, schema: { tags, summary: "The viewer's saved searches, oldest first" } },
    async (request) => ({ items: await service.list(viewerOf(request)) }),
  );

  app.post(
    '/api/saved-searches',
    {
      preHandler: app.requireMember,
      schema: {
        tags,
        summary: 'Save a search. Body: { name, alert: immediately | daily | off, filters: the /postings filters }',
      },
    },
    async (request, reply) => {
      const input = parseBody(savedSearchCreateSchema, request.body, savedSearchMessages.failedTitle);
      return reply.status(201).send(await service.create(viewerOf(request), input));
    },
  );

  app.patch<{ Params: { id: string } }>(
    '/api/saved-searches/:id',
    {
      preHandler: app.requireMember,
      schema: { tags, summary: 'Rename a saved search or change its alert. Body: { name?, alert? }' },
    },
    async (request) =>
      service.update(
        viewerOf(request),
        request.params.id,
        parseBody(savedSearchUpdateSchema, request.body, savedSearchMessages.failedTitle),
      ),
  );

  app.delete<{ Params: { id: string } }>(
    '/api/saved-searches/:id',
    { preHandler: app.requireMember, schema: { tags, summary: 'Delete a saved search and its alerts' } },
    async (request, reply) => {
      await service.remove(viewerOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get<{ Querystring: LinkQuery }>(
    '/api/saved-searches/unsubscribe',
    { schema: { tags, summary: 'What an unsubscribe link is about (no sign-in; changes nothing)' } },
    async (request) => service.describeUnsubscribe(request.query.id, request.query.token),
  );

  app.post<{ Querystring: LinkQuery }>(
    '/api/saved-searches/unsubscribe',
    { schema: { tags, summary: "Turn off a saved search's alert with its unsubscribe link (no sign-in)" } },
    async (request) => service.unsubscribe(request.query.id, request.query.token),
  );
}
