/** SQL of conversations (issue 19): the service decides, these only read and write rows. */
import { type SQL, sql } from 'drizzle-orm';
import type { ReportReason } from '../../shared/moderation';
import type { PingStatus, PostingStatus } from '../../shared/options';
import type { GroupRole } from '../../shared/schemas/groups';
import { type Executor, queryRows, toCount } from '../db/client';

const iso = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

/** Conversations the user takes part in: as the ping's sender, or in the posting's group. */
const mineCte = (userId: string) => sql`mine AS (
    SELECT c.id, c.posting_id, c.ping_id, c.created_at, 'sender' AS side
      FROM conversation c JOIN ping g ON g.id = c.ping_id WHERE g.searcher_user_id = ${userId}
    UNION ALL
    SELECT c.id, c.posting_id, c.ping_id, c.created_at, 'group' AS side
      FROM conversation c JOIN ping g ON g.id = c.ping_id
      WHERE g.searcher_user_id <> ${userId} AND NOT g.withheld AND c.posting_id IN (
        SELECT p.id FROM posting p WHERE p.admin_user_id = ${userId}
        UNION SELECT m.posting_id FROM posting_member m WHERE m.user_id = ${userId} AND m.state = 'joined'))`;

/** A message shows unless its sender's account is suspended (a deleted account's messages stay). */
const visible = sql.raw(
  `NOT EXISTS (SELECT 1 FROM "user" su WHERE su.id = m.sender_user_id AND su.suspended_at IS NOT NULL)`,
);

/** Messages another participant wrote after the user's read position. */
const unreadOf = (userId: string, conversation: SQL) => sql`(SELECT count(*) FROM conversation_message m
    WHERE m.conversation_id = ${conversation}
      AND m.seq > coalesce((SELECT cp.read_seq FROM conversation_participant cp
        WHERE cp.conversation_id = ${conversation} AND cp.user_id = ${userId}), 0)
      AND m.sender_user_id IS DISTINCT FROM ${userId} AND ${visible})`;

export interface ConversationRow {
  id: string;
  ping_id: string;
  posting_id: string;
  ping_status: PingStatus;
  sender_user_id: string;
  sender_name: string;
  posting_admin_user_id: string;
  admin_name: string;
  posting_status: PostingStatus;
  dorm: string | null;
  address: string | null;
  viewer_joined_role: GroupRole | null;
  /** Its ping was withheld (issue 30): the conversation is its sender's alone. */
  withheld: boolean;
}

/** One conversation with its ping, posting and the viewer's joined role in the posting's group. */
export async function findConversation(
  db: Executor,
  id: string,
  viewerId: string,
  lock = false,
): Promise<ConversationRow | undefined> {
  const [row] = await queryRows<ConversationRow>(
    db,
    sql`SELECT c.id, c.ping_id, c.posting_id, g.status AS ping_status, g.searcher_user_id AS sender_user_id,
        g.withheld, g.sender_name, p.admin_user_id AS posting_admin_user_id, p.admin_name, p.status AS posting_status,
        p.dorm, p.address,
        (SELECT m.role FROM posting_member m WHERE m.posting_id = c.posting_id AND m.user_id = ${viewerId}
          AND m.state = 'joined' LIMIT 1) AS viewer_joined_role
      FROM conversation c JOIN ping g ON g.id = c.ping_id JOIN posting p ON p.id = c.posting_id
      WHERE c.id = ${id}::uuid ${lock ? sql`FOR SHARE OF g` : sql``}`,
  );
  return row;
}

export interface ParticipantRow {
  user_id: string;
  name: string;
  side: 'sender' | 'group';
  role: GroupRole | null;
  email: string;
  phone_number: string | null;
  instagram_handle: string | null;
  share_email: boolean | null;
  share_phone: boolean | null;
  share_instagram: boolean | null;
  read_seq: number | string | null;
}

