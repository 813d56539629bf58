/**
 * The rules of creating and editing postings. Files are written before the database transaction and
 * removed again if anything fails, so a posting is saved as one unit: either the rows and their
 * files all exist, or none of them do.
 */

import { randomUUID } from 'node:crypto';
import { can } from '../../shared/authorization';
import { messages } from '../../shared/messages';
import { HOUSING_AIM_MAX, HOUSING_AIM_MIN, MAX_IMAGES_PER_POSTING } from '../../shared/options';
import { postingValidation } from '../../shared/posting-validation-messages';
import { type PostingWrite, validatePosting } from '../../shared/schemas/posting';
import type { PostingDetail } from '../../shared/schemas/posting-view';
import type { Viewer } from '../auth/session';
import type { GroupService } from '../groups/service';
import { AppError } from '../http/errors';
import { spendLimit } from '../limits/student-limits';
import { type LoadAllowed, type PostingServiceDeps, storageFailed, submissionFailed } from './context';
import { type PostingImages, planEdit, type UploadedImage } from './images';
import { locationOf } from './location';
import * as q from './queries';

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

export function createPostingEditing(
  {
    db,
    dormKeys,
    places,
    log,
    groups,
    onListed,
    afterListed,
  }: Pick<PostingServiceDeps, 'db' | 'dormKeys' | 'places' | 'log' | 'groups' | 'onListed' | 'afterListed'>,
  {
    loadAllowed,
    images,
    getDetail,
  }: {
    loadAllowed: LoadAllowed;
    images: PostingImages;
    getDetail: (viewer: Viewer, id: string) => Promise<PostingDetail>;
  },
) {
  const { removeFiles, inspectAll, storeImages, spendImageWork } = images;

  /** The posting fields as the account says: the admin's name and e-mail are never taken from the client. */
  function validateFields(
    admin: { name: string; email: string | null; contact?: Record<string, string | boolean> },
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
      places.pinBounds,
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
        await q.insertPosting(tx, postingId, viewer.id, write, locationOf(write, places), rows);
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
    const { row: current, access } = await loadAllowed(viewer, id, 'posting.edit');
    const stored = await groups.listMembers(db, current.id);
    // A co-admin edits the posting, never the admin's own contact details: those stay as stored.
    const admin = can(viewer, 'group.editMembers', access)
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
            adminShowsPhone: current.adminShowsPhone,
            adminShowsInstagram: current.adminShowsInstagram,
          },
        };
    // A co-admin's edit leaves the member rows as they are; the admin's keeps joined rows as stored.
    const { write, problems } = validateFields(
      admin,
      submission.posting,
      can(viewer, 'group.editMembers', access) ? (members) => keepJoinedRows(members, stored) : () => [{}],
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
        const { row: locked, access: now_ } = await loadAllowed(viewer, current.id, 'posting.edit', tx, true);
        const place = { id: locked.id, adminUserId: locked.adminUserId, adminName: locked.adminName };
        const count = can(viewer, 'group.editMembers', now_)
          ? await groups.mergeMembers(
              tx,
              { ...place, dorm: write.dorm, address: write.address },
              write.members,
              new Date(),
            )
          : (await groups.listMembers(tx, locked.id)).length;
        const sized = withSizes(
          can(viewer, 'group.editMembers', now_)
            ? write
            : { ...write, adminName: locked.adminName, adminEmail: locked.adminEmail },
          count,
        );
        // Another edit may have removed a kept image meanwhile.
        const now = await q.listImages(tx, current.id);
        const nowIds = new Set(now.map((row) => row.id));
        const keptIds = new Set(plan.filter((item) => item.kind === 'kept').map((item) => item.row.id));
        if ([...keptIds].some((keptId) => !nowIds.has(keptId))) throw submissionFailed([messages.images.unknownImage]);
        // Editing a posting a moderator hid (or reports hid) is its admin's appeal: back to the queue.
        const appeal = locked.hiddenAt !== null && locked.hiddenKind !== 'suspended';
        await q.replacePosting(tx, current.id, sized, locationOf(sized, places, locked), rows, { appeal });
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

  /** An edit's sender must be the posting's admin or a co-admin: checked before its body is read. */
  async function assertAdmin(viewer: Viewer, id: string): Promise<void> {
    await loadAllowed(viewer, id, 'posting.edit');
  }

  return { create, update, assertAdmin };
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
