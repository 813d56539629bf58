import { refusal, type Viewer } from '../../../shared/authorization';
import { pingMessages } from '../../../shared/ping-messages';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import type { Zone } from '../../shell/clock';
import { shortDate } from './dates';

/**
 * Why the viewer cannot ping this posting now, in words shown beside the button before anyone
 * clicks, or null. Who may ping is the shared vocabulary's to say (src/shared/authorization.ts), as
 * on the server; a refusal about the viewer alone (signed out, say) leaves the button to the
 * server's answer.
 */
export function pingRefusalText(
  viewer: Viewer | null,
  posting: Pick<PostingDetail, 'viewerRole' | 'status' | 'viewerPing'>,
  zone: Zone,
): string | null {
  const pending = posting.viewerPing?.status === 'pending' ? posting.viewerPing : null;
  const reason = refusal(viewer, 'posting.ping', {
    viewerRole: posting.viewerRole,
    status: posting.status,
    viewerPingPending: pending !== null,
  });
  switch (reason) {
    case 'own-posting':
      return pingMessages.blocked.ownPost;
    case 'own-group':
      return pingMessages.blocked.ownGroup;
    case 'fulfilled':
      return pingMessages.fulfilled.message;
    case 'ping-pending':
      return pending ? pingMessages.blocked.pending(shortDate(pending.createdAt, zone)) : null;
    default:
      return null;
  }
}
