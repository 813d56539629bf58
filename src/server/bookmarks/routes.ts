import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import { listQuerySchema } from '../../shared/schemas/search-query';
import type { Database } from '../db/client';
import { errors } from '../http/errors';
import { parseQuery } from '../search/parse-query';
import type { ImageUrl } from '../search/service';
import { createBookmarkService } from './service';

export interface BookmarkRoutesOptions {
  db: Database;
  imageUrl: ImageUrl;
}

const cardListDescription = 'Query: cursor, limit (1-50, default 20). Answers { items: PostingCard[], nextCursor }.';

/** Bookmark toggles and the profile's lists ('My Administered Posts', 'My Bookmarked Posts'). */
export const bookmarkRoutes: FastifyPluginAsync<BookmarkRoutesOptions> = async (app, { db, imageUrl }) => {
  const service = createBookmarkService({ db, imageUrl });

  // The spec's own message for a visitor who tries to bookmark.
  async function requireMemberToBookmark(this: unknown, request: FastifyRequest, reply: FastifyReply) {
    if (!request.viewer) throw errors.unauthorized(messages.bookmark.unsigned);
    await app.requireMember.call(app, request, reply);
  }
  const viewerId = (request: FastifyRequest) => {
    if (!request.viewer) throw errors.unauthorized();
    return request.viewer.id;
  };

  app.put<{ Params: { id: string } }>(
    '/api/postings/:id/bookmark',
    {
      preHandler: requireMemberToBookmark,
      schema: { tags: ['bookmarks'], summary: 'Bookmark a posting (idempotent)' },
    },
    async (request) => service.add(viewerId(request), request.params.id),
  );

  app.delete<{ Params: { id: string } }>(
    '/api/postings/:id/bookmark',
    {
      preHandler: requireMemberToBookmark,
      schema: { tags: ['bookmarks'], summary: 'Remove a bookmark (idempotent)' },
    },
    async (request) => service.remove(viewerId(request), request.params.id),
  );

  app.get(
    '/api/me/postings/administered',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['profile'],
        summary: 'Postings the viewer administers, newest first',
        description: cardListDescription,
      },
    },
    async (request) => service.administered(viewerId(request), parseQuery(listQuerySchema, request.query)),
  );

  app.get(
    '/api/me/postings/bookmarked',
    {
      preHandler: app.requireMember,
      schema: {
        tags: ['profile'],
        summary: 'Postings the viewer bookmarked, latest bookmark first',
        description: cardListDescription,
      },
    },
    async (request) => service.bookmarked(viewerId(request), parseQuery(listQuerySchema, request.query)),
  );
};
