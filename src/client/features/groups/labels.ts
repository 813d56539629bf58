import type { GroupRole, MemberState } from '../../../shared/schemas/groups';

/** How a member row's state reads. */
export const MEMBER_STATE_LABELS: Record<MemberState, string> = {
  'not-invited': 'Not invited',
  invited: 'Invited',
  joined: 'Joined',
  declined: 'Declined',
};

/** How a role in a group reads. */
export const GROUP_ROLE_LABELS: Record<GroupRole, string> = {
  admin: 'Administrator',
  coadmin: 'Co-admin',
  member: 'Member',
};
