/**
 * Pure rules of the group views (issue 23): what each member row offers whom, and the sharing
 * form's values. The server decides; these only mirror it so the UI offers what will work.
 */
import type { AcademicYear, Gender } from '../../../shared/options';
import {
  type GroupMemberView,
  type GroupRole,
  groupMessages,
  type MemberState,
  SHARING_LIMITS,
  type Sharing,
  type TypedMemberView,
} from '../../../shared/schemas/groups';
import { INSTAGRAM, normaliseInstagram, phoneIsValid } from '../../../shared/schemas/posting';

export const MEMBER_STATE_LABELS: Record<MemberState, string> = {
  'not-invited': 'Not invited',
  invited: 'Invited',
  joined: 'Joined',
  declined: 'Declined',
};

export const GROUP_ROLE_LABELS: Record<GroupRole, string> = {
  admin: 'Administrator',
  coadmin: 'Co-admin',
  member: 'Member',
};

/** The invitation button of a member row, for the admin: what it says and why it may be off. */
export interface InviteButton {
  label: 'Send invitation' | 'Resend invitation';
  disabledReason: string | null;
}

/** A time as the button's reason says it ('3:05 PM'), in the viewer's own time zone. */
export function clockText(iso: string): string {
  const date = new Date(iso);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

export function inviteButton(typed: TypedMemberView, now: Date): InviteButton | null {
  if (typed.state === 'joined') return null;
  const label = typed.state === 'not-invited' ? 'Send invitation' : 'Resend invitation';
  if (!typed.email) return { label, disabledReason: groupMessages.memberHasNoEmail };
  if (typed.resendAfter && new Date(typed.resendAfter).getTime() > now.getTime()) {
    return {
      label,
      disabledReason: `An invitation was just sent. You can send it again at ${clockText(typed.resendAfter)}.`,
    };
  }
  return { label, disabledReason: null };
}

/** What the viewer may do to one member row of the detail view's 'Manage group'. */
export interface MemberControls {
  invite: InviteButton | null;
  withdraw: boolean;
  remove: boolean;
  /** Make co-admin ('coadmin') or remove co-admin ('member'), or nothing. */
  role: 'coadmin' | 'member' | null;
  handOver: boolean;
}

const NONE: MemberControls = { invite: null, withdraw: false, remove: false, role: null, handOver: false };

/** Only the admin manages members; a co-admin edits the posting and its status but not the group. */
export function memberControls(viewerRole: GroupRole | null, member: GroupMemberView, now: Date): MemberControls {
  if (viewerRole !== 'admin' || member.role === 'admin' || member.isYou || !member.typed) return NONE;
  const joined = member.typed.state === 'joined';
  return {
    invite: inviteButton(member.typed, now),
    withdraw: member.typed.state === 'invited',
    remove: joined,
    role: joined ? (member.role === 'coadmin' ? 'member' : 'coadmin') : null,
    handOver: joined,
  };
}

/** The sharing form: every field a string or a flag, as the inputs hold them. */
export interface SharingFormValues {
  academicYear: AcademicYear | '';
  gender: Gender | '';
  customGender: string;
  phoneNumber: string;
  instagramHandle: string;
  share: Sharing['share'];
}

export function sharingFormValues(sharing: Sharing): SharingFormValues {
  return {
    academicYear: sharing.academicYear ?? '',
    gender: sharing.gender ?? '',
    customGender: sharing.customGender ?? '',
    phoneNumber: sharing.phoneNumber ?? '',
    instagramHandle: sharing.instagramHandle ?? '',
    share: { ...sharing.share },
  };
}

const blankAsNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** What PUT /api/me/sharing is sent: blanks as null; a custom gender only with 'other'. */
export function sharingFromForm(values: SharingFormValues): Sharing {
  return {
    academicYear: values.academicYear === '' ? null : values.academicYear,
    gender: values.gender === '' ? null : values.gender,
    customGender: values.gender === 'other' ? blankAsNull(values.customGender) : null,
    phoneNumber: blankAsNull(values.phoneNumber),
    instagramHandle: blankAsNull(normaliseInstagram(values.instagramHandle)),
    share: { ...values.share },
  };
}

/**
 * What keeps the sharing form from being saved, in the order of its fields: the server's own
 * checks (a real number and handle, a described gender for 'Other', with its messages), and a
 * detail turned on without being given. Empty when it may be saved.
 */
export function sharingProblems(values: SharingFormValues): string[] {
  const problems: string[] = [];
  const sharing = sharingFromForm(values);
  if (values.share.academicYear && !sharing.academicYear) problems.push('Choose your academic year to share it.');
  if (values.share.gender && !sharing.gender) problems.push('Choose your gender to share it.');
  if (
    sharing.gender === 'other' &&
    (!sharing.customGender || sharing.customGender.length > SHARING_LIMITS.customGender)
  ) {
    problems.push(groupMessages.sharingCustomGender);
  }
  if (sharing.phoneNumber) {
    if (!phoneIsValid(sharing.phoneNumber)) problems.push(groupMessages.sharingPhone);
  } else if (values.share.phoneNumber) problems.push('Enter your phone number to share it.');
  if (sharing.instagramHandle) {
    if (!INSTAGRAM.test(sharing.instagramHandle)) problems.push(groupMessages.sharingInstagram);
  } else if (values.share.instagramHandle) problems.push('Enter your Instagram handle to share it.');
  return problems;
}