/** The sender and the group (admin, then joined members by position), with what each shares here. */
export function participants(db: Executor, conversationId: string): Promise<ParticipantRow[]> {
  return queryRows<ParticipantRow>(
    db,
    sql`WITH c AS (SELECT c.id, c.posting_id, g.searcher_user_id FROM conversation c JOIN ping g ON g.id = c.ping_id
          WHERE c.id = ${conversationId}::uuid),
      people AS (
        SELECT c.searcher_user_id AS user_id, 'sender' AS side, NULL::text AS role, -1 AS position FROM c
        UNION ALL
        SELECT p.admin_user_id, 'group', 'admin', 0 FROM c JOIN posting p ON p.id = c.posting_id
          WHERE p.admin_user_id <> c.searcher_user_id
        UNION ALL
        SELECT m.user_id, 'group', m.role, m.position + 1 FROM c JOIN posting_member m ON m.posting_id = c.posting_id
          JOIN posting p ON p.id = c.posting_id
          WHERE m.state = 'joined' AND m.user_id IS NOT NULL AND m.user_id <> p.admin_user_id
            AND m.user_id <> c.searcher_user_id)
      SELECT pe.user_id, u.name, pe.side, pe.role, u.email, s.phone_number, s.instagram_handle,
        cp.share_email, cp.share_phone, cp.share_instagram, cp.read_seq
      FROM people pe JOIN "user" u ON u.id = pe.user_id
      LEFT JOIN member_sharing s ON s.user_id = pe.user_id
      LEFT JOIN conversation_participant cp ON cp.conversation_id = ${conversationId}::uuid AND cp.user_id = pe.user_id
      ORDER BY pe.position`,
  );
}

export interface MessageRow {
  seq: number | string;
  conversation_id: string;
  sender_user_id: string | null;
  sender_name: string | null;
  body: string;
  created_at: string;
}

const messageColumns = sql`m.seq, m.conversation_id, m.sender_user_id, su.name AS sender_name, m.body,
  ${iso('m.created_at')} AS created_at`;

/** One page of visible messages, oldest first: the newest, those before `before`, or those after `after`. */
export async function messages(
  db: Executor,
  conversationId: string,
  page: { before?: number; after?: number; limit: number },
): Promise<MessageRow[]> {
  const where = [sql`m.conversation_id = ${conversationId}::uuid`, visible];
  if (page.before !== undefined) where.push(sql`m.seq < ${page.before}`);
  if (page.after !== undefined) where.push(sql`m.seq > ${page.after}`);
  const order = page.after !== undefined ? sql`ASC` : sql`DESC`;
  const rows = await queryRows<MessageRow>(
    db,
    sql`SELECT ${messageColumns} FROM conversation_message m LEFT JOIN "user" su ON su.id = m.sender_user_id
      WHERE ${sql.join(where, sql` AND `)} ORDER BY m.seq ${order} LIMIT ${page.limit + 1}`,
  );
  return rows;
}

/** The messages up to and including `seq` (a report's context), oldest first. */
export async function messagesUpTo(db: Executor, conversationId: string, seq: number, limit: number) {
  const rows = await queryRows<MessageRow>(
    db,
    sql`SELECT ${messageColumns} FROM conversation_message m LEFT JOIN "user" su ON su.id = m.sender_user_id
      WHERE m.conversation_id = ${conversationId}::uuid AND m.seq <= ${seq} ORDER BY m.seq DESC LIMIT ${limit}`,
  );
  return rows.reverse();
}

export async function findMessage(db: Executor, conversationId: string, seq: number) {
  const [row] = await queryRows<MessageRow>(
    db,
    sql`SELECT ${messageColumns} FROM conversation_message m LEFT JOIN "user" su ON su.id = m.sender_user_id
      WHERE m.conversation_id = ${conversationId}::uuid AND m.seq = ${seq} AND ${visible}`,
  );
  return row;
}

