import { pingMessages } from '../../../shared/ping-messages';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { shortDate } from './dates';

/**
 * Why the viewer cannot ping this posting now, in words shown beside the button before anyone
 * clicks, or null. The server enforces the same rules (src/server/pings/service.ts).
 */
export function pingBlockedReason(
  posting: Pick<PostingDetail, 'viewerIsAdmin' | 'status' | 'viewerPing'>,
): string | null {
  if (posting.viewerIsAdmin) return pingMessages.blocked.ownPost;
  if (posting.status === 'Fulfilled') return pingMessages.blocked.fulfilled;
  if (posting.viewerPing?.status === 'pending') {
    return pingMessages.blocked.pending(shortDate(posting.viewerPing.createdAt));
  }
  return null;
}
