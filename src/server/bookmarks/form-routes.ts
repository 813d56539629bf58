/**
 * The Bookmark button as a plain form (issue 31): a tap before the scripts arrive, or with
 * JavaScript off, bookmarks or removes the bookmark as asked, then goes back to the page.
 */
import type { FastifyInstance } from 'fastify';
import { BROWSE_FORM_ROUTES } from '../../shared/browse-form-posts';
import { pageAddress } from '../../shared/page-addresses';
import { viewerOf } from '../auth/viewer';
import { acceptFormBodies, memberForm } from '../http/form-posts';
import type { createBookmarkService } from './service';

export async function bookmarkFormRoutes(
  app: FastifyInstance,
  { service }: { service: ReturnType<typeof createBookmarkService> },
) {
  acceptFormBodies(app);
  app.post<{ Params: { id: string } }>(
    BROWSE_FORM_ROUTES.bookmark,
    { schema: { hide: true } },
    memberForm({
      action: 'posting.bookmark',
      unsigned: 'BOOKMARK_UNSIGNED',
      failed: 'BOOKMARK_FAILED',
      renamed: { NOT_FOUND: 'POSTING_GONE' },
      fallback: (request) => pageAddress.posting((request.params as { id: string }).id),
      async act(request, fields) {
        const { id } = request.params as { id: string };
        // The state asked for, not a toggle: a form sent twice leaves it as asked once.
        if (fields.bookmarked === 'false') await service.remove(viewerOf(request).id, id);
        else await service.add(viewerOf(request).id, id);
        return undefined;
      },
    }),
  );
}
