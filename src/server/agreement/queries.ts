/** SQL of the roommate agreement (issue 34): its versions and signatures. The service decides. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows, toCount } from '../db/client';
import { agreementSignature, agreementVersion } from '../db/schema';

export type VersionRow = typeof agreementVersion.$inferSelect;
export type VersionInsert = typeof agreementVersion.$inferInsert;
export type SignatureRow = typeof agreementSignature.$inferSelect;

/** Every version of a posting's agreement, newest first. */
export function versions(db: Executor, postingId: string): Promise<VersionRow[]> {
  return db
    .select()
    .from(agreementVersion)
    .where(eq(agreementVersion.postingId, postingId))
    .orderBy(desc(agreementVersion.version));
}

export async function insertVersion(tx: Executor, row: VersionInsert): Promise<void> {
  await tx.insert(agreementVersion).values(row);
}

/** The signatures on one version. */
export function signatures(db: Executor, postingId: string, version: number): Promise<SignatureRow[]> {
  return db
    .select()
    .from(agreementSignature)
    .where(and(eq(agreementSignature.postingId, postingId), eq(agreementSignature.version, version)));
}

export async function insertSignature(tx: Executor, row: typeof agreementSignature.$inferInsert): Promise<void> {
  await tx.insert(agreementSignature).values(row);
}

export async function deleteSignature(tx: Executor, postingId: string, version: number, userId: string): Promise<void> {
  await tx
    .delete(agreementSignature)
    .where(
      and(
        eq(agreementSignature.postingId, postingId),
        eq(agreementSignature.version, version),
        eq(agreementSignature.userId, userId),
      ),
    );
}

/** The versions one student made of a posting's agreement since `since` (its per-student limit). */
export async function editsSince(db: Executor, postingId: string, userId: string, since: Date): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM agreement_version
      WHERE posting_id = ${postingId}::uuid AND edited_by_user_id = ${userId}
        AND created_at > ${since.toISOString()}::timestamptz`,
  );
  return toCount(row?.n ?? 0);
}
