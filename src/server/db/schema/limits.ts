/** Per-student limits: what each student spent. */

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt } from './columns';

/**
 * What a student spent of their per-student limits (issue 22, docs/decisions/0022): one row per
 * counted action (a posting created, images processed, a report, an invitation), written in the
 * same transaction as the action. Counted over a sliding window; old rows are pruned by the limits
 * module itself.
 */
export const studentUsage = pgTable(
  'student_usage',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** How much of the limit the action used (images processed count one each). */
    amount: integer('amount').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('student_usage_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    check('student_usage_amount', sql`${t.amount} > 0`),
  ],
);
