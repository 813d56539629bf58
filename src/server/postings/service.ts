/**
 * The rules of creating, editing, deleting and changing the status of postings. Files are written
 * before the database transaction and removed again if anything fails, so a posting is saved as one
 * unit: either the rows and their files all exist, or none of them do.
 */

import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { freshnessMessages } from '../../shared/freshness';
import { isUuid } from '../../shared/ids';
import { messages } from '../../shared/messages';
import { HOUSING_AIM_MAX, HOUSING_AIM_MIN, MAX_IMAGES_PER_POSTING, type PostingStatus } from '../../shared/options';
import { postingValidation } from '../../shared/posting-validation-messages';
import type { RenewalPreview, RenewalResult } from '../../shared/schemas/freshness';
import { type PostingWrite, validatePosting } from '../../shared/schemas/posting';
import type { PostingDetail } from '../../shared/schemas/posting-view';
import type { Viewer } from '../auth/session';
import type { Database, Executor } from '../db/client';
import {
  canDelete,
  canManage,
  type GroupAccess,
  isAdmin,
  mayKnowModeration,
  maySeeTypedMembers,
  mayViewHidden,
} from '../groups/policy';
import { type GroupService, toMemberView } from '../groups/service';
import { AppError, errors } from '../http/errors';
import { ImageRejected, inspectImage, renderVariants } from '../images/images';
import { spendLimit } from '../limits/student-limits';
import type { Storage } from '../storage';
import * as q from './queries';
import { readRenewalToken } from './renewal-token';

export const IMAGE_URL_PREFIX = '/api/images/';
export const POSTINGS_KEY_PREFIX = 'postings/';
/** The start-up sweep leaves files younger than this alone: another server may be saving them right now. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

export interface UploadedImage {
  /** The file name as sent, only to name the file in messages. */
  name: string;
  /** The temporary file the upload was streamed to (the route removes it when the request ends). */
  path: string;
}

/** What a create or edit request carried, as read from the multipart body. */
export interface Submission {
  /** The parsed `posting` JSON field (anything; the schema judges it). */
  posting: unknown;
  /** Edit only: existing image ids and `new:<n>` (the n-th uploaded file), in display order. */
  imageOrder: unknown;
  images: UploadedImage[];
  /** Problems found while reading the request (a file too large, too many files). */
  problems: string[];
}

export const imageUrl = (key: string) => `${IMAGE_URL_PREFIX}${key}`;

function submissionFailed(details: string[]): AppError {
  return new AppError(400, 'VALIDATION_FAILED', messages.submit.failedTitle, details.join('\n'), details);
}

function storageFailed(): AppError {
  return new AppError(500, 'STORAGE_FAILED', messages.submit.failedTitle, messages.submit.storageError);
}

const notFound = () => errors.notFound(messages.postingAccess.notFound.message, messages.postingAccess.notFound.title);
const notAdmin = () =>
  errors.forbidden(messages.postingAccess.notAdmin, messages.api.forbidden.title, 'NOT_POSTING_ADMIN');

/** What a detail answer is made of: the posting's rows, its group and the viewer's place in it. */
type DetailRecord = q.PostingRecord & {
  members: Awaited<ReturnType<GroupService['listMembers']>>;
  access: GroupAccess;
};

/** One image of the final, ordered list: either kept from before or newly uploaded. */
type PlannedImage = { kind: 'kept'; row: q.PostingImageRow } | { kind: 'new'; upload: UploadedImage };

