/**
 * What each member row of the detail view's 'Manage group' offers (issue 23): who may invite,
 * remove, change roles and hand over is the shared vocabulary's to say (src/shared/authorization.ts),
 * as on the server; what is left here is which of those a row's state makes sense for. Types only
 * from the shared schemas: the detail view's first load carries no zod (decision 0009).
 */
import { can, type GroupPlace, type Viewer } from '../../../shared/authorization';
import type { GroupMemberView, TypedMemberView } from '../../../shared/schemas/groups';

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

/** The controls of one row: none on the admin's own row, nor on one without what the admin typed. */
export function memberControls(
  viewer: Viewer | null,
  group: GroupPlace,
  member: GroupMemberView,
  now: Date,
): MemberControls {
  if (member.role === 'admin' || member.isYou || !member.typed) return NONE;
  const joined = member.typed.state === 'joined';
  const invites = can(viewer, 'group.invite', group);
  return {
    invite: invites ? inviteButton(member.typed, now) : null,
    withdraw: invites && member.typed.state === 'invited',
    remove: joined && can(viewer, 'group.remove', group),
    role: joined && can(viewer, 'group.setRole', group) ? (member.role === 'coadmin' ? 'member' : 'coadmin') : null,
    handOver: joined && can(viewer, 'group.handOver', group),
  };
}