export async function insertConversation(tx: Executor, pingId: string, postingId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO conversation (ping_id, posting_id) VALUES (${pingId}::uuid, ${postingId}::uuid) RETURNING id`,
  );
  if (!row) throw new Error('conversation insert returned no row');
  return row.id;
}

export async function insertMessage(
  tx: Executor,
  values: { conversationId: string; senderId: string; body: string },
): Promise<MessageRow> {
  const row = await insertMessageOnce(tx, values);
  if (!row) throw new Error('message insert returned no row');
  return row;
}

/**
 * Inserts a message, or nothing when its sender already saved one with this client key here (a
 * repeated send; one running at the same moment is waited for): null then.
 */
export async function insertMessageOnce(
  tx: Executor,
  values: { conversationId: string; senderId: string; body: string; clientKey?: string },
): Promise<MessageRow | null> {
  const [row] = await queryRows<MessageRow>(
    tx,
    sql`WITH m AS (INSERT INTO conversation_message (conversation_id, sender_user_id, body, client_key)
        VALUES (${values.conversationId}::uuid, ${values.senderId}, ${values.body}, ${values.clientKey ?? null}::uuid)
        ON CONFLICT (sender_user_id, conversation_id, client_key) WHERE client_key IS NOT NULL DO NOTHING
        RETURNING *)
      SELECT ${messageColumns} FROM m LEFT JOIN "user" su ON su.id = m.sender_user_id`,
  );
  return row ?? null;
}

/** The message its sender saved here with this client key, if any. */
export async function messageByClientKey(
  db: Executor,
  values: { conversationId: string; senderId: string; clientKey: string },
): Promise<MessageRow | null> {
  const [row] = await queryRows<MessageRow>(
    db,
    sql`SELECT ${messageColumns} FROM conversation_message m LEFT JOIN "user" su ON su.id = m.sender_user_id
      WHERE m.sender_user_id = ${values.senderId} AND m.conversation_id = ${values.conversationId}::uuid
        AND m.client_key = ${values.clientKey}::uuid`,
  );
  return row ?? null;
}

/** Someone other than the sender has written in the conversation. */
export async function groupHasReplied(db: Executor, conversationId: string, senderUserId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM conversation_message m WHERE m.conversation_id = ${conversationId}::uuid
      AND m.sender_user_id IS DISTINCT FROM ${senderUserId} LIMIT 1`,
  );
  return rows.length > 0;
}

/** A block between `userId` and any of `others`, either way. */
export async function blockedWithAny(db: Executor, userId: string, others: readonly string[]): Promise<boolean> {
  if (others.length === 0) return false;
  const list = sql.join(
    others.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM student_block
      WHERE (blocker_user_id = ${userId} AND blocked_user_id IN (${list}))
         OR (blocked_user_id = ${userId} AND blocker_user_id IN (${list})) LIMIT 1`,
  );
  return rows.length > 0;
}

/** Whether any of `blockers` blocked any of `blocked`. */
export async function anyBlocks(
  db: Executor,
  blockers: readonly string[],
  blocked: readonly string[],
): Promise<boolean> {
  if (blockers.length === 0 || blocked.length === 0) return false;
  const list = (ids: readonly string[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM student_block
      WHERE blocker_user_id IN (${list(blockers)}) AND blocked_user_id IN (${list(blocked)}) LIMIT 1`,
  );
  return rows.length > 0;
}

/** The posting's group: its admin and joined members. */
export async function groupOf(db: Executor, postingId: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`SELECT admin_user_id AS user_id FROM posting WHERE id = ${postingId}::uuid
      UNION SELECT user_id FROM posting_member WHERE posting_id = ${postingId}::uuid AND state = 'joined' AND user_id IS NOT NULL`,
  );
  return rows.map((row) => row.user_id);
}

/** Messages the user sent since `since` (the rate limit counts these rows). */
export async function countSentSince(tx: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    tx,
    sql`SELECT count(*) AS n FROM conversation_message
      WHERE sender_user_id = ${userId} AND created_at > ${since.toISOString()}::timestamptz`,
  );
  return toCount(row?.n);
}

/** Moves the user's read position forward (never back); answers it. */
export async function markRead(tx: Executor, conversationId: string, userId: string, seq: number): Promise<number> {
  const [row] = await queryRows<{ read_seq: number | string }>(
    tx,
    sql`INSERT INTO conversation_participant (conversation_id, user_id, read_seq)
      VALUES (${conversationId}::uuid, ${userId}, ${seq})
      ON CONFLICT (conversation_id, user_id) DO UPDATE
        SET read_seq = greatest(conversation_participant.read_seq, excluded.read_seq)
      RETURNING read_seq`,
  );
  return Number(row?.read_seq ?? 0);
}

