/**
 * Groups of students who said yes (issue 23, docs/decisions/0024): invitations that work once, for
 * one college address, for INVITATION_TTL_DAYS; joining, declining and leaving; the admin's member
 * management (invite, withdraw, remove, roles, hand-over); what each member shares; and what an
 * account's deletion does to its groups. Who may do what is decided in policy.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { messages } from '../../shared/messages';
import type { AcademicYear, Gender } from '../../shared/options';
import {
  type GroupMemberView,
  type GroupRole,
  groupMessages,
  INVITATION_RESEND_MINUTES,
  INVITATION_TTL_DAYS,
  type InvitationList,
  type InvitationView,
  type MyGroupList,
  type Sharing,
} from '../../shared/schemas/groups';
import { INSTAGRAM, normaliseInstagram, type PostingMemberWrite, phoneIsValid } from '../../shared/schemas/posting';
import type { AdminContactView } from '../../shared/schemas/posting-view';
import { isCollegeEmail } from '../auth/domain-policy';
import type { Viewer } from '../auth/session';
import type { AppConfig } from '../config';
import type { Database, Executor } from '../db/client';
import { AppError, errors } from '../http/errors';
import { spendLimit } from '../limits/student-limits';
import { enqueueMail } from '../mail/outbox';
import { createGroupMails } from './mails';
import { canManageMembers, type GroupAccess, mayLeave, roleOf } from './policy';
import * as q from './queries';

const DAY_MS = 24 * 60 * 60_000;
const RESEND_MS = INVITATION_RESEND_MINUTES * 60_000;

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const invitationError = (status: number, code: string, message: string) =>
  new AppError(status, code, groupMessages.invitationTitle, message);
const groupError = (status: number, code: string, message: string) =>
  new AppError(status, code, groupMessages.failedTitle, message);

const invitationNotFound = () => invitationError(404, 'INVITATION_NOT_FOUND', groupMessages.invitationNotFound);
const invitationUsed = () => invitationError(410, 'INVITATION_USED', groupMessages.invitationUsed);
const invitationExpired = () => invitationError(410, 'INVITATION_EXPIRED', groupMessages.invitationExpired);
const invitationWithdrawn = () => invitationError(410, 'INVITATION_WITHDRAWN', groupMessages.invitationWithdrawn);
const invitationOtherAccount = () =>
  invitationError(403, 'INVITATION_OTHER_ACCOUNT', groupMessages.invitationOtherAccount);
const postingNotFound = () =>
  errors.notFound(messages.postingAccess.notFound.message, messages.postingAccess.notFound.title);
const onlyAdmin = () => groupError(403, 'NOT_GROUP_ADMIN', groupMessages.onlyAdmin);
const memberNotFound = () => groupError(404, 'MEMBER_NOT_FOUND', groupMessages.memberNotFound);
const alreadyJoined = () => groupError(409, 'MEMBER_ALREADY_JOINED', groupMessages.memberAlreadyJoined);
const notJoined = () => groupError(409, 'MEMBER_NOT_JOINED', groupMessages.notJoined);

/** Why a spent link stopped working, as the student is told. */
function spentError(reason: q.MemberRow['spentReason']): AppError {
  if (reason === 'joined' || reason === 'declined') return invitationUsed();
  if (reason === 'withdrawn') return invitationWithdrawn();
  return invitationNotFound();
}

