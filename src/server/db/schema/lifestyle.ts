/** The lifestyle questionnaire's answers. */

import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { updatedAt } from './columns';

/**
 * The lifestyle questionnaire (src/shared/lifestyle.ts, docs/decisions/0015): one row per answer, in
 * a form SQL can score. `self` is the index of "what I am" among the question's options, `accept` a
 * bit mask of "what I can live with", `importance` 0 (doesn't matter), 1 (somewhat) or 2 (very).
 * Never sent to anyone but its owner; deleting the profile deletes every row.
 */
export const lifestyleAnswer = pgTable(
  'lifestyle_answer',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    self: smallint('self').notNull(),
    accept: integer('accept').notNull(),
    importance: smallint('importance').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.question] }),
    check(
      'lifestyle_answer_values',
      sql`${t.self} BETWEEN 0 AND 7 AND ${t.accept} BETWEEN 1 AND 255 AND ${t.importance} BETWEEN 0 AND 2`,
    ),
  ],
);