/** The user's read position and what they share in the conversation (the defaults when they have no row yet). */
export async function participantState(
  db: Executor,
  conversationId: string,
  userId: string,
): Promise<{ readSeq: number; share: { email: boolean; phone: boolean; instagram: boolean } }> {
  const [row] = await queryRows<{
    read_seq: number | string;
    share_email: boolean;
    share_phone: boolean;
    share_instagram: boolean;
  }>(
    db,
    sql`SELECT read_seq, share_email, share_phone, share_instagram FROM conversation_participant
      WHERE conversation_id = ${conversationId}::uuid AND user_id = ${userId}`,
  );
  return {
    readSeq: Number(row?.read_seq ?? 0),
    share: {
      email: row?.share_email ?? false,
      phone: row?.share_phone ?? false,
      instagram: row?.share_instagram ?? false,
    },
  };
}

export async function lastSeq(db: Executor, conversationId: string): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`SELECT coalesce(max(seq), 0) AS n FROM conversation_message WHERE conversation_id = ${conversationId}::uuid`,
  );
  return toCount(row?.n);
}

export async function saveShare(
  db: Executor,
  conversationId: string,
  userId: string,
  share: { email: boolean; phone: boolean; instagram: boolean },
): Promise<void> {
  await db.execute(sql`INSERT INTO conversation_participant (conversation_id, user_id, share_email, share_phone, share_instagram)
    VALUES (${conversationId}::uuid, ${userId}, ${share.email}, ${share.phone}, ${share.instagram})
    ON CONFLICT (conversation_id, user_id) DO UPDATE SET share_email = excluded.share_email,
      share_phone = excluded.share_phone, share_instagram = excluded.share_instagram`);
}

export interface SummaryRow {
  id: string;
  ping_id: string;
  posting_id: string;
  side: 'sender' | 'group';
  ping_status: PingStatus;
  sender_name: string;
  admin_name: string;
  posting_status: PostingStatus;
  dorm: string | null;
  address: string | null;
  sort_seq: number | string;
  unread: number | string;
  last_seq: number | string | null;
  last_sender_user_id: string | null;
  last_sender_name: string | null;
  last_body: string | null;
  last_created_at: string | null;
}

/** The user's conversations, latest activity first (one more than `limit`, to page). */
export function listMine(
  db: Executor,
  userId: string,
  options: { cursor?: { sortSeq: number; id: string }; limit: number },
): Promise<SummaryRow[]> {
  const cursor = options.cursor
    ? sql`WHERE (x.sort_seq, x.id) < (${options.cursor.sortSeq}, ${options.cursor.id}::uuid)`
    : sql``;
  return queryRows<SummaryRow>(
    db,
    sql`WITH ${mineCte(userId)},
      x AS (
        SELECT mine.*, g.status AS ping_status, g.sender_name, p.admin_name, p.status AS posting_status, p.dorm,
          p.address, last.seq AS last_seq, last.sender_user_id AS last_sender_user_id, last.sender_name AS last_sender_name,
          last.body AS last_body, last.created_at AS last_created_at, coalesce(last.seq, 0) AS sort_seq,
          ${unreadOf(userId, sql.raw('mine.id'))} AS unread
        FROM mine JOIN ping g ON g.id = mine.ping_id JOIN posting p ON p.id = mine.posting_id
        LEFT JOIN LATERAL (
          SELECT ${messageColumns} FROM conversation_message m LEFT JOIN "user" su ON su.id = m.sender_user_id
          WHERE m.conversation_id = mine.id AND ${visible} ORDER BY m.seq DESC LIMIT 1) last ON true)
      SELECT * FROM x ${cursor} ORDER BY x.sort_seq DESC, x.id DESC LIMIT ${options.limit + 1}`,
  );
}

/** Unread messages in all of the user's conversations. */
export async function unreadTotal(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`WITH ${mineCte(userId)} SELECT coalesce(sum(${unreadOf(userId, sql.raw('mine.id'))}), 0) AS n FROM mine`,
  );
  return toCount(row?.n);
}

