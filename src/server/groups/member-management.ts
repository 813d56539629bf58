/**
 * The admin's management of the group's members: (re)sending and withdrawing invitations, removing a
 * member, making a joined member co-admin or member again, and handing the group over.
 */

import { type Action, can } from '../../shared/authorization';
import type { AcademicYear, Gender } from '../../shared/options';
import { type GroupRole, groupMessages } from '../../shared/schemas/groups';
import type { Viewer } from '../auth/session';
import type { Executor } from '../db/client';
import { AppError } from '../http/errors';
import { spendLimit } from '../limits/student-limits';
import { enqueueMail } from '../mail/outbox';
import { type GroupContext, RESEND_MS, sameAddress } from './context';
import { alreadyJoined, groupError, memberNotFound, notJoined, onlyAdmin, postingNotFound } from './errors';
import { toMemberView } from './member-view';
import * as q from './queries';
import type { GroupRoster } from './roster';

type MemberAction = Extract<Action, 'group.invite' | 'group.remove' | 'group.setRole' | 'group.handOver'>;

export function createMemberManagement(
  { db, mails, isCollege, visibleAccessOf }: GroupContext,
  { issueInvitation }: Pick<GroupRoster, 'issueInvitation'>,
) {
  /** Loads a posting and one of its rows for the admin's management, locked. */
  async function adminRow(tx: Executor, viewer: Viewer, action: MemberAction, postingId: string, memberId: string) {
    const posting = await q.lockPosting(tx, postingId);
    if (!posting) throw postingNotFound();
    const access = await visibleAccessOf(tx, posting, viewer);
    if (!can(viewer, action, access)) throw onlyAdmin();
    const row = await q.lockMember(tx, memberId);
    if (!row || row.postingId !== posting.id) throw memberNotFound();
    return { posting, row };
  }

  async function memberAnswer(executor: Executor, viewer: Viewer, postingId: string, memberId: string) {
    const posting = await q.findPosting(executor, postingId);
    const record = (await q.listMembers(executor, postingId)).find((r) => r.row.id === memberId);
    if (!posting || !record) throw memberNotFound();
    return {
      member: toMemberView(record, {
        viewerId: viewer.id,
        adminView: true,
        adminContact: {
          name: posting.adminName,
          email: posting.adminEmail,
          academicYear: posting.adminAcademicYear as AcademicYear,
          gender: posting.adminGender as Gender,
          customGender: posting.adminCustomGender,
          phoneNumber: posting.adminPhone,
          instagramHandle: posting.adminInstagram,
        },
      }),
    };
  }

  /** The admin sends (or sends again) a row's invitation. */
  async function invite(viewer: Viewer, postingId: string, memberId: string) {
    await db.transaction(async (tx) => {
      const { posting, row } = await adminRow(tx, viewer, 'group.invite', postingId, memberId);
      if (row.state === 'joined') throw alreadyJoined();
      if (!row.email) throw groupError(400, 'MEMBER_HAS_NO_EMAIL', groupMessages.memberHasNoEmail);
      if (!isCollege(row.email)) throw groupError(400, 'NOT_COLLEGE_ADDRESS', groupMessages.notCollegeAddress);
      const now = new Date();
      if (row.lastSentAt && now.getTime() - row.lastSentAt.getTime() < RESEND_MS) {
        throw groupError(429, 'INVITATION_RESEND_TOO_SOON', groupMessages.resendTooSoon);
      }
      const inGroup = await q.joinedAccounts(tx, posting.id);
      if (inGroup.some((member) => sameAddress(row.email, member.email))) throw alreadyJoined();
      await spendLimit(tx, viewer.id, 'invitations');
      await issueInvitation(tx, row, posting, now);
    });
    return memberAnswer(db, viewer, postingId, memberId);
  }

  /** The admin withdraws a pending invitation: its link stops working. */
  async function withdraw(viewer: Viewer, postingId: string, memberId: string) {
    await db.transaction(async (tx) => {
      const { row } = await adminRow(tx, viewer, 'group.invite', postingId, memberId);
      if (row.state === 'joined') throw alreadyJoined();
      if (row.state !== 'invited') return;
      await q.updateMember(tx, row.id, {
        state: 'not-invited',
        invitationTokenHash: null,
        invitationExpiresAt: null,
        spentTokenHash: row.invitationTokenHash,
        spentReason: 'withdrawn',
      });
    });
    return memberAnswer(db, viewer, postingId, memberId);
  }

  /** The admin removes a member row (a joined member is told); the group's aim stays. */
  async function remove(viewer: Viewer, postingId: string, memberId: string): Promise<{ removed: true }> {
    await db.transaction(async (tx) => {
      const { posting, row } = await adminRow(tx, viewer, 'group.remove', postingId, memberId);
      if (row.role === 'admin' || row.userId === posting.adminUserId) {
        throw groupError(409, 'CANNOT_REMOVE_ADMIN', groupMessages.cannotRemoveAdmin);
      }
      await q.deleteMember(tx, row.id);
      await q.oneMemberFewer(tx, posting.id);
      if (row.state === 'joined' && row.userId) {
        const member = await q.accountOf(tx, row.userId);
        if (member) await enqueueMail(tx, [mails.removed({ to: member.email, postingId: posting.id, place: posting })]);
      }
    });
    return { removed: true as const };
  }

  /** The admin makes a joined member a co-admin, or a member again. */
  async function setRole(viewer: Viewer, postingId: string, memberId: string, role: Exclude<GroupRole, 'admin'>) {
    await db.transaction(async (tx) => {
      const { posting, row } = await adminRow(tx, viewer, 'group.setRole', postingId, memberId);
      if (row.role === 'admin' || row.userId === posting.adminUserId) {
        throw groupError(409, 'CANNOT_REMOVE_ADMIN', groupMessages.cannotRemoveAdmin);
      }
      if (row.state !== 'joined') throw notJoined();
      await q.updateMember(tx, row.id, { role });
    });
    return memberAnswer(db, viewer, postingId, memberId);
  }

  /** The admin hands the group to a joined member and leaves it; the new admin is told. */
  async function handOver(viewer: Viewer, postingId: string, memberId: string): Promise<{ handedOver: true }> {
    await db.transaction(async (tx) => {
      const { posting, row } = await adminRow(tx, viewer, 'group.handOver', postingId, memberId);
      if (row.role === 'admin' || row.userId === posting.adminUserId) {
        throw new AppError(409, 'ALREADY_ADMIN', groupMessages.handOverTitle, groupMessages.notJoined);
      }
      if (row.state !== 'joined')
        throw new AppError(409, 'MEMBER_NOT_JOINED', groupMessages.handOverTitle, groupMessages.notJoined);
      const account = await transfer(tx, posting, row);
      await enqueueMail(tx, [mails.handedOver({ to: account.email, postingId: posting.id, place: posting })]);
    });
    return { handedOver: true as const };
  }

  return { invite, withdraw, remove, setRole, handOver };
}

