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

export interface RevisitRow {
  posting_id: string;
  user_id: string;
  email: string;
  name: string;
  dorm: string | null;
  address: string | null;
}

/**
 * Claims up to `limit` parties not yet sent the revisit e-mail for `revisitOn`: the admin and joined
 * members of every group whose agreement is stored (edited or signed at least once), suspended
 * accounts left out. The claim is the marker row itself: its key makes a party go once per posting
 * and date; another server's claim of the same party waits on the key and then adds nothing.
 */
export function claimRevisits(tx: Executor, revisitOn: string, limit: number): Promise<RevisitRow[]> {
  return queryRows<RevisitRow>(
    tx,
    sql`WITH parties AS (
        SELECT p.id AS posting_id, p.admin_user_id AS user_id FROM posting p
          WHERE EXISTS (SELECT 1 FROM agreement_version v WHERE v.posting_id = p.id)
        UNION
        SELECT m.posting_id, m.user_id FROM posting_member m
          WHERE m.state = 'joined' AND m.user_id IS NOT NULL
            AND EXISTS (SELECT 1 FROM agreement_version v WHERE v.posting_id = m.posting_id)),
      claimed AS (
        INSERT INTO agreement_revisit_mail (posting_id, user_id, revisit_on)
        SELECT pa.posting_id, pa.user_id, ${revisitOn}::date FROM parties pa
          JOIN "user" u ON u.id = pa.user_id AND u.suspended_at IS NULL
          WHERE NOT EXISTS (SELECT 1 FROM agreement_revisit_mail r
            WHERE r.posting_id = pa.posting_id AND r.user_id = pa.user_id AND r.revisit_on = ${revisitOn}::date)
          ORDER BY pa.posting_id, pa.user_id
          LIMIT ${limit}
        ON CONFLICT DO NOTHING
        RETURNING posting_id, user_id)
      SELECT c.posting_id, c.user_id, u.email, u.name, p.dorm, p.address
        FROM claimed c JOIN "user" u ON u.id = c.user_id JOIN posting p ON p.id = c.posting_id
        ORDER BY c.posting_id, c.user_id`,
  );
}