// Blocks.

export async function block(db: Executor, blockerId: string, blockedId: string): Promise<void> {
  await db.execute(sql`INSERT INTO student_block (blocker_user_id, blocked_user_id) VALUES (${blockerId}, ${blockedId})
    ON CONFLICT DO NOTHING`);
}

export async function unblock(db: Executor, blockerId: string, blockedId: string): Promise<void> {
  await db.execute(
    sql`DELETE FROM student_block WHERE blocker_user_id = ${blockerId} AND blocked_user_id = ${blockedId}`,
  );
}

export function blocks(db: Executor, blockerId: string) {
  return queryRows<{ user_id: string; name: string; blocked_at: string }>(
    db,
    sql`SELECT b.blocked_user_id AS user_id, u.name, ${iso('b.created_at')} AS blocked_at
      FROM student_block b JOIN "user" u ON u.id = b.blocked_user_id
      WHERE b.blocker_user_id = ${blockerId} ORDER BY b.created_at DESC`,
  );
}

export async function userExists(db: Executor, userId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(db, sql`SELECT id FROM "user" WHERE id = ${userId}`);
  return rows.length > 0;
}

// Reports.

export async function insertReport(
  tx: Executor,
  values: { seq: number; reporterId: string; reason: ReportReason; details: string | null },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO message_report (message_seq, reporter_user_id, reason, details)
      VALUES (${values.seq}, ${values.reporterId}, ${values.reason}, ${values.details})
      ON CONFLICT (message_seq, reporter_user_id) DO NOTHING RETURNING id`,
  );
  return rows.length > 0;
}

export interface ReportRow {
  id: string;
  reason: ReportReason;
  details: string | null;
  reporter_name: string;
  created_at: string;
  message_seq: number | string;
  conversation_id: string;
  posting_id: string;
  posting_status: PostingStatus;
  dorm: string | null;
  address: string | null;
}

export function openReports(db: Executor, limit: number): Promise<ReportRow[]> {
  return queryRows<ReportRow>(
    db,
    sql`SELECT r.id, r.reason, r.details, u.name AS reporter_name, ${iso('r.created_at')} AS created_at, r.message_seq,
        m.conversation_id, c.posting_id, p.status AS posting_status, p.dorm, p.address
      FROM message_report r JOIN "user" u ON u.id = r.reporter_user_id
      JOIN conversation_message m ON m.seq = r.message_seq JOIN conversation c ON c.id = m.conversation_id
      JOIN posting p ON p.id = c.posting_id
      WHERE r.resolved_at IS NULL ORDER BY r.created_at ASC LIMIT ${limit}`,
  );
}

export async function resolveReport(db: Executor, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE message_report SET resolved_at = now() WHERE id = ${id}::uuid AND resolved_at IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

// Settings.

export async function unreadEmailSetting(db: Executor, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ unread_email: boolean }>(
    db,
    sql`SELECT unread_email FROM conversation_setting WHERE user_id = ${userId}`,
  );
  return row?.unread_email ?? true;
}

export async function saveUnreadEmailSetting(db: Executor, userId: string, on: boolean): Promise<void> {
  await db.execute(sql`INSERT INTO conversation_setting (user_id, unread_email) VALUES (${userId}, ${on})
    ON CONFLICT (user_id) DO UPDATE SET unread_email = excluded.unread_email`);
}

// Live events.

/**
 * Holds each recipient's event lock until the transaction ends (ids sorted, so two writers never
 * wait on each other in a circle): a student's events then commit in sequence order, and a stream
 * that has sent event n never later finds a committed event below n (decision 0027).
 */
export async function lockRecipients(tx: Executor, userIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort()) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`live:${id}`}))`);
  }
}

/**
 * The conversations of these pings with their status and everyone taking part (sender and group;
 * the sender alone for a withheld ping, issue 30).
 */
