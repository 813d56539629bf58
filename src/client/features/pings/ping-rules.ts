import { pingMessages } from '../../../shared/ping-messages';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import type { Zone } from '../../shell/clock';
import { shortDate } from './dates';

/** Why a member who joined the group cannot ping it. */
export const OWN_GROUP = 'You are a member of this group: other students ping it here.';

/**
 * Why the viewer cannot ping this posting now, in words shown beside the button before anyone
 * clicks, or null. The server enforces the same rules (src/server/pings/service.ts).
 */
export function pingBlockedReason(
  posting: Pick<PostingDetail, 'viewerIsAdmin' | 'viewerRole' | 'status' | 'viewerPing'>,
  zone: Zone,
): string | null {
  if (posting.viewerIsAdmin) return pingMessages.blocked.ownPost;
  // A group's own members do not ping it either (issue 23).
  if (posting.viewerRole) return OWN_GROUP;
  if (posting.status === 'Fulfilled') return pingMessages.fulfilled.message;
  if (posting.viewerPing?.status === 'pending') {
    return pingMessages.blocked.pending(shortDate(posting.viewerPing.createdAt, zone));
  }
  return null;
}
