/**
 * A posting's stored images: checking uploads, rendering and storing their variants in the order
 * asked for, removing files no longer wanted, who may fetch them, and the start-up sweep of files
 * no posting references.
 */

import { randomUUID } from 'node:crypto';
import { can } from '../../shared/authorization';
import { isUuid } from '../../shared/ids';
import { messages } from '../../shared/messages';
import { postingValidation } from '../../shared/posting-validation-messages';
import type { Viewer } from '../auth/session';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { ImageRejected, inspectImage, renderVariants } from '../images/images';
import { spendLimit } from '../limits/student-limits';
import type { Storage } from '../storage';
import { type PostingServiceDeps, storageFailed, submissionFailed } from './context';
import * as q from './queries';

export const IMAGE_URL_PREFIX = '/api/images/';
export const POSTINGS_KEY_PREFIX = 'postings/';
/** The start-up sweep leaves files younger than this alone: another server may be saving them right now. */
const SWEEP_GRACE_MS = 60 * 60 * 1000;

export const imageUrl = (key: string) => `${IMAGE_URL_PREFIX}${key}`;

export interface UploadedImage {
  /** The file name as sent, only to name the file in messages. */
  name: string;
  /** The temporary file the upload was streamed to (the route removes it when the request ends). */
  path: string;
}

/** One image of the final, ordered list: either kept from before or newly uploaded. */
export type PlannedImage = { kind: 'kept'; row: q.PostingImageRow } | { kind: 'new'; upload: UploadedImage };

/** The final image list of an edit: kept ids and new files in the order asked for. */
export function planEdit(
  existing: q.PostingImageRow[],
  order: unknown,
  uploads: UploadedImage[],
): PlannedImage[] | string {
  const byId = new Map(existing.map((row) => [row.id, row]));
  if (order === undefined) {
    return [
      ...existing.map((row) => ({ kind: 'kept', row }) as const),
      ...uploads.map((upload) => ({ kind: 'new', upload }) as const),
    ];
  }
  if (!Array.isArray(order) || !order.every((token) => typeof token === 'string')) return postingValidation.unreadable;
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

export function createPostingImages({
  db,
  storage,
  log,
  groups,
}: Pick<PostingServiceDeps, 'db' | 'storage' | 'log' | 'groups'>) {
  /** Best effort: a file left behind is harmless and the next start-up sweep removes it. */
  async function removeFiles(keys: string[], why: string): Promise<void> {
    if (keys.length === 0) return;
    try {
      await storage.delete(keys);
    } catch (error) {
      log.warn({ err: error, keys: keys.length }, `could not remove stored files (${why}); the start-up sweep will`);
    }
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
    return can(viewer, 'posting.view', { ...(await groups.accessOf(db, row, viewer.id)), hidden: true });
  }

  return { removeFiles, inspectAll, storeImages, spendImageWork, mayViewImage };
}

export type PostingImages = ReturnType<typeof createPostingImages>;

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
