/** SQL of groups (issue 23): the member rows, invitations and sharing. The service decides. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { GroupRole } from '../../shared/schemas/groups';
import { type Executor, queryRows, toCount } from '../db/client';
import { memberSharing, ping, posting, postingMember, user } from '../db/schema';

export type MemberRow = typeof postingMember.$inferSelect;
export type MemberInsert = typeof postingMember.$inferInsert;
export type SharingRow = typeof memberSharing.$inferSelect;

/** A member row with, for a joined member, their account's name and e-mail and what they share. */
export interface MemberRecord {
  row: MemberRow;
  accountName: string | null;
  accountEmail: string | null;
  sharing: SharingRow | null;
}

export async function listMembers(db: Executor, postingId: string): Promise<MemberRecord[]> {
  const rows = await db
    .select({ row: postingMember, accountName: user.name, accountEmail: user.email, sharing: memberSharing })
    .from(postingMember)
    .leftJoin(user, and(eq(user.id, postingMember.userId), eq(postingMember.state, 'joined')))
    .leftJoin(memberSharing, and(eq(memberSharing.userId, postingMember.userId), eq(postingMember.state, 'joined')))
    .where(eq(postingMember.postingId, postingId))
    .orderBy(asc(postingMember.position));
  return rows.map((r) => ({
    row: r.row,
    accountName: r.accountName,
    accountEmail: r.accountEmail,
    sharing: r.sharing,
  }));
}

/** The member rows of a posting, locked for the rest of the transaction. */
export function lockMembers(tx: Executor, postingId: string): Promise<MemberRow[]> {
  return tx
    .select()
    .from(postingMember)
    .where(eq(postingMember.postingId, postingId))
    .orderBy(asc(postingMember.position))
    .for('update');
}

/** The viewer's role in a posting's group (a joined row), or null. */
export async function joinedRole(db: Executor, postingId: string, userId: string): Promise<GroupRole | null> {
  const [row] = await db
    .select({ role: postingMember.role })
    .from(postingMember)
    .where(
      and(eq(postingMember.postingId, postingId), eq(postingMember.userId, userId), eq(postingMember.state, 'joined')),
    );
  return row?.role ?? null;
}

export async function findPosting(db: Executor, postingId: string) {
  const [row] = await db.select().from(posting).where(eq(posting.id, postingId));
  return row;
}

export async function lockPosting(tx: Executor, postingId: string) {
  const [row] = await tx.select().from(posting).where(eq(posting.id, postingId)).for('update');
  return row;
}

export async function updateMember(tx: Executor, id: string, values: Partial<MemberInsert>): Promise<MemberRow> {
  const [row] = await tx.update(postingMember).set(values).where(eq(postingMember.id, id)).returning();
  if (!row) throw new Error('member update returned no row');
  return row;
}

export async function deleteMember(tx: Executor, id: string): Promise<void> {
  await tx.delete(postingMember).where(eq(postingMember.id, id));
}

export async function insertMembers(tx: Executor, rows: MemberInsert[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(postingMember).values(rows);
}

/** Moves every row of the posting out of the way (negative positions) before they are renumbered. */
export async function parkPositions(tx: Executor, postingId: string): Promise<void> {
  await tx.execute(sql`UPDATE posting_member SET position = -1 - position WHERE posting_id = ${postingId}::uuid`);
}

/** A member left the group: one fewer member, one more sought, so the group's aim stays. */
export async function oneMemberFewer(tx: Executor, postingId: string): Promise<void> {
  await tx.execute(
    sql`UPDATE posting SET cur_group_size = cur_group_size - 1, cur_num_seek = cur_num_seek + 1
        WHERE id = ${postingId}::uuid`,
  );
}

/** The row an invitation link names, by the hash of its token (live or spent). */
export interface TokenMatch {
  row: MemberRow;
  live: boolean;
}

export async function findByTokenHash(db: Executor, hash: string): Promise<TokenMatch | null> {
  const [live] = await db.select().from(postingMember).where(eq(postingMember.invitationTokenHash, hash));
  if (live) return { row: live, live: true };
  const [spent] = await db.select().from(postingMember).where(eq(postingMember.spentTokenHash, hash));
  return spent ? { row: spent, live: false } : null;
}

export async function lockMember(tx: Executor, id: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(postingMember).where(eq(postingMember.id, id)).for('update');
  return row;
}

/** What an invitation shows: its row, and its posting's place and admin. */
export interface InvitationRow {
  id: string;
  posting_id: string;
  name: string;
  invitation_expires_at: Date | string;
  dorm: string | null;
  address: string | null;
  admin_name: string;
}

const invitationColumns = sql`m.id, m.posting_id, m.name, m.invitation_expires_at, p.dorm, p.address, u.name AS admin_name`;

/** Pending, unexpired invitations to `email` (visible postings only). */
export function pendingInvitations(db: Executor, email: string, now: Date): Promise<InvitationRow[]> {
  return queryRows<InvitationRow>(
    db,
    sql`SELECT ${invitationColumns}
      FROM posting_member m JOIN posting p ON p.id = m.posting_id JOIN "user" u ON u.id = p.admin_user_id
      WHERE m.state = 'invited' AND lower(m.email) = ${email.toLowerCase()}
        AND m.invitation_expires_at > ${now.toISOString()}::timestamptz AND p.hidden_at IS NULL
      ORDER BY m.invited_at DESC, m.id
      LIMIT 100`,
  );
}

export async function countPendingInvitations(db: Executor, email: string, now: Date): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`SELECT count(*) AS n FROM posting_member m JOIN posting p ON p.id = m.posting_id
      WHERE m.state = 'invited' AND lower(m.email) = ${email.toLowerCase()}
        AND m.invitation_expires_at > ${now.toISOString()}::timestamptz AND p.hidden_at IS NULL`,
  );
  return toCount(row?.n);
}

