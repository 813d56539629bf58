/**
 * Groups of students who said yes (issue 23, docs/decisions/0024), put together from its parts:
 * the member rows saved with a posting (roster.ts), invitation links and the invited student's
 * answers (invitations.ts), the admin's member management (member-management.ts), a student's own
 * groups (membership.ts), what each member shares (sharing.ts), and what an account's deletion does
 * to its groups (account-deletion.ts). Who may do what is decided in src/shared/authorization.ts.
 */

import type { Executor } from '../db/client';
import { createAccountDeletion } from './account-deletion';
import { createGroupContext, type GroupServiceDeps } from './context';
import { createInvitations } from './invitations';
import { createMemberManagement } from './member-management';
import { createMembership } from './membership';
import * as q from './queries';
import { createGroupRoster } from './roster';
import { createSharing } from './sharing';

export type { GroupServiceDeps } from './context';

export function createGroupService(deps: GroupServiceDeps) {
  const context = createGroupContext(deps);
  const roster = createGroupRoster(context);
  return {
    accessOf: context.accessOf,
    /** The posting's member rows with what the detail view shows of each. */
    listMembers: (executor: Executor, postingId: string) => q.listMembers(executor, postingId),
    insertNewGroup: roster.insertNewGroup,
    /**
     * The posting's group as its roommate agreement needs it (the parties: the admin and each joined
     * member), the posting row locked when `lock` (in a transaction: membership waits for the agreement's write).
     */
    agreementGroup: (executor: Executor, postingId: string, lock = false) =>
      q.agreementGroup(executor, postingId, lock),
    mergeMembers: roster.mergeMembers,
    ...createInvitations(context),
    ...createMembership(context),
    ...createSharing(context),
    ...createMemberManagement(context, roster),
    ...createAccountDeletion(context),
  };
}

export type GroupService = ReturnType<typeof createGroupService>;
