/** Moderation (issue 14): students' reports of postings and the log of moderation actions. */

import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REPORT_REASONS } from '../../../shared/schemas/moderation';
import { user } from './auth';
import { createdAt } from './columns';
import { posting } from './postings';

/** A student's report of a posting (issue 14): one per student and posting, ever. */
export const postingReport = pgTable(
  'posting_report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    reporterUserId: text('reporter_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    createdAt: createdAt(),
    /** When a moderator acted on it (dismissed, hid the posting, suspended its admin). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('posting_report_once_idx').on(t.postingId, t.reporterUserId),
    index('posting_report_open_idx').on(t.postingId).where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/** Every moderation action, by a moderator or by the automatic rule (moderator null): who, when, what, why. */
export const moderationAction = pgTable(
  'moderation_action',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The moderator's account, or null for the automatic hide (and a moderator account since deleted). */
    moderatorUserId: text('moderator_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Kept as written, so the record still says who after the account is gone. */
    moderatorEmail: text('moderator_email'),
    action: text('action', { enum: ['dismiss', 'hide', 'suspend', 'auto-hide'] }).notNull(),
    postingId: uuid('posting_id').references(() => posting.id, { onDelete: 'set null' }),
    /** A description of the posting when the action was taken (its place and admin). */
    postingLabel: text('posting_label'),
    targetUserId: text('target_user_id').references(() => user.id, { onDelete: 'set null' }),
    targetEmail: text('target_email'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_action_created_idx').on(t.createdAt.desc(), t.id.desc())],
);
