/**
 * Deleting postings: one by its admin, or every posting of an account being deleted. The rows go in
 * one transaction; their stored images are removed once it has committed.
 */

import { messages } from '../../shared/messages';
import type { Viewer } from '../auth/session';
import type { Executor } from '../db/client';
import type { GroupService } from '../groups/service';
import { AppError } from '../http/errors';
import type { LoadAllowed, PostingServiceDeps } from './context';
import type { PostingImages } from './images';
import * as q from './queries';

export function createPostingRemoval(
  { db, log, groups }: Pick<PostingServiceDeps, 'db' | 'log' | 'groups'>,
  { loadAllowed, removeFiles }: { loadAllowed: LoadAllowed; removeFiles: PostingImages['removeFiles'] },
) {
  async function remove(viewer: Viewer, id: string): Promise<void> {
    await loadAllowed(viewer, id, 'posting.delete');
    let keys: string[] = [];
    try {
      await db.transaction(async (tx) => {
        await loadAllowed(viewer, id, 'posting.delete', tx, true);
        keys = (await q.listImages(tx, id)).flatMap((row) => [row.cardKey, row.fullKey]);
        await q.deletePosting(tx, id);
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error }, 'deleting a posting failed');
      throw new AppError(500, 'DELETE_FAILED', messages.api.internal.title, messages.deletePosting.failed);
    }
    await removeFiles(keys, 'the posting was deleted');
  }

  /** An account is being deleted: its postings go, and then their stored images. */
  async function removeAllOwnedBy(userId: string): Promise<void> {
    const keys = await db.transaction((tx) => deletePostingsOwnedBy(tx, groups, userId));
    await removeFiles(keys, 'their admin deleted the account');
  }

  return { remove, removeAllOwnedBy };
}

/**
 * Inside the caller's transaction (an account being deleted; decisions 0012 and 0024): each group the
 * user administers goes to its longest-joined co-admin, the rows they joined elsewhere go, and every
 * posting still theirs is deleted with its members, images, bookmarks and pings. Returns the storage
 * keys of the deleted postings' images: the caller removes those files once the transaction has
 * committed.
 */
export async function deletePostingsOwnedBy(tx: Executor, groups: GroupService, userId: string): Promise<string[]> {
  await groups.accountDeleted(tx, userId);
  return q.deletePostingsOfAdmin(tx, userId);
}
