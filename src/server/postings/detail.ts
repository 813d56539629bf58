/**
 * A posting as one viewer may see it: the detail view's answer, with the group's members, the
 * viewer's place in the group and, for those who may know, its moderation state.
 */

import { can, type Viewer as RuleViewer, roleOf } from '../../shared/authorization';
import { isUuid } from '../../shared/ids';
import type { PostingDetail } from '../../shared/schemas/posting-view';
import { toWalkViews } from '../../shared/walking';
import type { Viewer } from '../auth/session';
import type { GroupAccess } from '../groups/context';
import { toMemberView } from '../groups/member-view';
import { notFound, type PostingServiceDeps } from './context';
import { imageUrl } from './images';
import { type CollegePlaces, pinFor } from './location';
import * as q from './queries';

/** What a detail answer is made of: the posting's rows, and the viewer's place and marks. */
interface DetailRecord {
  source: q.PostingSource;
  access: GroupAccess;
  viewerBookmarked: boolean;
  viewerPing: q.ViewerPing | null;
}

function toDetail(record: DetailRecord, viewer: RuleViewer, places: CollegePlaces): PostingDetail {
  const p = record.source.posting;
  const viewerId = viewer.id;
  const viewerIsAdmin = record.access.viewerRole === 'admin';
  const managerView = can(viewer, 'posting.edit', record.access);
  const adminContact: PostingDetail['adminContact'] = {
    name: p.adminName,
    email: p.adminEmail,
    academicYear: p.adminAcademicYear as PostingDetail['adminContact']['academicYear'],
    gender: p.adminGender as PostingDetail['adminContact']['gender'],
    customGender: p.adminCustomGender,
    // Contact by consent (issue 19): others see the admin's phone (off-campus postings only,
    // docs/product-spec.md section 2) and Instagram only when the admin ticked them; the group's
    // managers' edit form needs both back.
    phoneNumber: managerView || (p.adminShowsPhone && p.listingLocation === 'offcampus') ? p.adminPhone : null,
    instagramHandle: managerView || p.adminShowsInstagram ? p.adminInstagram : null,
  };
  const adminView = can(viewer, 'group.seeTypedMembers', record.access);
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
    members: record.source.members.map((member) => toMemberView(member, { viewerId, adminView, adminContact })),
    monthlyRent: p.monthlyRent,
    rentType: p.rentType,
    rentStart: p.rentStart,
    rentEnd: p.rentEnd,
    utilities: p.utilities,
    sublet: p.sublet,
    status: p.status,
    images: record.source.images.map((image) => ({
      id: image.id,
      cardUrl: imageUrl(image.cardKey),
      fullUrl: imageUrl(image.fullKey),
      width: image.width,
      height: image.height,
    })),
    interestCount: record.source.latestPings.size,
    description: p.description,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    viewerIsAdmin,
    viewerRole: record.access.viewerRole,
    viewerBookmarked: record.viewerBookmarked,
    viewerPing: record.viewerPing,
    staleAt: p.staleAt ? p.staleAt.toISOString() : null,
    moderation: can(viewer, 'posting.seeModeration', record.access)
      ? {
          hidden: p.hiddenAt !== null,
          kind: p.hiddenKind,
          reason: p.hiddenReason,
          appealPending: p.hiddenAt !== null && p.appealedAt !== null,
        }
      : null,
    pin: pinFor(viewer, p, {
      viewerRole: record.access.viewerRole,
      viewerPingAccepted: record.viewerPing?.status === 'accepted',
    }),
    pinExactChosen: managerView ? p.pinExact : null,
    walks: toWalkViews({ places: record.source.walks, stopKey: p.walkStopKey, stopMinutes: p.walkStopMinutes }, places),
  };
}

/** The viewer's place in the group, as groups' accessOf finds it, from the member rows at hand. */
function accessFrom(source: q.PostingSource, viewerId: string): GroupAccess {
  const { adminUserId } = source.posting;
  const joined = source.members.find((member) => member.row.userId === viewerId && member.row.state === 'joined');
  return { adminUserId, viewerRole: roleOf(adminUserId, viewerId, joined?.row.role) };
}

export function createPostingDetail({
  db,
  detailCache,
  viewerBookmarks,
  places,
}: Pick<PostingServiceDeps, 'db' | 'detailCache' | 'viewerBookmarks' | 'places'>) {
  async function getDetail(viewer: Viewer, id: string): Promise<PostingDetail> {
    if (!isUuid(id)) throw notFound();
    // The viewer's bookmarks are asked for at once: a cached set costs nothing, a load runs beside.
    const bookmarks = viewerBookmarks(viewer.id);
    const source = await detailCache.source(id, () => q.loadPostingSource(db, id));
    if (!source) {
      bookmarks.catch(() => undefined);
      throw notFound();
    }
    const access = accessFrom(source, viewer.id);
    // A hidden posting is there only for its group (whose managers see why) and the moderators.
    if (!can(viewer, 'posting.view', { ...access, hidden: source.posting.hiddenAt !== null })) {
      bookmarks.catch(() => undefined);
      throw notFound();
    }
    const viewerBookmarked = (await bookmarks).has(id);
    const viewerPing = source.latestPings.get(viewer.id) ?? null;
    return toDetail({ source, access, viewerBookmarked, viewerPing }, viewer, places);
  }

  return { getDetail };
}
