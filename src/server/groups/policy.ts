/**
 * Who may do what with a posting and its group (issue 23, docs/decisions/0024). Every feature that
 * decides on a posting's group (postings, pings, lifestyle, groups) asks here, so the rules live in
 * one place:
 *
 * - the admin (posting.admin_user_id, member 1) may do everything: edit, status, delete, answer
 *   pings, manage members (invite, withdraw, remove, roles, hand over);
 * - a co-admin may edit the posting (its member rows stay as they are), change its status and answer
 *   pings;
 * - a member who joined reads the group's pings and sees the posting while it is hidden;
 * - everyone else sees what every student sees.
 */
import type { GroupRole } from '../../shared/schemas/groups';

/** What the rules need to know of a posting and of the viewer's place in its group. */
export interface GroupAccess {
  adminUserId: string;
  /** The viewer's role in the group, or null when they are not a joined member. */
  viewerRole: GroupRole | null;
}

/** The viewer's role: 'admin' for the posting's admin, else their joined row's role, else null. */
export function roleOf(
  adminUserId: string,
  viewerId: string,
  joinedRole: GroupRole | null | undefined,
): GroupRole | null {
  if (adminUserId === viewerId) return 'admin';
  if (joinedRole === 'coadmin' || joinedRole === 'member') return joinedRole;
  return null;
}

/** The posting's admin: delete, manage members, hand over. */
export const isAdmin = (access: GroupAccess): boolean => access.viewerRole === 'admin';

/** The admin or a co-admin: edit the posting, change its status, answer pings. */
export const canManage = (access: GroupAccess): boolean =>
  access.viewerRole === 'admin' || access.viewerRole === 'coadmin';

/** Member management (invitations, removal, roles, hand-over, the member rows of an edit). */
export const canManageMembers = isAdmin;

/** Deleting the posting. */
export const canDelete = isAdmin;

/** Answering pings to the posting. */
export const mayAnswerPings = canManage;

/** A posting hidden by moderation stays visible to its group and the moderators. */
export const mayViewHidden = (access: GroupAccess, viewerIsModerator: boolean): boolean =>
  access.viewerRole !== null || viewerIsModerator;

/** Why a posting is hidden (its moderation state): its managers and the moderators. */
export const mayKnowModeration = (access: GroupAccess, viewerIsModerator: boolean): boolean =>
  canManage(access) || viewerIsModerator;

/** What the admin typed for each member row, and where its invitation stands. */
export const maySeeTypedMembers = isAdmin;

/** A member who may leave the group by themselves (the admin hands it over first). */
export const mayLeave = (access: GroupAccess): boolean =>
  access.viewerRole === 'coadmin' || access.viewerRole === 'member';