export function pingConversations(db: Executor, pingIds: readonly string[]) {
  if (pingIds.length === 0) return Promise.resolve([]);
  const list = sql.join(
    pingIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryRows<{ conversation_id: string; ping_status: PingStatus; people: string[] }>(
    db,
    sql`SELECT c.id AS conversation_id, g.status AS ping_status,
        array(SELECT g.searcher_user_id UNION SELECT p.admin_user_id FROM posting p
            WHERE p.id = c.posting_id AND NOT g.withheld
          UNION SELECT m.user_id FROM posting_member m WHERE m.posting_id = c.posting_id AND m.state = 'joined'
            AND m.user_id IS NOT NULL AND NOT g.withheld) AS people
      FROM conversation c JOIN ping g ON g.id = c.ping_id WHERE c.ping_id IN (${list})`,
  );
}

export type LiveEventType = 'message' | 'unread' | 'conversation' | 'agreement';

export async function insertEvents(
  tx: Executor,
  events: readonly { userId: string; type: LiveEventType; data: unknown }[],
): Promise<void> {
  if (events.length === 0) return;
  const values = sql.join(
    events.map((e) => sql`(${e.userId}, ${e.type}, ${JSON.stringify(e.data)}::jsonb)`),
    sql`, `,
  );
  await tx.execute(sql`INSERT INTO live_event (user_id, type, data) VALUES ${values}`);
}

/** An event a newer one of the same kind makes pointless: the recipient's unread total, or a conversation's refetch. */
export type SupersededEvent =
  | { userId: string; type: 'unread' }
  | { userId: string; type: 'conversation'; conversationId: string }
  | { userId: string; type: 'agreement'; postingId: string };

/** Deletes the events that `keys` supersede (found through live_event_replaceable_idx, migration 0014). */
export async function deleteSuperseded(tx: Executor, keys: readonly SupersededEvent[]): Promise<void> {
  if (keys.length === 0) return;
  const which = sql.join(
    keys.map((k) =>
      k.type === 'unread'
        ? sql`(user_id = ${k.userId} AND type = 'unread')`
        : k.type === 'conversation'
          ? sql`(user_id = ${k.userId} AND type = 'conversation' AND data->>'conversationId' = ${k.conversationId})`
          : // An agreement's event (issue 34): found through live_event_user_seq_idx, among the student's few rows.
            sql`(user_id = ${k.userId} AND type = 'agreement' AND data->>'postingId' = ${k.postingId})`,
    ),
    sql` OR `,
  );
  await tx.execute(sql`DELETE FROM live_event WHERE type IN ('unread', 'conversation', 'agreement') AND (${which})`);
}

export interface EventRow {
  seq: number | string;
  type: LiveEventType;
  data: unknown;
}

export function eventsAfter(db: Executor, userId: string, after: number, limit: number): Promise<EventRow[]> {
  return queryRows<EventRow>(
    db,
    sql`SELECT seq, type, data FROM live_event WHERE user_id = ${userId} AND seq > ${after} ORDER BY seq LIMIT ${limit}`,
  );
}

export async function lastEventSeq(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`SELECT coalesce(max(seq), 0) AS n FROM live_event WHERE user_id = ${userId}`,
  );
  return toCount(row?.n);
}

export async function pruneEvents(db: Executor, before: Date): Promise<void> {
  await db.execute(sql`DELETE FROM live_event WHERE created_at < ${before.toISOString()}::timestamptz`);
}

/**
 * The newest event of a student, and the cutoff of a replay of `events`: the seq of the event just
 * before the newest `events` (0 when there are no more). A stream whose last event is before the
 * cutoff has missed more than `events`. One walk down the (user_id, seq) index, newest first, that
 * reads no row: the planner takes it with or without statistics (PGlite gathers none by itself).
 */
export async function replayWindow(
  db: Executor,
  userId: string,
  events: number,
): Promise<{ latest: number; cutoff: number }> {
  const rows = await queryRows<{ seq: unknown }>(
    db,
    sql`SELECT seq FROM live_event WHERE user_id = ${userId} ORDER BY seq DESC LIMIT ${events + 1}`,
  );
  return { latest: toCount(rows[0]?.seq ?? 0), cutoff: rows.length > events ? toCount(rows[events]?.seq) : 0 };
}
