/**
 * A posting's status (Unfulfilled, Likely Fulfilled or Fulfilled), set by its managers. Marking it
 * Fulfilled counts toward groups matched and closes its open pings; re-opening it lists it again.
 */

import { messages } from '../../shared/messages';
import type { PostingStatus } from '../../shared/options';
import type { Viewer } from '../auth/session';
import type { Database, Executor } from '../db/client';
import { AppError } from '../http/errors';
import type { LoadAllowed, PostingServiceDeps } from './context';
import * as q from './queries';

export const statusFailed = () =>
  new AppError(500, 'STATUS_FAILED', messages.status.failed.title, messages.status.failed.message);

export function createPostingStatus(
  {
    db,
    log,
    onFulfilled,
    onListed,
    afterListed,
  }: Pick<PostingServiceDeps, 'db' | 'log' | 'onFulfilled' | 'onListed' | 'afterListed'>,
  loadAllowed: LoadAllowed,
) {
  /**
   * What marking a posting Fulfilled brings, by the status control or the e-mail's link alike: it
   * counts toward groups matched (decision 0012) and its open pings close.
   */
  async function fulfilled(tx: Executor, locked: q.PostingRow): Promise<void> {
    await q.recordFulfilment(tx, locked.id);
    await onFulfilled(tx, locked);
  }

  async function setStatus(
    viewer: Viewer,
    id: string,
    status: PostingStatus,
  ): Promise<{ status: PostingStatus; changed: boolean }> {
    const { row: current } = await loadAllowed(viewer, id, 'posting.changeStatus');
    if (current.status === status) return { status, changed: false };
    try {
      let reopened = false;
      const result = await db.transaction(async (tx) => {
        const { row: locked } = await loadAllowed(viewer, current.id, 'posting.changeStatus', tx, true);
        if (locked.status === status) return { status, changed: false };
        await q.updateStatus(tx, current.id, status);
        if (status === 'Fulfilled') await fulfilled(tx, locked);
        reopened = locked.status === 'Fulfilled';
        if (reopened) await onListed?.(tx, current.id);
        return { status, changed: true };
      });
      if (reopened) afterListed?.();
      return result;
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error }, 'updating a posting status failed');
      throw statusFailed();
    }
  }

  return { fulfilled, setStatus };
}

/** How many postings this deployment has seen marked Fulfilled, deleted ones included. */
export function countFulfilledPostings(db: Database): Promise<number> {
  return q.countFulfilments(db);
}