function toDetail(record: DetailRecord, viewerId: string, viewerIsModerator: boolean): PostingDetail {
  const p = record.posting;
  const viewerIsAdmin = isAdmin(record.access);
  const adminContact: PostingDetail['adminContact'] = {
    name: p.adminName,
    email: p.adminEmail,
    academicYear: p.adminAcademicYear as PostingDetail['adminContact']['academicYear'],
    gender: p.adminGender as PostingDetail['adminContact']['gender'],
    customGender: p.adminCustomGender,
    // The detail view shows the admin's phone for off-campus postings only (spec section 2); the
    // group's managers' edit form needs it back.
    phoneNumber: canManage(record.access) || p.listingLocation === 'offcampus' ? p.adminPhone : null,
    instagramHandle: p.adminInstagram,
  };
  const adminView = maySeeTypedMembers(record.access);
  return {
    id: p.id,
    listingLocation: p.listingLocation,
    dorm: p.dorm,
    address: p.address,
    adminContact,
    aimInteger: p.aimInteger,
    curGroupSize: p.curGroupSize,
    curNumSeek: p.curNumSeek,
    members: record.members.map((member) => toMemberView(member, { viewerId, adminView, adminContact })),
    monthlyRent: p.monthlyRent,
    rentType: p.rentType,
    rentStart: p.rentStart,
    rentEnd: p.rentEnd,
    utilities: p.utilities,
    sublet: p.sublet,
    status: p.status,
    images: record.images.map((image) => ({
      id: image.id,
      cardUrl: imageUrl(image.cardKey),
      fullUrl: imageUrl(image.fullKey),
      width: image.width,
      height: image.height,
    })),
    interestCount: record.interestCount,
    description: p.description,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    viewerIsAdmin,
    viewerRole: record.access.viewerRole,
    viewerBookmarked: record.viewerBookmarked,
    viewerPing: record.viewerPing,
    staleAt: p.staleAt ? p.staleAt.toISOString() : null,
    moderation: mayKnowModeration(record.access, viewerIsModerator)
      ? {
          hidden: p.hiddenAt !== null,
          kind: p.hiddenKind,
          reason: p.hiddenReason,
          appealPending: p.hiddenAt !== null && p.appealedAt !== null,
        }
      : null,
  };
}

export interface PostingServiceDeps {
  db: Database;
  storage: Storage;
  dormKeys: readonly string[];
  log: FastifyBaseLogger;
  /** Runs inside the transaction that marks a posting Fulfilled (its open pings close). */
  onFulfilled: (tx: Executor, posting: q.PostingRow) => Promise<void>;
  /** Moderators may open hidden postings. */
  isModerator: (email: string) => boolean;
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
}

const invalidRenewal = () =>
  new AppError(400, 'RENEWAL_LINK_INVALID', freshnessMessages.invalidLink.title, freshnessMessages.invalidLink.message);
const expiredRenewal = () =>
  new AppError(410, 'RENEWAL_LINK_EXPIRED', freshnessMessages.expiredLink.title, freshnessMessages.expiredLink.message);
const usedRenewal = () =>
  new AppError(410, 'RENEWAL_LINK_USED', freshnessMessages.usedLink.title, freshnessMessages.usedLink.message);

