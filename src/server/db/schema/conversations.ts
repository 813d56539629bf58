/**
 * Conversations (issue 19, docs/decisions/0027): one per ping, its messages, each participant's read
 * position and contact sharing, blocks between students, reports of messages, the unread-e-mail
 * setting, and the live events each student's stream replays from.
 */

import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REPORT_REASONS } from '../../../shared/moderation';
import { user } from './auth';
import { createdAt } from './columns';
import { ping } from './pings';
import { posting } from './postings';

/** One per ping: its sender and the posting's group talk here. Goes with its ping. */
export const conversation = pgTable(
  'conversation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pingId: uuid('ping_id')
      .notNull()
      .unique()
      .references(() => ping.id, { onDelete: 'cascade' }),
    postingId: uuid('posting_id')
      .notNull()
      .references(() => posting.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('conversation_posting_idx').on(t.postingId)],
);

/**
 * A message. `seq` orders all messages (read positions and paging use it). A deleted account's
 * messages stay, shown as from a deleted student (sender null).
 */
export const conversationMessage = pgTable(
  'conversation_message',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    senderUserId: text('sender_user_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /**
     * The sender's page names each message it sends (migration 0017): a send repeated after its
     * answer was lost (a server that died after saving it, a dropped connection) finds the saved
     * message instead of saving it twice. Never shown to anyone.
     */
    clientKey: uuid('client_key'),
    createdAt: createdAt(),
  },
  (t) => [
    check('conversation_message_length', sql`char_length(${t.body}) BETWEEN 1 AND 2000`),
    index('conversation_message_conversation_idx').on(t.conversationId, t.seq),
    index('conversation_message_sender_idx').on(t.senderUserId, t.createdAt),
    uniqueIndex('conversation_message_client_key_idx')
      .on(t.senderUserId, t.conversationId, t.clientKey)
      .where(sql`${t.clientKey} IS NOT NULL`),
  ],
);

/** A participant's place in a conversation: what they read, what they share, when they were last e-mailed. */
export const conversationParticipant = pgTable(
  'conversation_participant',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    shareEmail: boolean('share_email').notNull().default(false),
    sharePhone: boolean('share_phone').notNull().default(false),
    shareInstagram: boolean('share_instagram').notNull().default(false),
    /** The unread e-mail: when one was last written, and up to which message it told of. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    emailedSeq: bigint('emailed_seq', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participant_user_idx').on(t.userId),
  ],
);

/** A student blocked another: the blocked one can no longer ping the blocker's postings or write to them. */
export const studentBlock = pgTable(
  'student_block',
  {
    blockerUserId: text('blocker_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedUserId: text('blocked_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerUserId, t.blockedUserId] }),
    index('student_block_blocked_idx').on(t.blockedUserId),
    check('student_block_not_self', sql`${t.blockerUserId} <> ${t.blockedUserId}`),
  ],
);

/** A participant's report of a message: one per student and message; moderators see it with context. */
export const messageReport = pgTable(
  'message_report',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageSeq: bigint('message_seq', { mode: 'number' })
      .notNull()
      .references(() => conversationMessage.seq, { onDelete: 'cascade' }),
    reporterUserId: text('reporter_user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('message_report_once_idx').on(t.messageSeq, t.reporterUserId),
    index('message_report_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} IS NULL`),
  ],
);

/** A student's conversation settings; no row means the defaults (unread e-mails on). */
export const conversationSetting = pgTable('conversation_setting', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  unreadEmail: boolean('unread_email').notNull().default(true),
});

/**
 * What each student's live stream sends, one row per recipient: `seq` is the event's SSE id, so a
 * stream that reconnects with Last-Event-ID replays exactly the rows after it. Written last in the
 * transaction that caused it, under a lock, so rows commit in `seq` order (decision 0027).
 */
export const liveEvent = pgTable(
  'live_event',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['message', 'unread', 'conversation', 'agreement'] }).notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_event_user_seq_idx').on(t.userId, t.seq),
    index('live_event_created_idx').on(t.createdAt),
    // A new unread total or conversation refetch finds the one it replaces (issue 30): one row a
    // student and one a conversation, whatever the day's messages.
    index('live_event_replaceable_idx').on(t.userId, t.type).where(sql`${t.type} IN ('unread', 'conversation')`),
  ],
);