const sameAddress = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A member as the detail view shows it (decision 0024). A joined member: their account's name and
 * only what they share (member 1, the admin, shows the posting's admin contact). Not joined: the
 * name and year the admin typed, nothing else. The admin alone gets `typed`.
 */
export function toMemberView(
  record: q.MemberRecord,
  options: { viewerId: string; adminView: boolean; adminContact: AdminContactView; now?: Date },
): GroupMemberView {
  const { row, sharing } = record;
  const now = options.now ?? new Date();
  const joined = row.state === 'joined';
  const typed = options.adminView
    ? {
        state: row.state,
        name: row.name,
        academicYear: row.academicYear as AcademicYear,
        gender: row.gender as Gender,
        customGender: row.customGender,
        email: row.email,
        instagramHandle: row.instagramHandle,
        invitedAt: iso(row.invitedAt),
        invitationExpiresAt: iso(row.invitationExpiresAt),
        resendAfter:
          row.lastSentAt && row.lastSentAt.getTime() + RESEND_MS > now.getTime()
            ? new Date(row.lastSentAt.getTime() + RESEND_MS).toISOString()
            : null,
      }
    : null;
  const base = { id: row.id, position: row.position, joined, role: row.role, typed };
  if (joined && row.role === 'admin') {
    const admin = options.adminContact;
    return {
      ...base,
      name: admin.name,
      academicYear: admin.academicYear,
      gender: admin.gender,
      customGender: admin.customGender,
      email: admin.email,
      instagramHandle: admin.instagramHandle,
      phoneNumber: admin.phoneNumber,
      isYou: row.userId === options.viewerId,
    };
  }
  if (joined) {
    const shareGender = sharing?.shareGender === true && sharing.gender !== null;
    return {
      ...base,
      name: record.accountName ?? row.name,
      academicYear: sharing?.shareAcademicYear ? (sharing.academicYear as AcademicYear | null) : null,
      gender: shareGender ? (sharing?.gender as Gender) : null,
      customGender: shareGender && sharing?.gender === 'other' ? sharing.customGender : null,
      email: sharing?.shareEmail ? record.accountEmail : null,
      instagramHandle: sharing?.shareInstagramHandle ? sharing.instagramHandle : null,
      phoneNumber: sharing?.sharePhoneNumber ? sharing.phoneNumber : null,
      isYou: row.userId === options.viewerId,
    };
  }
  return {
    ...base,
    name: row.name,
    academicYear: row.academicYear as AcademicYear,
    gender: null,
    customGender: null,
    email: null,
    instagramHandle: null,
    phoneNumber: null,
    isYou: false,
  };
}

export interface GroupServiceDeps {
  db: Database;
  config: AppConfig;
  placeLabel: (posting: { dorm: string | null; address: string | null }) => string;
}

export function createGroupService({ db, config, placeLabel }: GroupServiceDeps) {
  const mails = createGroupMails(config);
  const { emailDomain, allowedEmailSubdomains } = config.college.college;
  const isCollege = (email: string) => isCollegeEmail(email, emailDomain, allowedEmailSubdomains);

  /** The viewer's access to a posting (its admin, or their joined row's role). */
  async function accessOf(executor: Executor, posting: { id: string; adminUserId: string }, viewerId: string) {
    const joined = posting.adminUserId === viewerId ? null : await q.joinedRole(executor, posting.id, viewerId);
    return { adminUserId: posting.adminUserId, viewerRole: roleOf(posting.adminUserId, viewerId, joined) };
  }

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

  /** Loads a posting and one of its rows for the admin's management, locked. */
  async function adminRow(tx: Executor, viewer: Viewer, postingId: string, memberId: string) {
    const posting = await q.lockPosting(tx, postingId);
    if (!posting) throw postingNotFound();
    const access = await accessOf(tx, posting, viewer.id);
    if (!canManageMembers(access)) throw onlyAdmin();
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

  /**
   * Makes `target` (a joined member) the admin of `posting`: the posting's admin and its contact
   * fields follow their account and sharing (decision 0024), their row becomes member 1, the old
   * admin's row goes (one fewer member, one more sought), and the pings follow the admin.
   */
  async function transfer(
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
      adminCustomGender:
        gender === 'other' ? (sharing?.shareGender ? sharing.customGender : target.customGender) : null,
      adminPhone: sharing?.sharePhoneNumber ? sharing.phoneNumber : null,
      adminInstagram: sharing?.shareInstagramHandle ? sharing.instagramHandle : null,
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

  return {
    accessOf,
    /** The posting's member rows with what the detail view shows of each. */
    listMembers: (executor: Executor, postingId: string) => q.listMembers(executor, postingId),
    insertNewGroup,
    mergeMembers,

    /** GET /api/invitations/by-token/:token */
    async byToken(viewer: Viewer, token: string): Promise<InvitationView> {
      const match = await q.findByTokenHash(db, hashToken(token));
      if (!match) throw invitationNotFound();
      if (!match.live) throw spentError(match.row.spentReason);
      const { row } = match;
      if (!row.invitationExpiresAt || row.invitationExpiresAt.getTime() <= Date.now()) throw invitationExpired();
      if (!sameAddress(row.email, viewer.email)) throw invitationOtherAccount();
      const view = await q.invitationOf(db, row.id);
      if (!view) throw invitationNotFound();
      return toInvitation(view);
    },

    /** POST /api/invitations/:id/join */
    async join(viewer: Viewer, memberId: string, token: string | undefined): Promise<{ postingId: string }> {
      return db.transaction(async (tx) => {
        const row = await answerable(tx, viewer, memberId, token, { expiredRefused: true });
        const posting = await q.lockPosting(tx, row.postingId);
        if (!posting) throw invitationNotFound();
        const access = await accessOf(tx, posting, viewer.id);
        if (access.viewerRole !== null) throw alreadyJoined();
        await q.updateMember(tx, row.id, {
          userId: viewer.id,
          state: 'joined',
          role: 'member',
          joinedAt: new Date(),
          name: viewer.name,
          invitationTokenHash: null,
          spentTokenHash: row.invitationTokenHash,
          spentReason: 'joined',
        });
        return { postingId: row.postingId };
      });
    },

    /** POST /api/invitations/:id/decline ("This isn't me"): the address goes and the admin is told. */
    async decline(viewer: Viewer, memberId: string, token: string | undefined): Promise<{ declined: true }> {
      return db.transaction(async (tx) => {
        const row = await answerable(tx, viewer, memberId, token, { expiredRefused: false });
        const posting = await q.lockPosting(tx, row.postingId);
        if (!posting) throw invitationNotFound();
        await q.updateMember(tx, row.id, {
          state: 'declined',
          email: null,
          invitationTokenHash: null,
          invitationExpiresAt: null,
          spentTokenHash: row.invitationTokenHash,
          spentReason: 'declined',
        });
        const admin = await q.accountOf(tx, posting.adminUserId);
        if (admin) await enqueueMail(tx, [mails.declined({ to: admin.email, postingId: posting.id, place: posting })]);
        return { declined: true as const };
      });
    },

    async myInvitations(viewer: Viewer): Promise<InvitationList> {
      const rows = await q.pendingInvitations(db, viewer.email, new Date());
      return { items: rows.map(toInvitation) };
    },

    async invitationCount(viewer: Viewer): Promise<{ count: number }> {
      return { count: await q.countPendingInvitations(db, viewer.email, new Date()) };
    },

    async myGroups(viewer: Viewer): Promise<MyGroupList> {
      const rows = await q.myGroups(db, viewer.id);
      return {
        items: rows.map((row) => ({
          postingId: row.posting_id,
          place: placeLabel(row),
          role: row.role,
          adminName: row.admin_name,
          status: row.status,
          joinedAt: new Date(row.joined_at).toISOString(),
        })),
      };
    },

    async sharing(viewer: Viewer): Promise<Sharing> {
      const row = await q.findSharing(db, viewer.id);
      return {
        academicYear: (row?.academicYear as AcademicYear | null) ?? null,
        gender: (row?.gender as Gender | null) ?? null,
        customGender: row?.customGender ?? null,
        phoneNumber: row?.phoneNumber ?? null,
        instagramHandle: row?.instagramHandle ?? null,
        share: {
          academicYear: row?.shareAcademicYear ?? false,
          gender: row?.shareGender ?? false,
          email: row?.shareEmail ?? false,
          phoneNumber: row?.sharePhoneNumber ?? false,
          instagramHandle: row?.shareInstagramHandle ?? false,
        },
      };
    },

    async saveSharing(viewer: Viewer, input: Sharing): Promise<Sharing> {
      const blank = (value: string | null) => (value === null || value.trim() === '' ? null : value.trim());
      const phone = blank(input.phoneNumber);
      const instagram = input.instagramHandle === null ? null : blank(normaliseInstagram(input.instagramHandle));
      const custom = input.gender === 'other' ? blank(input.customGender) : null;
      const problems: string[] = [];
      if (phone !== null && !phoneIsValid(phone)) problems.push(groupMessages.sharingPhone);
      if (instagram !== null && !INSTAGRAM.test(instagram)) problems.push(groupMessages.sharingInstagram);
      if (input.gender === 'other' && custom === null) problems.push(groupMessages.sharingCustomGender);
      if (problems.length > 0) {
        throw new AppError(400, 'VALIDATION_FAILED', groupMessages.sharingTitle, problems.join('\n'), problems);
      }
      await q.saveSharing(db, {
        userId: viewer.id,
        academicYear: input.academicYear,
        gender: input.gender,
        customGender: custom,
        phoneNumber: phone,
        instagramHandle: instagram,
        shareAcademicYear: input.share.academicYear,
        shareGender: input.share.gender,
        shareEmail: input.share.email,
        sharePhoneNumber: input.share.phoneNumber,
        shareInstagramHandle: input.share.instagramHandle,
      });
      return this.sharing(viewer);
    },

    /** The admin sends (or sends again) a row's invitation. */
    async invite(viewer: Viewer, postingId: string, memberId: string) {
      await db.transaction(async (tx) => {
        const { posting, row } = await adminRow(tx, viewer, postingId, memberId);
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
    },

    /** The admin withdraws a pending invitation: its link stops working. */
    async withdraw(viewer: Viewer, postingId: string, memberId: string) {
      await db.transaction(async (tx) => {
        const { row } = await adminRow(tx, viewer, postingId, memberId);
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
    },

    /** The admin removes a member row (a joined member is told); the group's aim stays. */
    async remove(viewer: Viewer, postingId: string, memberId: string): Promise<{ removed: true }> {
      await db.transaction(async (tx) => {
        const { posting, row } = await adminRow(tx, viewer, postingId, memberId);
        if (row.role === 'admin' || row.userId === posting.adminUserId) {
          throw groupError(409, 'CANNOT_REMOVE_ADMIN', groupMessages.cannotRemoveAdmin);
        }
        await q.deleteMember(tx, row.id);
        await q.oneMemberFewer(tx, posting.id);
        if (row.state === 'joined' && row.userId) {
          const member = await q.accountOf(tx, row.userId);
          if (member)
            await enqueueMail(tx, [mails.removed({ to: member.email, postingId: posting.id, place: posting })]);
        }
      });
      return { removed: true as const };
    },

    /** The admin makes a joined member a co-admin, or a member again. */
    async setRole(viewer: Viewer, postingId: string, memberId: string, role: Exclude<GroupRole, 'admin'>) {
      await db.transaction(async (tx) => {
        const { posting, row } = await adminRow(tx, viewer, postingId, memberId);
        if (row.role === 'admin' || row.userId === posting.adminUserId) {
          throw groupError(409, 'CANNOT_REMOVE_ADMIN', groupMessages.cannotRemoveAdmin);
        }
        if (row.state !== 'joined') throw notJoined();
        await q.updateMember(tx, row.id, { role });
      });
      return memberAnswer(db, viewer, postingId, memberId);
    },

    /** The admin hands the group to a joined member and leaves it; the new admin is told. */
    async handOver(viewer: Viewer, postingId: string, memberId: string): Promise<{ handedOver: true }> {
      await db.transaction(async (tx) => {
        const { posting, row } = await adminRow(tx, viewer, postingId, memberId);
        if (row.role === 'admin' || row.userId === posting.adminUserId) {
          throw new AppError(409, 'ALREADY_ADMIN', groupMessages.handOverTitle, groupMessages.notJoined);
        }
        if (row.state !== 'joined')
          throw new AppError(409, 'MEMBER_NOT_JOINED', groupMessages.handOverTitle, groupMessages.notJoined);
        const account = await transfer(tx, posting, row);
        await enqueueMail(tx, [mails.handedOver({ to: account.email, postingId: posting.id, place: posting })]);
      });
      return { handedOver: true as const };
    },

    /** A joined member or co-admin leaves; the admin hands the group over first. */
    async leave(viewer: Viewer, postingId: string): Promise<{ left: true }> {
      await db.transaction(async (tx) => {
        const posting = await q.lockPosting(tx, postingId);
        if (!posting) throw postingNotFound();
        const access = await accessOf(tx, posting, viewer.id);
        if (access.viewerRole === 'admin') throw groupError(409, 'ADMIN_CANNOT_LEAVE', groupMessages.adminCannotLeave);
        if (!mayLeave(access)) throw groupError(403, 'NOT_A_MEMBER', groupMessages.notAMember);
        const row = (await q.lockMembers(tx, posting.id)).find((r) => r.userId === viewer.id && r.state === 'joined');
        if (!row) throw groupError(403, 'NOT_A_MEMBER', groupMessages.notAMember);
        await q.deleteMember(tx, row.id);
        await q.oneMemberFewer(tx, posting.id);
      });
      return { left: true as const };
    },

    /**
     * An account is being deleted (inside that transaction; decision 0024): each group it
     * administers goes to its longest-joined co-admin, and its members are told; the rows it joined
     * elsewhere go (their groups seek one more). Returns the postings left with no heir: the caller
     * deletes them (their members are told here).
     */
    async accountDeleted(tx: Executor, userId: string): Promise<string[]> {
      const orphaned: string[] = [];
      for (const { posting_id, heir_member_id } of await q.administeredWithHeir(tx, userId)) {
        const posting = await q.lockPosting(tx, posting_id);
        if (!posting) continue;
        const others = (await q.joinedAccounts(tx, posting_id)).filter((m) => m.user_id !== userId);
        const heir = heir_member_id ? await q.lockMember(tx, heir_member_id) : undefined;
        if (heir) {
          const account = await transfer(tx, posting, heir);
          await enqueueMail(tx, [
            mails.handedOver({ to: account.email, postingId: posting_id, place: posting }),
            ...others
              .filter((m) => m.user_id !== account.id)
              .map((m) => mails.adminDeleted({ to: m.email, postingId: posting_id, place: posting, newAdmin: true })),
          ]);
        } else {
          orphaned.push(posting_id);
          await enqueueMail(
            tx,
            others.map((m) =>
              mails.adminDeleted({ to: m.email, postingId: posting_id, place: posting, newAdmin: false }),
            ),
          );
        }
      }
      for (const row of await q.joinedElsewhere(tx, userId)) {
        await q.deleteMember(tx, row.id);
        await q.oneMemberFewer(tx, row.posting_id);
      }
      return orphaned;
    },
  };

  function toInvitation(row: q.InvitationRow): InvitationView {
    return {
      id: row.id,
      postingId: row.posting_id,
      adminName: row.admin_name,
      place: placeLabel(row),
      memberName: row.name,
      expiresAt: new Date(row.invitation_expires_at).toISOString(),
    };
  }

  /**
   * The row `viewer` may answer (join or decline): the invitation to their own verified address,
   * pending (and, to join, not expired). With a token, it must be the row's live link.
   */
  async function answerable(
    tx: Executor,
    viewer: Viewer,
    memberId: string,
    token: string | undefined,
    { expiredRefused }: { expiredRefused: boolean },
  ): Promise<q.MemberRow> {
    const row = await q.lockMember(tx, memberId);
    if (!row) throw invitationNotFound();
    const hash = token === undefined ? undefined : hashToken(token);
    if (hash !== undefined && row.invitationTokenHash !== hash) {
      if (row.spentTokenHash === hash) throw spentError(row.spentReason);
      throw invitationNotFound();
    }
    if (row.state === 'joined' && row.userId === viewer.id) throw invitationUsed();
    if (!sameAddress(row.email, viewer.email)) {
      // Another account learns only that a link it holds is for someone else.
      if (hash !== undefined && row.state === 'invited') throw invitationOtherAccount();
      throw invitationNotFound();
    }
    if (row.state === 'declined' || row.state === 'joined') throw invitationUsed();
    if (row.state !== 'invited') {
      if (row.spentReason === 'withdrawn') throw invitationWithdrawn();
      throw invitationNotFound();
    }
    if (expiredRefused && (!row.invitationExpiresAt || row.invitationExpiresAt.getTime() <= Date.now())) {
      throw invitationExpired();
    }
    return row;
  }
}

function submissionFailed(details: string[]): AppError {
  return new AppError(400, 'VALIDATION_FAILED', messages.submit.failedTitle, details.join('\n'), details);
}

export type GroupService = ReturnType<typeof createGroupService>;
export type { GroupAccess };