export function createPostingService({
  db,
  storage,
  dormKeys,
  log,
  onFulfilled,
  isModerator,
  renewalSecret,
  renewalLinkMaxAgeMs,
  placeLabel,
  onListed,
  afterListed,
  groups,
}: PostingServiceDeps) {
  /** Best effort: a file left behind is harmless and the next start-up sweep removes it. */
  async function removeFiles(keys: string[], why: string): Promise<void> {
    if (keys.length === 0) return;
    try {
      await storage.delete(keys);
    } catch (error) {
      log.warn({ err: error, keys: keys.length }, `could not remove stored files (${why}); the start-up sweep will`);
    }
  }

  /** The posting fields as the account says: the admin's name and e-mail are never taken from the client. */
  function validateFields(
    admin: { name: string; email: string | null; contact?: Record<string, string> },
    posting: unknown,
    members?: (input: unknown) => unknown,
  ): { write: PostingWrite | null; problems: string[] } {
    const input: Record<string, unknown> =
      typeof posting === 'object' && posting !== null && !Array.isArray(posting)
        ? (posting as Record<string, unknown>)
        : {};
    const fields = members ? { ...input, members: members(input.members) } : input;
    const result = validatePosting(
      { ...fields, ...admin.contact, adminName: admin.name, adminEmail: admin.email },
      dormKeys,
    );
    return result.success ? { write: result.data, problems: [] } : { write: null, problems: result.messages };
  }

  /** The sizes follow the stored member rows (an edit keeps joined members whatever it sent). */
  function withSizes(write: PostingWrite, curGroupSize: number): PostingWrite {
    const aimInteger = curGroupSize + write.curNumSeek;
    if (aimInteger > HOUSING_AIM_MAX) {
      throw submissionFailed([postingValidation.targetSize(HOUSING_AIM_MIN, HOUSING_AIM_MAX)]);
    }
    const rentPerPerson =
      write.monthlyRent === null
        ? null
        : write.rentType === 'total'
          ? Math.round(write.monthlyRent / aimInteger)
          : write.monthlyRent;
    return { ...write, curGroupSize, aimInteger, rentPerPerson };
  }

  async function inspectAll(images: UploadedImage[]): Promise<string[]> {
    const problems: string[] = [];
    for (const image of images) {
      const result = await inspectImage(image.path, image.name);
      if (!result.ok) problems.push(result.message);
    }
    return problems;
  }

  /** Renders and stores the new images in order; on any failure removes what it wrote. */
  async function storeImages(
    postingId: string,
    plan: PlannedImage[],
  ): Promise<{ rows: q.ImageRowInput[]; written: string[] }> {
    const written: string[] = [];
    const rows: q.ImageRowInput[] = [];
    try {
      for (const item of plan) {
        if (item.kind === 'kept') {
          const { id, cardKey, fullKey, width, height, createdAt } = item.row;
          rows.push({ id, cardKey, fullKey, width, height, createdAt });
          continue;
        }
        const variants = await renderVariants(item.upload.path, item.upload.name);
        const id = randomUUID();
        const cardKey = `${POSTINGS_KEY_PREFIX}${postingId}/${id}-card.webp`;
        const fullKey = `${POSTINGS_KEY_PREFIX}${postingId}/${id}-full.webp`;
        written.push(cardKey);
        await storage.put(cardKey, variants.card, 'image/webp');
        written.push(fullKey);
        await storage.put(fullKey, variants.full, 'image/webp');
        rows.push({ id, cardKey, fullKey, width: variants.width, height: variants.height });
      }
    } catch (error) {
      await removeFiles(written, 'a save failed');
      if (error instanceof ImageRejected) throw submissionFailed([error.message]);
      log.error({ err: error }, 'storing posting images failed');
      throw storageFailed();
    }
    return { rows, written };
  }

  /**
   * The images about to be decoded count toward the student's daily image work, in a transaction of
   * their own: the work is spent even if the save fails after it (a file that decodes badly).
   */
  async function spendImageWork(viewer: Viewer, count: number): Promise<void> {
    if (count === 0) return;
    try {
      await db.transaction((tx) => spendLimit(tx, viewer.id, 'imageWork', count));
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error }, 'counting image work failed');
      throw storageFailed();
    }
  }

  /** The posting, if the viewer may do what `allowed` says with it (policy.ts); else 404 or 403. */
  async function loadAllowed(
    viewer: Viewer,
    id: string,
    allowed: (access: GroupAccess) => boolean,
    executor: Executor = db,
    lock = false,
  ): Promise<{ row: q.PostingRow; access: GroupAccess }> {
    if (!isUuid(id)) throw notFound();
    const row = lock ? await q.lockPosting(executor, id) : await q.findPosting(executor, id);
    if (!row) throw notFound();
    const access = await groups.accessOf(executor, row, viewer.id);
    if (!allowed(access)) throw notAdmin();
    return { row, access };
  }

  /** The final image list of an edit: kept ids and new files in the order asked for. */
  function planEdit(existing: q.PostingImageRow[], order: unknown, uploads: UploadedImage[]): PlannedImage[] | string {
    const byId = new Map(existing.map((row) => [row.id, row]));
    if (order === undefined) {
      return [
        ...existing.map((row) => ({ kind: 'kept', row }) as const),
        ...uploads.map((upload) => ({ kind: 'new', upload }) as const),
      ];
    }
    if (!Array.isArray(order) || !order.every((token) => typeof token === 'string'))
      return postingValidation.unreadable;
    const plan: PlannedImage[] = [];
    const used = new Set<string>();
    for (const token of order as string[]) {
      if (used.has(token)) return postingValidation.unreadable;
      used.add(token);
      const newIndex = /^new:(\d+)$/.exec(token);
      if (newIndex) {
        const upload = uploads[Number(newIndex[1])];
        if (!upload) return postingValidation.unreadable;
        plan.push({ kind: 'new', upload });
        continue;
      }
      const row = byId.get(token);
      if (!row) return messages.images.unknownImage;
      plan.push({ kind: 'kept', row });
    }
    // Files the order does not mention still belong to the posting, after the others.
    uploads.forEach((upload, i) => {
      if (!used.has(`new:${i}`)) plan.push({ kind: 'new', upload });
    });
    return plan;
  }

  async function getDetail(viewer: Viewer, id: string): Promise<PostingDetail> {
    if (!isUuid(id)) throw notFound();
    const record = await q.loadPostingRecord(db, id, viewer.id);
    if (!record) throw notFound();
    const moderator = isModerator(viewer.email);
    const access = await groups.accessOf(db, record.posting, viewer.id);
    // A hidden posting is there only for its group (whose managers see why) and the moderators.
    if (record.posting.hiddenAt !== null && !mayViewHidden(access, moderator)) throw notFound();
    const members = await groups.listMembers(db, id);
    return toDetail({ ...record, members, access }, viewer.id, moderator);
  }

  /**
   * Whether the viewer may fetch a stored image (key `postings/<posting id>/...`): its posting
   * exists and is not hidden, or the viewer is its admin or a moderator. Otherwise the image
   * answers as a missing one does.
   */
  async function mayViewImage(viewer: Viewer, key: string): Promise<boolean> {
    const postingId = key.split('/')[1] ?? '';
    if (!key.startsWith(POSTINGS_KEY_PREFIX) || !isUuid(postingId)) return false;
    const row = await q.findPosting(db, postingId);
    if (!row) return false;
    if (row.hiddenAt === null) return true;
    return mayViewHidden(await groups.accessOf(db, row, viewer.id), isModerator(viewer.email));
  }

  async function create(viewer: Viewer, submission: Submission): Promise<PostingDetail> {
    const { write, problems } = validateFields(viewer, submission.posting);
    problems.push(...submission.problems);
    if (submission.images.length > MAX_IMAGES_PER_POSTING)
      problems.push(messages.images.tooMany(MAX_IMAGES_PER_POSTING));
    problems.push(...(await inspectAll(submission.images)));
    if (!write || problems.length > 0) throw submissionFailed([...new Set(problems)]);
    await spendImageWork(viewer, submission.images.length);

    const postingId = randomUUID();
    const { rows, written } = await storeImages(
      postingId,
      submission.images.map((upload) => ({ kind: 'new', upload })),
    );
    try {
      await db.transaction(async (tx) => {
        await spendLimit(tx, viewer.id, 'postings');
        await q.insertPosting(tx, postingId, viewer.id, write, rows);
        await groups.insertNewGroup(
          tx,
          { id: postingId, adminUserId: viewer.id, adminName: viewer.name, dorm: write.dorm, address: write.address },
          write.members,
          new Date(),
        );
        await onListed?.(tx, postingId);
      });
    } catch (error) {
      await removeFiles(written, 'the database refused the posting');
      if (error instanceof AppError) throw error;
      log.error({ err: error }, 'saving a posting failed');
      throw storageFailed();
    }
    afterListed?.();
    return getDetail(viewer, postingId);
  }

  async function update(viewer: Viewer, id: string, submission: Submission): Promise<PostingDetail> {
    const { row: current, access } = await loadAllowed(viewer, id, canManage);
    const stored = await groups.listMembers(db, current.id);
    // A co-admin edits the posting, never the admin's own contact details: those stay as stored.
    const admin = isAdmin(access)
      ? { name: viewer.name, email: viewer.email }
      : {
          name: current.adminName,
          email: current.adminEmail,
          contact: {
            adminAcademicYear: current.adminAcademicYear,
            adminGender: current.adminGender,
            adminCustomGender: current.adminCustomGender ?? '',
            adminPhone: current.adminPhone ?? '',
            adminInstagram: current.adminInstagram ?? '',
          },
        };
    // A co-admin's edit leaves the member rows as they are; the admin's keeps joined rows as stored.
    const { write, problems } = validateFields(
      admin,
      submission.posting,
      isAdmin(access) ? (members) => keepJoinedRows(members, stored) : () => [{}],
    );
    problems.push(...submission.problems);
    const existing = await q.listImages(db, current.id);
    const plan = planEdit(existing, submission.imageOrder, submission.images);
    if (typeof plan === 'string') problems.push(plan);
    else if (plan.length > MAX_IMAGES_PER_POSTING) problems.push(messages.images.tooMany(MAX_IMAGES_PER_POSTING));
    problems.push(...(await inspectAll(submission.images)));
    if (!write || typeof plan === 'string' || problems.length > 0) throw submissionFailed([...new Set(problems)]);
    await spendImageWork(viewer, plan.filter((item) => item.kind === 'new').length);

    const { rows, written } = await storeImages(current.id, plan);
    let removedKeys: string[] = [];
    try {
      await db.transaction(async (tx) => {
        const { row: locked, access: now_ } = await loadAllowed(viewer, current.id, canManage, tx, true);
        const place = { id: locked.id, adminUserId: locked.adminUserId, adminName: locked.adminName };
        const count = isAdmin(now_)
          ? await groups.mergeMembers(
              tx,
              { ...place, dorm: write.dorm, address: write.address },
              write.members,
              new Date(),
            )
          : (await groups.listMembers(tx, locked.id)).length;
        const sized = withSizes(
          isAdmin(now_) ? write : { ...write, adminName: locked.adminName, adminEmail: locked.adminEmail },
          count,
        );
        // Another edit may have removed a kept image meanwhile.
        const now = await q.listImages(tx, current.id);
        const nowIds = new Set(now.map((row) => row.id));
        const keptIds = new Set(plan.filter((item) => item.kind === 'kept').map((item) => item.row.id));
        if ([...keptIds].some((keptId) => !nowIds.has(keptId))) throw submissionFailed([messages.images.unknownImage]);
        // Editing a posting a moderator hid (or reports hid) is its admin's appeal: back to the queue.
        const appeal = locked.hiddenAt !== null && locked.hiddenKind !== 'suspended';
        await q.replacePosting(tx, current.id, sized, rows, { appeal });
        removedKeys = now.filter((row) => !keptIds.has(row.id)).flatMap((row) => [row.cardKey, row.fullKey]);
      });
    } catch (error) {
      await removeFiles(written, 'an edit failed');
      if (error instanceof AppError) throw error;
      log.error({ err: error }, 'saving an edited posting failed');
      throw storageFailed();
    }
    await removeFiles(removedKeys, 'images removed by an edit');
    return getDetail(viewer, current.id);
  }

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
    const { row: current } = await loadAllowed(viewer, id, canManage);
    if (current.status === status) return { status, changed: false };
    try {
      let reopened = false;
      const result = await db.transaction(async (tx) => {
        const { row: locked } = await loadAllowed(viewer, current.id, canManage, tx, true);
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
      throw new AppError(500, 'STATUS_FAILED', messages.status.failed.title, messages.status.failed.message);
    }
  }

  async function remove(viewer: Viewer, id: string): Promise<void> {
    await loadAllowed(viewer, id, canDelete);
    let keys: string[] = [];
    try {
      await db.transaction(async (tx) => {
        await loadAllowed(viewer, id, canDelete, tx, true);
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
    const keys = await db.transaction(async (tx) => {
      await groups.accountDeleted(tx, userId);
      return q.deletePostingsOfAdmin(tx, userId);
    });
    await removeFiles(keys, 'their admin deleted the account');
  }

  /** The admin confirms from the detail page that the group is still looking (like the e-mail's link). */
  async function renew(viewer: Viewer, id: string): Promise<{ updatedAt: string }> {
    await loadAllowed(viewer, id, canManage);
    return db.transaction(async (tx) => {
      await loadAllowed(viewer, id, canManage, tx, true);
      await q.renewPosting(tx, id);
      const fresh = await q.findPosting(tx, id);
      return { updatedAt: (fresh?.updatedAt ?? new Date()).toISOString() };
    });
  }

  /** The link's claim, if it is genuine and still within its time. */
  function readLink(token: string) {
    const claim = readRenewalToken(renewalSecret, token);
    if (!claim) throw invalidRenewal();
    if (!claim.issuedAt || Date.now() - claim.issuedAt.getTime() > renewalLinkMaxAgeMs) throw expiredRenewal();
    return claim;
  }

  /** What a renewal link would do; changes nothing (mail scanners may open links). */
  async function previewRenewal(token: string): Promise<RenewalPreview> {
    const claim = readLink(token);
    const row = await q.findPosting(db, claim.postingId);
    if (!row) throw usedRenewal();
    if (row.renewalNonce !== claim.nonce) throw usedRenewal();
    return { action: claim.action, postingId: row.id, place: placeLabel(row) };
  }

  /**
   * Does what a renewal link says, once: the nonce it carries is cleared in the same transaction,
   * so this link and its sibling stop working. 'fulfil' follows the status change's rules.
   */
  async function applyRenewal(token: string): Promise<RenewalResult> {
    const claim = readLink(token);
    try {
      return await db.transaction(async (tx) => {
        const locked = await q.lockPosting(tx, claim.postingId);
        if (!locked || locked.renewalNonce !== claim.nonce) throw usedRenewal();
        if (claim.action === 'renew') {
          await q.renewPosting(tx, locked.id);
          return { action: claim.action, postingId: locked.id, message: freshnessMessages.renewed };
        }
        await q.updateStatus(tx, locked.id, 'Fulfilled');
        if (locked.status !== 'Fulfilled') await fulfilled(tx, locked);
        return { action: claim.action, postingId: locked.id, message: freshnessMessages.fulfilled };
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error }, 'applying a renewal link failed');
      throw new AppError(500, 'STATUS_FAILED', messages.status.failed.title, messages.status.failed.message);
    }
  }

  /** An edit's sender must be the posting's admin or a co-admin: checked before its body is read. */
  async function assertAdmin(viewer: Viewer, id: string): Promise<void> {
    await loadAllowed(viewer, id, canManage);
  }

  return {
    getDetail,
    mayViewImage,
    assertAdmin,
    create,
    update,
    setStatus,
    remove,
    removeAllOwnedBy,
    renew,
    previewRenewal,
    applyRenewal,
  };
}

export type PostingService = ReturnType<typeof createPostingService>;

/** Removes stored files that no posting image references (older than the grace period). */
export async function sweepOrphanedFiles(
  db: Database,
  storage: Storage,
  { olderThanMs = SWEEP_GRACE_MS, now = Date.now() }: { olderThanMs?: number; now?: number } = {},
): Promise<{ removed: number }> {
  const candidates = (await storage.list(POSTINGS_KEY_PREFIX))
    .filter((item) => now - item.lastModified.getTime() >= olderThanMs)
    .map((item) => item.key);
  if (candidates.length === 0) return { removed: 0 };
  const referenced = await q.referencedKeys(db, candidates);
  const orphans = candidates.filter((key) => !referenced.has(key));
  await storage.delete(orphans);
  return { removed: orphans.length };
}

/** How many postings this deployment has seen marked Fulfilled, deleted ones included. */
export function countFulfilledPostings(db: Database): Promise<number> {
  return q.countFulfilments(db);
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

/**
 * An admin's submitted member list with every stored joined row's place filled with what is stored
 * (so validation judges only what the admin may change; the merge keeps those rows as stored).
 */
function keepJoinedRows(members: unknown, stored: Awaited<ReturnType<GroupService['listMembers']>>): unknown {
  if (!Array.isArray(members)) return members;
  const joined = new Map(stored.filter((m) => m.row.state === 'joined').map((m) => [m.row.id, m.row]));
  return members.map((member: unknown) => {
    const id = typeof member === 'object' && member !== null ? (member as { id?: unknown }).id : undefined;
    const row = typeof id === 'string' ? joined.get(id) : undefined;
    if (!row) return member;
    return {
      id: row.id,
      name: row.name,
      academicYear: row.academicYear,
      gender: row.gender,
      customGender: row.customGender ?? '',
      email: '',
      instagramHandle: '',
    };
  });
}
