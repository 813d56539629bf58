import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '../../shared/messages';
import { problemAnswers } from '../../shared/schemas/api-error';
import { lookupIdParamSchema } from '../../shared/schemas/params';
import { bookmarkStateSchema, postingPageSchema } from '../../shared/schemas/posting-answers';
import { listQuerySchema } from '../../shared/schemas/search-query';
import type { WalkPlaces } from '../../shared/walking';
import { guard } from '../auth/guard';
import { viewerOf } from '../auth/viewer';
import type { Database } from '../db/client';
import { answerRoute } from '../http/answer-route';
import type { ImageUrl } from '../search/service';
import { bookmarkFormRoutes } from './form-routes';
import { createBookmarkService } from './service';

export interface BookmarkRoutesOptions {
  db: Database;
  imageUrl: ImageUrl;
  /** The college's campus places and shuttle stops, which name a card's walks. */
  places: WalkPlaces;
}

/** Bookmark toggles and the profile's lists ('My Administered Posts', 'My Bookmarked Posts'). */
export const bookmarkRoutes: FastifyPluginAsyncZod<BookmarkRoutesOptions> = async (app, { db, imageUrl, places }) => {
  const service = createBookmarkService({ db, imageUrl, places });
  await app.register(bookmarkFormRoutes, { service });

  for (const [method, summary] of [
    ['PUT', 'Bookmark a posting (idempotent)'],
    ['DELETE', 'Remove a bookmark (idempotent)'],
  ] as const) {
    app.route({
      method,
      url: '/api/postings/:id/bookmark',
      // The spec's own message (docs/product-spec.md) for a visitor who tries to bookmark.
      preValidation: guard('posting.bookmark', { signedOut: { message: messages.bookmark.unsigned } }),
      schema: {
        tags: ['bookmarks'],
        summary,
        params: lookupIdParamSchema,
        response: { 200: bookmarkStateSchema, ...problemAnswers },
      },
      handler: async (request) =>
        method === 'PUT'
          ? service.add(viewerOf(request).id, request.params.id)
          : service.remove(viewerOf(request).id, request.params.id),
    });
  }

  answerRoute(app, '/api/me/postings/administered', {
    action: 'product.use',
    tags: ['profile'],
    summary: 'Postings the viewer administers, newest first',
    querystring: listQuerySchema,
    response: postingPageSchema,
    answer: (viewer, { query }) => service.administered(viewer.id, query),
  });

  answerRoute(app, '/api/me/postings/bookmarked', {
    action: 'posting.bookmark',
    tags: ['profile'],
    summary: 'Postings the viewer bookmarked, latest bookmark first',
    querystring: listQuerySchema,
    response: postingPageSchema,
    answer: (viewer, { query }) => service.bookmarked(viewer.id, query),
  });
};
