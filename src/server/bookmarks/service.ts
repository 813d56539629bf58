/**
 * Bookmarks (docs/product-spec.md, section 4: a toggle of membership in the user's bookmarked postings) and the
 * profile's two lists of cards.
 */

import { isUuid } from '../../shared/ids';
import { messages } from '../../shared/messages';
import type { BookmarkState } from '../../shared/schemas/posting-answers';
import type { PostingPage } from '../../shared/schemas/posting-view';
import type { ListQuery } from '../../shared/schemas/search-query';
import type { WalkPlaces } from '../../shared/walking';
import type { Database } from '../db/client';
import { errors } from '../http/errors';
import { administeredCards, bookmarkedCards } from '../search/queries';
import { decodeCursor, type ImageUrl, toCard, toPage } from '../search/service';
import { deleteBookmark, insertBookmark } from './queries';

const POSTING_GONE = messages.api.postingGone;

export function createBookmarkService({
  db,
  imageUrl,
  places,
}: {
  db: Database;
  imageUrl: ImageUrl;
  places: WalkPlaces;
}) {
  const checkId = (postingId: string) => {
    if (!isUuid(postingId)) throw errors.notFound(POSTING_GONE);
  };
  return {
    async add(userId: string, postingId: string): Promise<BookmarkState> {
      checkId(postingId);
      const outcome = await insertBookmark(db, userId, postingId);
      if (outcome === 'missing') throw errors.notFound(POSTING_GONE);
      if (outcome === 'own') {
        throw errors.forbidden(messages.bookmark.ownPost, messages.api.forbidden.title, 'OWN_POSTING');
      }
      return { postingId, bookmarked: true };
    },

    async remove(userId: string, postingId: string): Promise<BookmarkState> {
      checkId(postingId);
      await deleteBookmark(db, userId, postingId);
      return { postingId, bookmarked: false };
    },

    async administered(userId: string, { cursor, limit }: ListQuery): Promise<PostingPage> {
      const rows = await administeredCards(db, userId, decodeCursor(cursor, 'newest'), limit);
      return toPage(
        rows,
        limit,
        (row) => toCard(row, imageUrl, places),
        (last) => ({ kind: 'newest', createdAt: last.created_at, id: last.id }),
      );
    },

    async bookmarked(userId: string, { cursor, limit }: ListQuery): Promise<PostingPage> {
      const rows = await bookmarkedCards(db, userId, decodeCursor(cursor, 'bookmarked'), limit);
      return toPage(
        rows,
        limit,
        (row) => toCard(row, imageUrl, places),
        (last) => ({
          kind: 'bookmarked',
          bookmarkedAt: last.bookmarked_at ?? last.created_at,
          id: last.id,
        }),
      );
    },
  };
}
