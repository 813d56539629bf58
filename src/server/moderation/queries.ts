/** SQL of reports and moderation (issue 14): the service decides, these only read and write rows. */

import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PostingStatus } from '../../shared/options';
import type { ReportReason } from '../../shared/schemas/moderation';
import { type Executor, queryRows, toCount } from '../db/client';
import { moderationAction, posting, postingReport, session, user } from '../db/schema';

export type ActionRow = typeof moderationAction.$inferSelect;

/** The posting to report or act on, locked until the transaction ends (reports and actions queue up). */
export async function lockPosting(tx: Executor, id: string) {
  const [row] = await tx.select().from(posting).where(eq(posting.id, id)).for('update');
  return row;
}

export async function findUser(db: Executor, id: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email, suspendedAt: user.suspendedAt })
    .from(user)
    .where(eq(user.id, id));
  return row;
}

/** Inserts the report; false when this student already reported this posting. */
export async function insertReport(
  tx: Executor,
  input: { postingId: string; reporterUserId: string; reason: ReportReason; details: string | null },
): Promise<boolean> {
  const rows = await tx.insert(postingReport).values(input).onConflictDoNothing().returning({ id: postingReport.id });
  return rows.length > 0;
}

/** Open reports' distinct reporters whose accounts were at least `minAgeHours` old when they reported. */
export async function countSeasonedReporters(tx: Executor, postingId: string, minAgeHours: number): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`SELECT count(DISTINCT r.reporter_user_id) AS n
      FROM posting_report r JOIN "user" u ON u.id = r.reporter_user_id
      WHERE r.posting_id = ${postingId}::uuid AND r.resolved_at IS NULL
        AND u.created_at <= r.created_at - (${minAgeHours}::int * interval '1 hour')`,
  );
  return toCount(row?.n);
}

/** Hides a posting without touching its updated_at (hiding is not its admin's update). */
export async function hidePosting(
  tx: Executor,
  id: string,
  kind: 'auto' | 'moderator' | 'suspended',
  reason: string,
): Promise<void> {
  await tx.execute(sql`UPDATE posting
    SET hidden_at = now(), hidden_kind = ${kind}, hidden_reason = ${reason}, appealed_at = NULL
    WHERE id = ${id}::uuid`);
}

/**
 * Shows a hidden posting again. It is listed anew for saved-search alerts (issue 22): while hidden
 * it was announced to nobody, and students already told of it are not told twice (the alerts job's
 * own rule).
 */
export async function unhidePosting(tx: Executor, id: string): Promise<void> {
  await tx.execute(sql`UPDATE posting
    SET hidden_at = NULL, hidden_kind = NULL, hidden_reason = NULL, appealed_at = NULL
    WHERE id = ${id}::uuid`);
  await tx.execute(sql`INSERT INTO saved_search_event (posting_id) VALUES (${id}::uuid)`);
}

/** Clears an appeal: the moderator has looked. */
export async function clearAppeal(tx: Executor, id: string): Promise<void> {
  await tx.execute(sql`UPDATE posting SET appealed_at = NULL WHERE id = ${id}::uuid`);
}

export async function resolveReports(tx: Executor, postingId: string): Promise<void> {
  await tx
    .update(postingReport)
    .set({ resolvedAt: new Date() })
    .where(and(eq(postingReport.postingId, postingId), isNull(postingReport.resolvedAt)));
}

/** Suspends the account, signs out every session of it and hides all its postings; returns their ids. */
export async function suspendUser(tx: Executor, userId: string, reason: string, hiddenReason: string) {
  await tx.execute(sql`UPDATE "user" SET suspended_at = now(), suspended_reason = ${reason} WHERE id = ${userId}`);
  await tx.delete(session).where(eq(session.userId, userId));
  const hidden = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE posting SET hidden_at = now(), hidden_kind = 'suspended', hidden_reason = ${hiddenReason},
        appealed_at = NULL
      WHERE admin_user_id = ${userId} AND hidden_at IS NULL
      RETURNING id`,
  );
  await tx.execute(sql`UPDATE posting_report SET resolved_at = now()
    WHERE resolved_at IS NULL AND posting_id IN (SELECT id FROM posting WHERE admin_user_id = ${userId})`);
  return hidden.map((row) => row.id);
}

export async function recordAction(tx: Executor, action: typeof moderationAction.$inferInsert): Promise<void> {
  await tx.insert(moderationAction).values(action);
}

export async function listActions(db: Executor, limit: number): Promise<ActionRow[]> {
  return db
    .select()
    .from(moderationAction)
    .orderBy(desc(moderationAction.createdAt), desc(moderationAction.id))
    .limit(limit);
}

export interface QueueRow {
  id: string;
  listing_location: 'oncampus' | 'offcampus';
  dorm: string | null;
  address: string | null;
  status: PostingStatus;
  description: string | null;
  admin_user_id: string;
  admin_name: string;
  admin_email: string;
  admin_suspended: boolean;
  hidden_at: string | null;
  hidden_kind: 'auto' | 'moderator' | 'suspended' | null;
  hidden_reason: string | null;
  appealed_at: string | null;
  first_open_report: string | null;
}

/** Postings with open reports or an appeal waiting, those with most reporters first. */
export function listQueue(db: Executor, limit: number): Promise<QueueRow[]> {
  return queryRows<QueueRow>(
    db,
    sql`SELECT p.id, p.listing_location, p.dorm, p.address, p.status, p.description, p.admin_user_id,
        u.name AS admin_name, u.email AS admin_email, (u.suspended_at IS NOT NULL) AS admin_suspended,
        p.hidden_at, p.hidden_kind, p.hidden_reason, p.appealed_at,
        (SELECT min(r.created_at) FROM posting_report r WHERE r.posting_id = p.id AND r.resolved_at IS NULL)
          AS first_open_report,
        (SELECT count(DISTINCT r.reporter_user_id) FROM posting_report r
          WHERE r.posting_id = p.id AND r.resolved_at IS NULL) AS open_reporters
      FROM posting p JOIN "user" u ON u.id = p.admin_user_id
      WHERE p.id IN (SELECT r.posting_id FROM posting_report r WHERE r.resolved_at IS NULL)
         OR (p.appealed_at IS NOT NULL AND p.hidden_at IS NOT NULL)
      ORDER BY open_reporters DESC, first_open_report ASC NULLS LAST, p.appealed_at ASC
      LIMIT ${limit}`,
  );
}

export interface OpenReportRow {
  id: string;
  posting_id: string;
  reason: ReportReason;
  details: string | null;
  reporter_user_id: string;
  reporter_name: string;
  created_at: Date | string;
}

export function openReportsOf(db: Executor, postingIds: string[]): Promise<OpenReportRow[]> {
  if (postingIds.length === 0) return Promise.resolve([]);
  return queryRows<OpenReportRow>(
    db,
    sql`SELECT r.id, r.posting_id, r.reason, r.details, r.reporter_user_id, u.name AS reporter_name, r.created_at
      FROM posting_report r JOIN "user" u ON u.id = r.reporter_user_id
      WHERE r.resolved_at IS NULL AND r.posting_id IN (${sql.join(
        postingIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      ORDER BY r.created_at`,
  );
}

export async function isSuspended(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: user.suspendedAt }).from(user).where(eq(user.id, userId));
  return Boolean(row?.at);
}
