import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';

/** PostgreSQL's foreign_key_violation, from either driver (drizzle may wrap it in `cause`). */
function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/**
 * Stores the bookmark as its own row: concurrent bookmarks by many students never overwrite each
 * other, and doing it twice is the same as once. 'missing' when the posting does not exist or is
 * hidden by moderation (the same answer: a hidden posting is not there for other students), 'own'
 * (and nothing stored) when the user administers it.
 */
export async function insertBookmark(
  db: Database,
  userId: string,
  postingId: string,
): Promise<'added' | 'missing' | 'own'> {
  try {
    const rows = await queryRows<{ found: boolean; own: boolean }>(
      db,
      sql`WITH target AS (
          SELECT id, admin_user_id FROM posting
          WHERE id = ${postingId}::uuid AND (hidden_at IS NULL OR admin_user_id = ${userId})
        ),
        added AS (
          INSERT INTO bookmark (user_id, posting_id)
          SELECT ${userId}, id FROM target WHERE admin_user_id <> ${userId}
          ON CONFLICT (user_id, posting_id) DO NOTHING
          RETURNING 1
        )
        SELECT EXISTS (SELECT 1 FROM target) AS found,
          EXISTS (SELECT 1 FROM target WHERE admin_user_id = ${userId}) AS own`,
    );
    const row = rows[0];
    if (row?.found !== true) return 'missing';
    return row.own === true ? 'own' : 'added';
  } catch (error) {
    // The posting was deleted between our read and our write.
    if (isForeignKeyViolation(error)) return 'missing';
    throw error;
  }
}

/** Removes the bookmark if there is one; removing a missing bookmark is not an error. */
export async function deleteBookmark(db: Database, userId: string, postingId: string): Promise<void> {
  await db.execute(sql`DELETE FROM bookmark WHERE user_id = ${userId} AND posting_id = ${postingId}::uuid`);
}
