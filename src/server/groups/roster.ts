/**
 * A posting's member rows as its admin saves them with the posting (decision 0024): a new group's
 * rows, an edit's merge that keeps joined members as stored, and the invitations new addresses get.
 */

import { randomBytes } from 'node:crypto';
import { groupMessages, INVITATION_TTL_DAYS } from '../../shared/schemas/groups';
import type { PostingMemberWrite } from '../../shared/schemas/posting';
import type { Executor } from '../db/client';
import { spendLimit } from '../limits/student-limits';
import { enqueueMail } from '../mail/outbox';
import { DAY_MS, type GroupContext, sameAddress } from './context';
import { groupError, submissionFailed } from './errors';
import { hashToken } from './invitations';
import * as q from './queries';

export function createGroupRoster({ mails, emailDomain, isCollege }: GroupContext) {
  /**
   * E-mails `row`'s address a new invitation link (in the caller's transaction): a fresh token whose
   * hash alone is stored, valid INVITATION_TTL_DAYS; an earlier link of the row stops working.
   */
  async function issueInvitation(
    tx: Executor,
    row: q.MemberRow,
    posting: { dorm: string | null; address: string | null; adminName: string },
    now: Date,
  ): Promise<q.MemberRow> {
    if (!row.email) throw groupError(400, 'MEMBER_HAS_NO_EMAIL', groupMessages.memberHasNoEmail);
    const token = randomBytes(32).toString('base64url');
    const updated = await q.updateMember(tx, row.id, {
      state: 'invited',
      invitedAt: now,
      invitationExpiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
      lastSentAt: now,
      invitationTokenHash: hashToken(token),
      ...(row.invitationTokenHash ? { spentTokenHash: row.invitationTokenHash, spentReason: 'replaced' as const } : {}),
    });
    await enqueueMail(tx, [mails.invitation({ to: row.email, token, adminName: posting.adminName, place: posting })]);
    return updated;
  }

  /** The invitation addresses of a save that are new or changed must be the college's (member numbers from 1). */
  function addressProblems(members: readonly PostingMemberWrite[], stored: ReadonlyMap<string, q.MemberRow>): string[] {
    const problems: string[] = [];
    members.forEach((member, i) => {
      if (i === 0 || !member.email) return;
      const before = member.id ? stored.get(member.id) : undefined;
      if (before && sameAddress(before.email, member.email)) return;
      if (!isCollege(member.email)) problems.push(groupMessages.memberNotCollegeEmail(i + 1, emailDomain));
    });
    return problems;
  }

  /**
   * A new posting's member rows (in its transaction): member 1 is the admin, joined; every other
   * row with an address is invited at once. Returns how many invitations went out.
   */
  async function insertNewGroup(
    tx: Executor,
    posting: { id: string; adminUserId: string; adminName: string; dorm: string | null; address: string | null },
    members: readonly PostingMemberWrite[],
    now: Date,
  ): Promise<void> {
    const problems = addressProblems(members, new Map());
    if (problems.length > 0) throw submissionFailed(problems);
    const rows: q.MemberInsert[] = members.map((m, position) => ({
      postingId: posting.id,
      position,
      name: m.name,
      academicYear: m.academicYear,
      gender: m.gender,
      customGender: m.customGender,
      email: m.email,
      instagramHandle: position === 0 ? m.instagramHandle : null,
      ...(position === 0
        ? { userId: posting.adminUserId, state: 'joined' as const, role: 'admin' as const, joinedAt: now }
        : {}),
    }));
    await q.insertMembers(tx, rows);
    await inviteNewAddresses(tx, posting, now);
  }

  /** Invites every not-invited row of the posting that has an address and was never sent one. */
  async function inviteNewAddresses(
    tx: Executor,
    posting: { id: string; adminUserId: string; adminName: string; dorm: string | null; address: string | null },
    now: Date,
    only?: ReadonlySet<string>,
  ): Promise<void> {
    const rows = (await q.lockMembers(tx, posting.id)).filter(
      (row) => row.state === 'not-invited' && row.email !== null && row.position > 0 && (!only || only.has(row.id)),
    );
    if (rows.length === 0) return;
    await spendLimit(tx, posting.adminUserId, 'invitations', rows.length);
    for (const row of rows) await issueInvitation(tx, row, posting, now);
  }

  /**
   * The admin's edit of the member rows (in the edit's transaction; decision 0024): joined rows
   * stay as stored whatever the submission says; a submitted row with a stored not-joined row's id
   * keeps its invitation if its address is unchanged (a changed address is invited anew); stored
   * not-joined rows not submitted go; new rows are added. Positions: the admin 0, then the
   * submission's order, then joined rows it left out. New addresses are invited. Returns the
   * number of rows (curGroupSize).
   */
  async function mergeMembers(
    tx: Executor,
    posting: { id: string; adminUserId: string; adminName: string; dorm: string | null; address: string | null },
    members: readonly PostingMemberWrite[],
    now: Date,
  ): Promise<number> {
    const stored = await q.lockMembers(tx, posting.id);
    const byId = new Map(stored.map((row) => [row.id, row]));
    const problems = addressProblems(members, byId);
    if (problems.length > 0) throw submissionFailed(problems);
    const adminRow = stored.find((row) => row.role === 'admin' || row.userId === posting.adminUserId);
    const used = new Set<string>(adminRow ? [adminRow.id] : []);
    type Plan =
      | { kind: 'keep'; row: q.MemberRow; write?: PostingMemberWrite }
      | { kind: 'new'; write: PostingMemberWrite };
    const plan: Plan[] = [];
    for (const write of members.slice(1)) {
      const row = write.id ? byId.get(write.id) : undefined;
      if (row && !used.has(row.id)) {
        used.add(row.id);
        plan.push(row.state === 'joined' ? { kind: 'keep', row } : { kind: 'keep', row, write });
      } else {
        plan.push({ kind: 'new', write });
      }
    }
    for (const row of stored) if (!used.has(row.id) && row.state === 'joined') plan.push({ kind: 'keep', row });
    const keptIds = new Set(plan.flatMap((item) => (item.kind === 'keep' ? [item.row.id] : [])));
    await q.parkPositions(tx, posting.id);
    for (const row of stored) {
      if (row.id !== adminRow?.id && !keptIds.has(row.id)) await q.deleteMember(tx, row.id);
    }
    const admin = members[0];
    if (adminRow) {
      await q.updateMember(tx, adminRow.id, { position: 0 });
    } else if (admin) {
      // A posting saved before its admin was member 1 (decision 0008): the admin's row is added.
      await q.insertMembers(tx, [
        {
          postingId: posting.id,
          position: 0,
          name: admin.name,
          academicYear: admin.academicYear,
          gender: admin.gender,
          customGender: admin.customGender,
          email: admin.email,
          instagramHandle: admin.instagramHandle,
          userId: posting.adminUserId,
          state: 'joined',
          role: 'admin',
          joinedAt: now,
        },
      ]);
    }
    const reinvite = new Set<string>();
    let position = 1;
    for (const item of plan) {
      if (item.kind === 'new') {
        await q.insertMembers(tx, [
          {
            postingId: posting.id,
            position,
            name: item.write.name,
            academicYear: item.write.academicYear,
            gender: item.write.gender,
            customGender: item.write.customGender,
            email: item.write.email,
          },
        ]);
      } else if (!item.write) {
        await q.updateMember(tx, item.row.id, { position });
      } else {
        const write = item.write;
        const changed = !(
          (write.email === null && item.row.email === null) ||
          (write.email !== null && sameAddress(item.row.email, write.email))
        );
        await q.updateMember(tx, item.row.id, {
          position,
          name: write.name,
          academicYear: write.academicYear,
          gender: write.gender,
          customGender: write.customGender,
          ...(changed
            ? {
                email: write.email,
                state: 'not-invited' as const,
                invitedAt: null,
                invitationExpiresAt: null,
                lastSentAt: null,
                invitationTokenHash: null,
                ...(item.row.invitationTokenHash
                  ? { spentTokenHash: item.row.invitationTokenHash, spentReason: 'withdrawn' as const }
                  : {}),
              }
            : {}),
        });
        if (changed && write.email) reinvite.add(item.row.id);
      }
      position += 1;
    }
    const fresh = await q.lockMembers(tx, posting.id);
    const newIds = new Set(fresh.filter((row) => !byId.has(row.id)).map((row) => row.id));
    await inviteNewAddresses(tx, posting, now, new Set([...newIds, ...reinvite]));
    return fresh.length;
  }

  return { issueInvitation, insertNewGroup, mergeMembers };
}

export type GroupRoster = ReturnType<typeof createGroupRoster>;
