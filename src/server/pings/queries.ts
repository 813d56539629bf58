/** SQL of Ping Interest: the service decides, these only read and write rows. */
import { sql } from 'drizzle-orm';
import type { PingStatus, PostingStatus } from '../../shared/options';
import type { GroupRole } from '../../shared/schemas/groups';
import { type Executor, queryRows } from '../db/client';

/** The viewer's role in the ping's group through their joined row (src/shared/authorization.ts decides what it allows). */
const joinedRoleOf = (viewerId: string) =>
  sql`(SELECT m.role FROM posting_member m
      WHERE m.posting_id = g.posting_id AND m.user_id = ${viewerId} AND m.state = 'joined' LIMIT 1)`;

/** What the rules need of the posting being pinged, locked for the rest of the transaction. */
export interface PingTarget {
  id: string;
  admin_user_id: string;
  status: PostingStatus;
  listing_location: 'oncampus' | 'offcampus';
  dorm: string | null;
  address: string | null;
  admin_name: string;
  admin_email: string;
}

/**
 * The posting and its admin's account e-mail, with the posting's row shared-locked: a status change
 * to Fulfilled waits for this transaction, then closes the ping it wrote.
 */
export async function lockTarget(tx: Executor, postingId: string): Promise<PingTarget | undefined> {
  const [row] = await queryRows<PingTarget>(
    tx,
    sql`SELECT p.id, p.admin_user_id, p.status, p.listing_location, p.dorm, p.address, p.admin_name,
        u.email AS admin_email
      FROM posting p JOIN "user" u ON u.id = p.admin_user_id
      WHERE p.id = ${postingId}::uuid AND p.hidden_at IS NULL
      FOR SHARE OF p`,
  );
  return row;
}

/** The viewer's role in a posting's group through a joined row, or null. */
export async function joinedRole(db: Executor, postingId: string, userId: string): Promise<GroupRole | null> {
  const [row] = await queryRows<{ role: GroupRole }>(
    db,
    sql`SELECT role FROM posting_member
      WHERE posting_id = ${postingId}::uuid AND user_id = ${userId} AND state = 'joined' LIMIT 1`,
  );
  return row?.role ?? null;
}

/** Serialises one sender's pings, so their hourly count and the open-ping check cannot race. */
export async function lockSender(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM "user" WHERE id = ${userId} FOR UPDATE`);
}

export async function countSentSince(tx: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`SELECT count(*) AS n FROM ping WHERE searcher_user_id = ${userId} AND created_at > ${since.toISOString()}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

export async function hasOpenPing(tx: Executor, postingId: string, userId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`SELECT id FROM ping WHERE posting_id = ${postingId}::uuid AND searcher_user_id = ${userId} AND status = 'pending'`,
  );
  return rows.length > 0;
}

export interface PingRow {
  id: string;
  posting_id: string;
  searcher_user_id: string;
  sender_name: string;
  searcher_email: string;
  message: string | null;
  admin_user_id: string;
  status: PingStatus;
  created_at: string;
  answered_at: string | null;
  /** Its conversation (issue 19), written in the ping's own transaction (null only for a ping written outside the API). */
  conversation_id: string | null;
  /** Delivered to nobody in the group (a block, issue 30); never shown to anyone but its sender. */
  withheld: boolean;
}

const isoMicros = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

const pingColumns = sql`g.id, g.posting_id, g.searcher_user_id, g.sender_name, g.searcher_email, g.message,
  g.admin_user_id, g.status, ${isoMicros('g.created_at')} AS created_at, ${isoMicros('g.answered_at')} AS answered_at,
  (SELECT c.id FROM conversation c WHERE c.ping_id = g.id) AS conversation_id, g.withheld`;

export async function insertPing(
  tx: Executor,
  values: {
    postingId: string;
    senderId: string;
    senderName: string;
    senderEmail: string;
    message: string | null;
    adminId: string;
    withheld: boolean;
  },
): Promise<PingRow> {
  const [row] = await queryRows<PingRow>(
    tx,
    sql`WITH g AS (
        INSERT INTO ping (posting_id, searcher_user_id, sender_name, searcher_email, message, admin_user_id, withheld)
        VALUES (${values.postingId}::uuid, ${values.senderId}, ${values.senderName}, ${values.senderEmail},
          ${values.message}, ${values.adminId}, ${values.withheld})
        RETURNING *
      )
      SELECT ${pingColumns} FROM g`,
  );
  if (!row) throw new Error('ping insert returned no row');
  return row;
}

/** A ping with what answering it needs to know of its posting, locked for the transaction. */
export interface PingForAnswer extends PingRow {
  posting_admin_user_id: string;
  /** The answering viewer's role through a joined row, or null. */
  viewer_joined_role: GroupRole | null;
  posting_status: PostingStatus;
  listing_location: 'oncampus' | 'offcampus';
  dorm: string | null;
  address: string | null;
  admin_name: string;
  admin_email: string;
}

export async function lockPingForAnswer(
  tx: Executor,
  pingId: string,
  viewerId: string,
): Promise<PingForAnswer | undefined> {
  const [row] = await queryRows<PingForAnswer>(
    tx,
    sql`SELECT ${pingColumns}, p.admin_user_id AS posting_admin_user_id, ${joinedRoleOf(viewerId)} AS viewer_joined_role, p.status AS posting_status, p.listing_location, p.dorm, p.address,
        p.admin_name, u.email AS admin_email
      FROM ping g
      JOIN posting p ON p.id = g.posting_id
      JOIN "user" u ON u.id = p.admin_user_id
      WHERE g.id = ${pingId}::uuid
      FOR UPDATE OF g`,
  );
  return row;
}

