/** SQL of the account feature: the service decides, these only read and write rows. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { account, user } from '../db/schema';

export async function findUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? null;
}

/** The providers the user signs in with ('credential' is a password of ours). */
export async function listProviders(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, userId));
  return rows.map((row) => row.providerId);
}

/**
 * Deletes the user row. What is still theirs goes with it through foreign-key cascades: sessions
 * and sign-in accounts, their bookmarks, the pings they sent and received. Returns whether a row
 * was deleted.
 */
export async function deleteUserRow(tx: Executor, userId: string): Promise<boolean> {
  const rows = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
  return rows.length > 0;
}
