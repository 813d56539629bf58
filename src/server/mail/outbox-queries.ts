/** SQL of the mail outbox: the worker in outbox.ts decides, these only read and write rows. */
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client';
import { mailOutbox } from '../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface NewOutboxRow {
  kind: string;
  recipient: string;
  replyTo?: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  link?: string | null;
  headers?: Record<string, string> | null;
  dedupeKey?: string | null;
}

/** Adds messages; one whose dedupe key is already there is skipped (that event was mailed). */
export async function insertMessages(db: Executor, rows: readonly NewOutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(mailOutbox)
    .values([...rows])
    .onConflictDoNothing({ target: mailOutbox.dedupeKey });
}

interface ClaimedRow {
  id: string;
  kind: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  link: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

export interface ClaimedMessage {
  id: string;
  kind: string;
  recipient: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string;
  link: string | null;
  headers: Record<string, string> | null;
  /** Including this one. */
  attempts: number;
}

/**
 * Claims up to `limit` due messages for `token` until `leaseMs` from now. SKIP LOCKED lets workers
 * on several servers claim side by side without ever taking the same row; the lease keeps a claimed
 * row away from every other worker while its delivery is in flight, and frees it if this worker dies.
 */
export async function claimDue(db: Executor, token: string, limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
  const rows = await queryRows<ClaimedRow>(
    db,
    sql`UPDATE mail_outbox
      SET claim_token = ${token}::uuid,
          claimed_until = now() + make_interval(secs => ${leaseMs / 1000}),
          attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE status = 'pending' AND next_attempt_at <= now()
          AND (claimed_until IS NULL OR claimed_until < now())
        ORDER BY next_attempt_at, created_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, recipient, reply_to, subject, text_body, html_body, link, headers, attempts`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    replyTo: row.reply_to,
    subject: row.subject,
    textBody: row.text_body,
    htmlBody: row.html_body,
    link: row.link,
    headers: row.headers,
    attempts: Number(row.attempts),
  }));
}

/**
 * Renews this worker's claim on a message for another `leaseMs`, just before sending it. False if
 * the claim is gone: the batch took longer than its lease and another worker took this message.
 */
export async function renewClaim(db: Executor, id: string, token: string, leaseMs: number): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE mail_outbox SET claimed_until = now() + make_interval(secs => ${leaseMs / 1000})
      WHERE id = ${id}::uuid AND claim_token = ${token}::uuid AND status = 'pending'
      RETURNING id`,
  );
  return rows.length > 0;
}

/** Marks a message sent, if this worker's claim still holds. */
export async function markSent(db: Executor, id: string, token: string): Promise<void> {
  await db.execute(sql`UPDATE mail_outbox
    SET status = 'sent', sent_at = now(), claim_token = NULL, claimed_until = NULL, last_error = NULL
    WHERE id = ${id}::uuid AND claim_token = ${token}::uuid`);
}

/** Schedules another attempt after `delayMs`, or gives up (`failed`) when `giveUp`. */
export async function markAttemptFailed(
  db: Executor,
  id: string,
  token: string,
  error: string,
  next: { giveUp: true } | { giveUp: false; delayMs: number },
): Promise<void> {
  await db.execute(
    next.giveUp
      ? sql`UPDATE mail_outbox
          SET status = 'failed', claim_token = NULL, claimed_until = NULL, last_error = ${error}
          WHERE id = ${id}::uuid AND claim_token = ${token}::uuid`
      : sql`UPDATE mail_outbox
          SET next_attempt_at = now() + make_interval(secs => ${next.delayMs / 1000}),
              claim_token = NULL, claimed_until = NULL, last_error = ${error}
          WHERE id = ${id}::uuid AND claim_token = ${token}::uuid`,
  );
}

export interface OutboxSummary {
  status: string;
  count: number;
}

/** How many messages are in each state (for `npm run outbox` and /readyz-like checks). */
export async function countByStatus(db: Executor): Promise<OutboxSummary[]> {
  const rows = await queryRows<{ status: string; count: string | number }>(
    db,
    sql`SELECT status, count(*) AS count FROM mail_outbox GROUP BY status ORDER BY status`,
  );
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

export interface OutboxDepth {
  /** Pending messages whose time has come (being sent or waiting for a worker). */
  due: number;
  /** Pending messages waiting for a retry's time. */
  scheduled: number;
  /** Messages given up on (a permanent refusal, or every attempt failed). */
  failed: number;
  /** How long the longest-waiting due message has been due; 0 when none is. */
  oldestDueSeconds: number;
}

/**
 * The outbox's depth, for the metrics: one pass over the unsent rows (sent ones are skipped by the
 * status test, but without an index on failed rows the table is read; a few ms at tens of thousands of rows).
 */
export async function outboxDepth(db: Executor): Promise<OutboxDepth> {
  const [row] = await queryRows<{
    due: string | number;
    scheduled: string | number;
    failed: string | number;
    oldest_due_seconds: string | number | null;
  }>(
    db,
    sql`SELECT
        count(*) FILTER (WHERE status = 'pending' AND next_attempt_at <= now()) AS due,
        count(*) FILTER (WHERE status = 'pending' AND next_attempt_at > now()) AS scheduled,
        count(*) FILTER (WHERE status = 'failed') AS failed,
        EXTRACT(EPOCH FROM now() - min(next_attempt_at) FILTER (WHERE status = 'pending' AND next_attempt_at <= now()))
          AS oldest_due_seconds
      FROM mail_outbox WHERE status IN ('pending', 'failed')`,
  );
  return {
    due: Number(row?.due ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestDueSeconds: Number(row?.oldest_due_seconds ?? 0),
  };
}

/** The newest messages (any state), for `npm run outbox`. */
export async function listRecent(db: Executor, limit: number): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(sql`${mailOutbox.createdAt} DESC`).limit(limit);
}

/** Sent messages are kept this long (to look into a complaint), then removed. */
const SENT_KEPT_DAYS = 30;

export async function purgeSent(db: Executor): Promise<void> {
  await db.execute(
    sql`DELETE FROM mail_outbox WHERE status = 'sent' AND sent_at < now() - make_interval(days => ${SENT_KEPT_DAYS})`,
  );
}
