/**
 * Pure rules of the detail view's group (issue 23): what each member row offers whom. The server
 * decides; these only mirror it so the UI offers what will work. Types only from the shared
 * schemas: the detail view's first load carries no zod (decision 0009).
 */
import type { GroupMemberView, GroupRole, MemberState, TypedMemberView } from '../../../shared/schemas/groups';

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
function clockText(iso: string): string {
  const date = new Date(iso);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Why a member without an address cannot be invited (the server says groupMessages.memberHasNoEmail). */
export const NO_ADDRESS = 'Add their college e-mail by editing the posting to invite them.';

export function inviteButton(typed: TypedMemberView, now: Date): InviteButton | null {
  if (typed.state === 'joined') return null;
  const label = typed.state === 'not-invited' ? 'Send invitation' : 'Resend invitation';
  if (!typed.email) return { label, disabledReason: NO_ADDRESS };
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
