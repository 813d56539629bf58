/** A group's member as the detail view shows it to one viewer. */

import type { AcademicYear, Gender } from '../../shared/options';
import type { GroupMemberView } from '../../shared/schemas/groups';
import type { AdminContactView } from '../../shared/schemas/posting-view';
import { RESEND_MS } from './context';
import type * as q from './queries';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

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
