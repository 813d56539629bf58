/** SQL of the per-student limits: the service decides, these only read and write rows. */
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, toCount } from '../db/client';
import { studentUsage } from '../db/schema';

/** Holds the student's row until the transaction ends: their counted actions queue up, one at a time. */
export async function lockStudent(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`SELECT id FROM "user" WHERE id = ${userId} FOR UPDATE`);
}

export async function usedSince(db: Executor, userId: string, kind: string, since: Date): Promise<number> {
  const [row] = await queryRows<{ n: number | string | null }>(
    db,
    sql`SELECT coalesce(sum(amount), 0) AS n FROM student_usage
      WHERE user_id = ${userId} AND kind = ${kind} AND created_at > ${since.toISOString()}::timestamptz`,
  );
  return toCount(row?.n ?? 0);
}

export async function recordUsage(tx: Executor, userId: string, kind: string, amount: number): Promise<void> {
  await tx.insert(studentUsage).values({ userId, kind, amount });
}

/** Rows that no window counts any more (keeps the table as small as the windows). */
export async function forgetUsageBefore(tx: Executor, userId: string, kind: string, before: Date): Promise<void> {
  await tx.execute(sql`DELETE FROM student_usage
    WHERE user_id = ${userId} AND kind = ${kind} AND created_at <= ${before.toISOString()}::timestamptz`);
}
