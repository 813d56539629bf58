/** What an account's deletion does to the groups it administers and the groups it joined. */

import type { Executor } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import type { GroupContext } from './context';
import { transfer } from './member-management';
import * as q from './queries';

export function createAccountDeletion({ mails }: Pick<GroupContext, 'mails'>) {
  /**
   * An account is being deleted (inside that transaction; decision 0024): each group it
   * administers goes to its longest-joined co-admin, and its members are told; the rows it joined
   * elsewhere go (their groups seek one more). Returns the postings left with no heir: the caller
   * deletes them (their members are told here).
   */
  async function accountDeleted(tx: Executor, userId: string): Promise<string[]> {
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
  }

  return { accountDeleted };
}
