/** Saved searches and their alerts (issue 14). */

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ALERT_FREQUENCIES } from '../../../shared/saved-searches';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';
import { posting } from './postings';

/**
 * A student's saved search. `filters` is the whole search as the shared filter schema reads it
 * (what "open" runs and what matching verifies). The match columns repeat the filters a new
 * posting is looked up by, with '' and 0 for "any": the partial index answers "which active
 * searches could match this posting" with a few index probes instead of a scan (decision 0014).
 */
export const savedSearch = pgTable(
  'saved_search',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    alert: text('alert', { enum: ALERT_FREQUENCIES }).notNull().default('daily'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    location: text('location', { enum: ['oncampus', 'offcampus'] }).notNull(),
    matchDorm: text('match_dorm').notNull().default(''),
    matchAim: integer('match_aim').notNull().default(0),
    matchSeek: integer('match_seek').notNull().default(0),
    matchGender: text('match_gender').notNull().default(''),
    matchYear: text('match_year').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('saved_search_alert', sql`${t.alert} IN ('immediately', 'daily', 'off')`),
    index('saved_search_user_idx').on(t.userId, t.createdAt),
    index('saved_search_match_idx')
      .on(t.location, t.matchDorm, t.matchAim, t.matchSeek, t.matchGender, t.matchYear)
      .where(sql`${t.alert} <> 'off'`),
  ],
);

/** A posting that became listed (created, or re-opened from Fulfilled), waiting to be matched. */
export const savedSearchEvent = pgTable(
  'saved_search_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('saved_search_event_created_idx').on(t.createdAt)],
);

/** A posting a student was alerted to: the key makes "never twice" hold whatever the race. */
export const savedSearchAlertSent = pgTable(
  'saved_search_alert_sent',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    savedSearchId: uuid('saved_search_id').references(() => savedSearch.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postingId] }),
    index('saved_search_alert_sent_posting_idx').on(t.postingId),
  ],
);

/** A match waiting for its student's next daily digest. */
export const savedSearchDigestItem = pgTable(
  'saved_search_digest_item',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    savedSearchId: uuid('saved_search_id')
      .notNull()
      .references(() => savedSearch.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postingId] }),
    index('saved_search_digest_item_created_idx').on(t.createdAt),
    index('saved_search_digest_item_search_idx').on(t.savedSearchId),
    index('saved_search_digest_item_posting_idx').on(t.postingId),
  ],
);

/** The last digest cut-off each student was mailed for: one digest per student per day. */
export const savedSearchDigest = pgTable('saved_search_digest', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastCutoff: timestamp('last_cutoff', { withTimezone: true }).notNull(),
});