/**
 * Makes `target` (a joined member) the admin of `posting`: the posting's admin and its contact
 * fields follow their account and sharing (decision 0024), their row becomes member 1, the old
 * admin's row goes (one fewer member, one more sought), and the pings follow the admin.
 */
export async function transfer(
  tx: Executor,
  posting: NonNullable<Awaited<ReturnType<typeof q.lockPosting>>>,
  target: q.MemberRow,
) {
  if (!target.userId) throw notJoined();
  const account = await q.accountOf(tx, target.userId);
  if (!account) throw notJoined();
  const sharing = await q.findSharing(tx, target.userId);
  const gender = (sharing?.shareGender && sharing.gender) || target.gender;
  await q.setPostingAdmin(tx, posting.id, {
    adminUserId: account.id,
    adminName: account.name,
    adminEmail: account.email,
    adminAcademicYear: (sharing?.shareAcademicYear && sharing.academicYear) || target.academicYear,
    adminGender: gender,
    adminCustomGender: gender === 'other' ? (sharing?.shareGender ? sharing.customGender : target.customGender) : null,
    adminPhone: sharing?.sharePhoneNumber ? sharing.phoneNumber : null,
    adminInstagram: sharing?.shareInstagramHandle ? sharing.instagramHandle : null,
    // The new admin has not ticked them for this posting (contact by consent): hidden until they do.
    adminShowsPhone: false,
    adminShowsInstagram: false,
  });
  const rows = await q.lockMembers(tx, posting.id);
  for (const row of rows) {
    if (row.id !== target.id && (row.role === 'admin' || row.userId === posting.adminUserId)) {
      await q.deleteMember(tx, row.id);
      await q.oneMemberFewer(tx, posting.id);
    }
  }
  await q.updateMember(tx, target.id, { position: 0, role: 'admin', name: account.name });
  await q.movePings(tx, posting.id, account.id);
  return account;
}