export async function invitationOf(db: Executor, memberId: string): Promise<InvitationRow | null> {
  const [row] = await queryRows<InvitationRow>(
    db,
    sql`SELECT ${invitationColumns}
      FROM posting_member m JOIN posting p ON p.id = m.posting_id JOIN "user" u ON u.id = p.admin_user_id
      WHERE m.id = ${memberId}::uuid`,
  );
  return row ?? null;
}

export interface MyGroupRow {
  posting_id: string;
  role: GroupRole;
  joined_at: Date | string;
  dorm: string | null;
  address: string | null;
  status: string;
  admin_name: string;
}

/** The groups `userId` joined and does not administer, latest first. */
export function myGroups(db: Executor, userId: string): Promise<MyGroupRow[]> {
  return queryRows<MyGroupRow>(
    db,
    sql`SELECT m.posting_id, m.role, m.joined_at, p.dorm, p.address, p.status, u.name AS admin_name
      FROM posting_member m JOIN posting p ON p.id = m.posting_id JOIN "user" u ON u.id = p.admin_user_id
      WHERE m.user_id = ${userId} AND m.state = 'joined' AND p.admin_user_id <> ${userId}
      ORDER BY m.joined_at DESC, m.id
      LIMIT 200`,
  );
}

export async function findSharing(db: Executor, userId: string): Promise<SharingRow | undefined> {
  const [row] = await db.select().from(memberSharing).where(eq(memberSharing.userId, userId));
  return row;
}

export async function saveSharing(db: Executor, values: Omit<SharingRow, 'updatedAt'>): Promise<void> {
  const { userId: _userId, ...rest } = values;
  await db
    .insert(memberSharing)
    .values(values)
    .onConflictDoUpdate({ target: memberSharing.userId, set: { ...rest, updatedAt: new Date() } });
}

export async function accountOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

/** The accounts of the joined members of a posting (to tell them something), admin included. */
export function joinedAccounts(
  db: Executor,
  postingId: string,
): Promise<{ member_id: string; user_id: string; email: string; role: GroupRole }[]> {
  return queryRows(
    db,
    sql`SELECT m.id AS member_id, m.user_id, u.email, m.role FROM posting_member m JOIN "user" u ON u.id = m.user_id
      WHERE m.posting_id = ${postingId}::uuid AND m.state = 'joined'`,
  );
}

/** Postings `userId` administers, with the co-admin who joined first (the heir), if any. */
export function administeredWithHeir(
  db: Executor,
  userId: string,
): Promise<{ posting_id: string; heir_member_id: string | null }[]> {
  return queryRows(
    db,
    sql`SELECT p.id AS posting_id, (
        SELECT m.id FROM posting_member m
        WHERE m.posting_id = p.id AND m.state = 'joined' AND m.role = 'coadmin' AND m.user_id <> ${userId}
        ORDER BY m.joined_at ASC NULLS LAST, m.position ASC LIMIT 1) AS heir_member_id
      FROM posting p WHERE p.admin_user_id = ${userId}
      FOR UPDATE OF p`,
  );
}

/** The rows `userId` joined in groups they do not administer. */
export function joinedElsewhere(db: Executor, userId: string): Promise<{ id: string; posting_id: string }[]> {
  return queryRows(
    db,
    sql`SELECT m.id, m.posting_id FROM posting_member m JOIN posting p ON p.id = m.posting_id
      WHERE m.user_id = ${userId} AND m.state = 'joined' AND p.admin_user_id <> ${userId}
      FOR UPDATE OF m`,
  );
}

/** The posting's pings now belong to its new admin (the received inbox and answers follow). */
export async function movePings(tx: Executor, postingId: string, newAdminUserId: string): Promise<void> {
  await tx.update(ping).set({ adminUserId: newAdminUserId }).where(eq(ping.postingId, postingId));
}

export async function setPostingAdmin(
  tx: Executor,
  postingId: string,
  values: Partial<typeof posting.$inferInsert>,
): Promise<void> {
  await tx.update(posting).set(values).where(eq(posting.id, postingId));
}

/** A posting's group as its roommate agreement needs it: the posting, and the admin then each joined member by account. */
export async function agreementGroup(
  db: Executor,
  postingId: string,
  lock: boolean,
): Promise<{
  posting: { id: string; adminUserId: string; hiddenAt: Date | null; listingLocation: 'oncampus' | 'offcampus' };
  parties: { userId: string; name: string; role: GroupRole }[];
} | null> {
  const query = db
    .select({
      id: posting.id,
      adminUserId: posting.adminUserId,
      hiddenAt: posting.hiddenAt,
      listingLocation: posting.listingLocation,
    })
    .from(posting)
    .where(eq(posting.id, postingId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const people = await queryRows<{ user_id: string; name: string; role: GroupRole }>(
    db,
    sql`SELECT u.id AS user_id, u.name, 'admin' AS role, -1 AS position FROM "user" u WHERE u.id = ${row.adminUserId}
        UNION ALL
        SELECT u.id, u.name, m.role, m.position FROM posting_member m JOIN "user" u ON u.id = m.user_id
        WHERE m.posting_id = ${postingId}::uuid AND m.state = 'joined' AND m.user_id <> ${row.adminUserId}
        ORDER BY position`,
  );
  return { posting: row, parties: people.map((p) => ({ userId: p.user_id, name: p.name, role: p.role })) };
}