export async function setAnswer(tx: Executor, pingId: string, status: PingStatus): Promise<PingRow> {
  const [row] = await queryRows<PingRow>(
    tx,
    sql`WITH g AS (
        UPDATE ping SET status = ${status}, answered_at = now() WHERE id = ${pingId}::uuid RETURNING *
      )
      SELECT ${pingColumns} FROM g`,
  );
  if (!row) throw new Error('ping update returned no row');
  return row;
}

/** Closes every open ping of a posting (it was marked Fulfilled); returns them. */
export function closeOpenPings(tx: Executor, postingId: string): Promise<PingRow[]> {
  return queryRows<PingRow>(
    tx,
    sql`WITH g AS (
        UPDATE ping SET status = 'closed', answered_at = now()
        WHERE posting_id = ${postingId}::uuid AND status = 'pending'
        RETURNING *
      )
      SELECT ${pingColumns} FROM g`,
  );
}

/** A ping that expired, with its posting's place for the e-mail. */
export interface ExpiredPing extends PingRow {
  listing_location: 'oncampus' | 'offcampus';
  dorm: string | null;
  address: string | null;
}

/**
 * Expires up to `limit` pings pending since before `cutoff`. SKIP LOCKED lets servers share the
 * work, and the status test in the UPDATE makes each ping expire once.
 */
export function expirePending(tx: Executor, cutoff: Date, limit: number): Promise<ExpiredPing[]> {
  return queryRows<ExpiredPing>(
    tx,
    sql`WITH g AS (
        UPDATE ping SET status = 'expired', answered_at = now()
        WHERE id IN (
          SELECT id FROM ping
          WHERE status = 'pending' AND created_at < ${cutoff.toISOString()}::timestamptz
          ORDER BY created_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ) AND status = 'pending'
        RETURNING *
      )
      SELECT ${pingColumns}, p.listing_location, p.dorm, p.address
      FROM g JOIN posting p ON p.id = g.posting_id`,
  );
}

/** A row of the inbox or the sent list: the ping and the posting it is about. */
export interface PingListRow extends PingRow {
  /** The posting's admin now (the received list). */
  posting_admin_user_id?: string;
  /** The viewer's role through a joined row (the received list), or null. */
  viewer_joined_role?: GroupRole | null;
  listing_location: 'oncampus' | 'offcampus';
  dorm: string | null;
  address: string | null;
  posting_status: PostingStatus;
}

export interface PingCursor {
  createdAt: string;
  id: string;
}

function listStatement(
  who: 'admin_user_id' | 'searcher_user_id',
  userId: string,
  options: { cursor?: PingCursor; status?: PingStatus; limit: number },
) {
  const where = [sql`g.${sql.raw(who)} = ${userId}`];
  if (options.status) where.push(sql`g.status = ${options.status}`);
  if (options.cursor) {
    where.push(sql`(g.created_at, g.id) < (${options.cursor.createdAt}::timestamptz, ${options.cursor.id}::uuid)`);
  }
  return sql`SELECT ${pingColumns}, p.listing_location, p.dorm, p.address, p.status AS posting_status
    FROM ping g JOIN posting p ON p.id = g.posting_id
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY g.created_at DESC, g.id DESC
    LIMIT ${options.limit + 1}`;
}

/**
 * Pings to the postings the user administers or joined (a co-admin answers them, a member reads
 * them), newest first (one more than `limit`, to page); a withheld ping is nobody's to receive.
 */
export function listReceived(
  db: Executor,
  userId: string,
  options: { cursor?: PingCursor; status?: PingStatus; limit: number },
): Promise<PingListRow[]> {
  const where = [
    sql`(g.admin_user_id = ${userId} OR g.posting_id IN (
      SELECT m.posting_id FROM posting_member m WHERE m.user_id = ${userId} AND m.state = 'joined'))`,
    sql`NOT g.withheld`,
  ];
  if (options.status) where.push(sql`g.status = ${options.status}`);
  if (options.cursor) {
    where.push(sql`(g.created_at, g.id) < (${options.cursor.createdAt}::timestamptz, ${options.cursor.id}::uuid)`);
  }
  return queryRows<PingListRow>(
    db,
    sql`SELECT ${pingColumns}, p.listing_location, p.dorm, p.address, p.status AS posting_status,
        p.admin_user_id AS posting_admin_user_id, ${joinedRoleOf(userId)} AS viewer_joined_role
      FROM ping g JOIN posting p ON p.id = g.posting_id
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY g.created_at DESC, g.id DESC
      LIMIT ${options.limit + 1}`,
  );
}

/** Pings the user sent, newest first (one more than `limit`, to page). */
export function listSent(
  db: Executor,
  senderId: string,
  options: { cursor?: PingCursor; limit: number },
): Promise<PingListRow[]> {
  return queryRows<PingListRow>(db, listStatement('searcher_user_id', senderId, options));
}

/** Pending pings the user may answer: to postings they administer or co-administer. */
export async function countAwaiting(db: Executor, userId: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM ping g
      WHERE g.status = 'pending' AND NOT g.withheld AND (g.admin_user_id = ${userId} OR g.posting_id IN (
        SELECT m.posting_id FROM posting_member m
        WHERE m.user_id = ${userId} AND m.state = 'joined' AND m.role = 'coadmin'))`,
  );
  return Number(row?.n ?? 0);
}
