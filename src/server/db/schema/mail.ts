/** The mail outbox. */

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every e-mail the product sends, written in the same transaction as what caused it and delivered
 * by the outbox worker (src/server/mail/outbox.ts, docs/decisions/0007).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the message is (e.g. 'ping-received'), for the log and the outbox listing. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** The main link the message carries (shown in the file mailbox's log line). */
    link: text('link'),
    /** Extra header lines (e.g. List-Unsubscribe), name to value. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** A message that must be sent at most once per event (e.g. 'ping-expired:<id>'). */
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker's lease: while it runs, no other worker may claim the message. */
    claimToken: uuid('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_outbox_status', sql`${t.status} IN ('pending', 'sent', 'failed')`),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
  ],
);
