/** Bookmarks: which student saved which posting. */

import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt } from './columns';
import { posting } from './postings';

export const bookmark = pgTable(
  'bookmark',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postingId] }),
    index('bookmark_posting_idx').on(t.postingId),
    // The profile's 'My Bookmarked Posts', newest bookmark first.
    index('bookmark_user_created_idx').on(t.userId, t.createdAt.desc(), t.postingId.desc()),
  ],
);
