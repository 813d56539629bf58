/** Pings: a student's request to join a posting's group, and its answer. */

import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PING_STATUSES } from '../../../shared/options';
import { user } from './auth';
import { createdAt } from './columns';
import { posting } from './postings';

export const ping = pgTable(
  'ping',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    searcherUserId: text('searcher_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    senderName: text('sender_name').notNull(),
    searcherEmail: text('searcher_email').notNull(),
    message: text('message'),
    adminUserId: text('admin_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** pending until the admin accepts or declines, the posting is fulfilled (closed) or it expires. */
    status: text('status', { enum: PING_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    /** When it left pending. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /**
     * Sent by a student whom someone in the group has blocked (issue 30): its sender sees it as any
     * ping (it waits, then expires), and it reaches nobody in the group: no inbox, no e-mail, no
     * conversation on their side. A block is not announced, not even by a refusal.
     */
    withheld: boolean('withheld').notNull().default(false),
  },
  (t) => [
    check('ping_status', sql`${t.status} IN ('pending', 'accepted', 'declined', 'closed', 'expired')`),
    index('ping_posting_idx').on(t.postingId),
    // One open ping per sender per posting, whatever the race.
    uniqueIndex('ping_open_per_sender_idx').on(t.postingId, t.searcherUserId).where(sql`${t.status} = 'pending'`),
    // The admin's inbox, newest first, and the count of pings awaiting their answer.
    index('ping_admin_created_idx').on(t.adminUserId, t.createdAt.desc(), t.id.desc()),
    index('ping_admin_pending_idx').on(t.adminUserId).where(sql`${t.status} = 'pending'`),
    // The sender's list and their hourly limit.
    index('ping_searcher_created_idx').on(t.searcherUserId, t.createdAt.desc(), t.id.desc()),
    // The expiry job reads only the pending pings, oldest first.
    index('ping_pending_created_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
