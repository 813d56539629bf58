/**
 * What every part of the postings service shares: its dependencies, the access check that opens a
 * posting for one viewer, and the errors a save answers with.
 */

import type { FastifyBaseLogger } from 'fastify';
import { type Action, can } from '../../shared/authorization';
import { isUuid } from '../../shared/ids';
import { messages } from '../../shared/messages';
import type { Viewer } from '../auth/session';
import type { Database, Executor } from '../db/client';
import type { GroupAccess } from '../groups/context';
import type { GroupService } from '../groups/service';
import { AppError, errors } from '../http/errors';
import type { Storage } from '../storage';
import type { PostingDetailCache } from './detail-cache';
import type { CollegePlaces } from './location';
import * as q from './queries';

export interface PostingServiceDeps {
  db: Database;
  storage: Storage;
  dormKeys: readonly string[];
  /** The campus places, shuttle stops and pin bounds of the college config (issue 33). */
  places: CollegePlaces;
  log: FastifyBaseLogger;
  /** Runs inside the transaction that marks a posting Fulfilled (its open pings close). */
  onFulfilled: (tx: Executor, posting: q.PostingRow) => Promise<void>;
  /** The key the renewal links are signed with. */
  renewalSecret: string;
  /** How long a renewal link works after it was made: the stale period (issue 22). */
  renewalLinkMaxAgeMs: number;
  /** How a posting is named to people (the dorm's label or the address). */
  placeLabel: (posting: { dorm: string | null; address: string | null }) => string;
  /**
   * Runs inside the transaction that lists a posting: creates it, or re-opens it from Fulfilled
   * (saved-search alerts record it); `afterListed` runs once that transaction has committed.
   */
  onListed?: (tx: Executor, postingId: string) => Promise<void>;
  afterListed?: () => void;
  /** The groups feature: member rows, invitations and who is who in a group. */
  groups: GroupService;
  /** What each posting's detail answer is made of, kept exact by the database's announcements. */
  detailCache: PostingDetailCache;
  /** The ids of the postings a student bookmarked (cached for search cards too). */
  viewerBookmarks: (userId: string) => Promise<ReadonlySet<string>>;
}

export function submissionFailed(details: string[]): AppError {
  return new AppError(400, 'VALIDATION_FAILED', messages.submit.failedTitle, details.join('\n'), details);
}

export function storageFailed(): AppError {
  return new AppError(500, 'STORAGE_FAILED', messages.submit.failedTitle, messages.submit.storageError);
}

export const notFound = () =>
  errors.notFound(messages.postingAccess.notFound.message, messages.postingAccess.notFound.title);
const notAdmin = () =>
  errors.forbidden(messages.postingAccess.notAdmin, messages.api.forbidden.title, 'NOT_POSTING_ADMIN');

/**
 * The posting, if the viewer may do `action` with it (src/shared/authorization.ts); else 404 or 403. A
 * hidden posting is missing to everyone who may not see it (issue 30): its 403 would tell it exists.
 */
/** What a posting's group decides, the posting read first. */
export type PostingAction = Extract<
  Action,
  'posting.edit' | 'posting.changeStatus' | 'posting.renew' | 'posting.delete'
>;

export type LoadAllowed = (
  viewer: Viewer,
  id: string,
  action: PostingAction,
  executor?: Executor,
  lock?: boolean,
) => Promise<{ row: q.PostingRow; access: GroupAccess }>;

export function createAccessCheck({ db, groups }: Pick<PostingServiceDeps, 'db' | 'groups'>): LoadAllowed {
  return async function loadAllowed(viewer, id, action, executor = db, lock = false) {
    if (!isUuid(id)) throw notFound();
    const row = lock ? await q.lockPosting(executor, id) : await q.findPosting(executor, id);
    if (!row) throw notFound();
    const access = await groups.accessOf(executor, row, viewer.id);
    if (!can(viewer, 'posting.view', { ...access, hidden: row.hiddenAt !== null })) throw notFound();
    if (!can(viewer, action, access)) throw notAdmin();
    return { row, access };
  };
}
