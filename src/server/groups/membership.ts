/** A student's own groups: the list of groups they joined, and leaving one. */

import { refusal } from '../../shared/authorization';
import { groupMessages, type MyGroupList } from '../../shared/schemas/groups';
import type { Viewer } from '../auth/session';
import type { GroupContext } from './context';
import { groupError, postingNotFound } from './errors';
import * as q from './queries';

export function createMembership({ db, placeLabel, visibleAccessOf }: GroupContext) {
  async function myGroups(viewer: Viewer): Promise<MyGroupList> {
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
  }

  /** A joined member or co-admin leaves; the admin hands the group over first. */
  async function leave(viewer: Viewer, postingId: string): Promise<{ left: true }> {
    await db.transaction(async (tx) => {
      const posting = await q.lockPosting(tx, postingId);
      if (!posting) throw postingNotFound();
      const access = await visibleAccessOf(tx, posting, viewer);
      const refused = refusal(viewer, 'group.leave', access);
      if (refused === 'admin-stays') throw groupError(409, 'ADMIN_CANNOT_LEAVE', groupMessages.adminCannotLeave);
      if (refused) throw groupError(403, 'NOT_A_MEMBER', groupMessages.notAMember);
      const row = (await q.lockMembers(tx, posting.id)).find((r) => r.userId === viewer.id && r.state === 'joined');
      if (!row) throw groupError(403, 'NOT_A_MEMBER', groupMessages.notAMember);
      await q.deleteMember(tx, row.id);
      await q.oneMemberFewer(tx, posting.id);
    });
    return { left: true as const };
  }

  return { myGroups, leave };
}
