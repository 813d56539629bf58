import { and, eq, lt } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { account, session, user } from '../db/schema';

/** The credential account better-auth's password sign-in reads (providerId 'credential'). */
const CREDENTIAL_PROVIDER = 'credential';

export interface AccountByEmail {
  id: string;
  emailVerified: boolean;
}

export async function findAccountByEmail(db: Executor, email: string): Promise<AccountByEmail | undefined> {
  const [row] = await db
    .select({ id: user.id, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.email, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

/**
 * Gives an account that has not proven its address a new holder: its name, a new password
 * (every earlier credential and session goes), and, with `verify`, the proven address. Answers
 * false when the account was verified meanwhile (it is then left untouched).
 */
export async function claimPendingAccount(
  tx: Executor,
  claim: { userId: string; name: string; passwordHash: string; verify: boolean; now: Date },
): Promise<boolean> {
  const { userId, name, passwordHash, verify, now } = claim;
  const [claimed] = await tx
    .update(user)
    .set(
      verify
        ? { name, emailVerified: true, updatedAt: now }
        : // A new sign-up on a waiting address starts its 24 hours again.
          { name, createdAt: now, updatedAt: now },
    )
    .where(and(eq(user.id, userId), eq(user.emailVerified, false)))
    .returning({ id: user.id });
  if (!claimed) return false;
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: userId,
    providerId: CREDENTIAL_PROVIDER,
    userId,
    password: passwordHash,
    createdAt: now,
    updatedAt: now,
  });
  return true;
}

/** Accounts still unverified that were created (or last signed up for) before `cutoff`. */
export async function listUnverifiedBefore(db: Database, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.emailVerified, false), lt(user.createdAt, cutoff)))
    .orderBy(user.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Deletes the account if it is still unverified and still older than `cutoff`; its rows cascade. */
export async function deleteUnverifiedAccount(db: Database, userId: string, cutoff: Date): Promise<boolean> {
  const deleted = await db
    .delete(user)
    .where(and(eq(user.id, userId), eq(user.emailVerified, false), lt(user.createdAt, cutoff)))
    .returning({ id: user.id });
  return deleted.length > 0;
}
