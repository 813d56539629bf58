/**
 * A posting as one viewer may see it: the detail view's answer, with the group's members, the
 * viewer's place in the group and, for those who may know, its moderation state.
 */

import { isUuid } from '../../shared/ids';
import type { PostingDetail } from '../../shared/schemas/posting-view';
import type { Viewer } from '../auth/session';
import { toMemberView } from '../groups/member-view';
import {
  canManage,
  type GroupAccess,
  isAdmin,
  mayKnowModeration,
  maySeeTypedMembers,
  mayViewHidden,
} from '../groups/policy';
import type { GroupService } from '../groups/service';
import { notFound, type PostingServiceDeps } from './context';
import { imageUrl } from './images';
import * as q from './queries';

/** What a detail answer is made of: the posting's rows, its group and the viewer's place in it. */
type DetailRecord = q.PostingRecord & {
  members: Awaited<ReturnType<GroupService['listMembers']>>;
  access: GroupAccess;
};

function toDetail(record: DetailRecord, viewerId: string, viewerIsModerator: boolean): PostingDetail {
  const p = record.posting;
  const viewerIsAdmin = isAdmin(record.access);
  const adminContact: PostingDetail['adminContact'] = {
    name: p.adminName,
    email: p.adminEmail,
    academicYear: p.adminAcademicYear as PostingDetail['adminContact']['academicYear'],
    gender: p.adminGender as PostingDetail['adminContact']['gender'],
    customGender: p.adminCustomGender,
    // Contact by consent (issue 19): others see the admin's phone (off-campus postings only,
    // docs/product-spec.md section 2) and Instagram only when the admin ticked them; the group's
    // managers' edit form needs both back.
    phoneNumber:
      canManage(record.access) || (p.adminShowsPhone && p.listingLocation === 'offcampus') ? p.adminPhone : null,
    instagramHandle: canManage(record.access) || p.adminShowsInstagram ? p.adminInstagram : null,
  };
  const adminView = maySeeTypedMembers(record.access);
  return {
    id: p.id,
    listingLocation: p.listingLocation,
    dorm: p.dorm,
    address: p.address,
    adminContact,
    adminShowsPhone: p.adminShowsPhone,
    adminShowsInstagram: p.adminShowsInstagram,
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

export function createPostingDetail({
  db,
  groups,
  isModerator,
}: Pick<PostingServiceDeps, 'db' | 'groups' | 'isModerator'>) {
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

  return { getDetail };
}
