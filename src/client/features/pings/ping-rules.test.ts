import { describe, expect, it } from 'vitest';
import { pingMessages } from '../../../shared/ping-messages';
import { OWN_GROUP, pingBlockedReason } from './ping-rules';

const open = { viewerIsAdmin: false, viewerRole: null, status: 'Unfulfilled', viewerPing: null } as const;
const at = '2026-11-20T15:00:00.000Z';

describe('pingBlockedReason', () => {
  it('lets a student ping an open posting, again after an answer', () => {
    expect(pingBlockedReason(open, 'local')).toBeNull();
    expect(pingBlockedReason({ ...open, status: 'Likely Fulfilled' }, 'local')).toBeNull();
    for (const status of ['accepted', 'declined', 'closed', 'expired'] as const) {
      expect(pingBlockedReason({ ...open, viewerPing: { id: 'x', status, createdAt: at } }, 'local')).toBeNull();
    }
  });

  it('names each reason the button cannot be used', () => {
    expect(pingBlockedReason({ ...open, viewerIsAdmin: true, viewerRole: 'admin' }, 'local')).toBe(
      pingMessages.blocked.ownPost,
    );
    expect(pingBlockedReason({ ...open, viewerRole: 'member' }, 'local')).toBe(OWN_GROUP);
    expect(pingBlockedReason({ ...open, viewerRole: 'coadmin' }, 'local')).toBe(OWN_GROUP);
    expect(pingBlockedReason({ ...open, status: 'Fulfilled' }, 'local')).toBe('This post has already been fulfilled');
    expect(pingBlockedReason({ ...open, viewerPing: { id: 'x', status: 'pending', createdAt: at } }, 'local')).toMatch(
      /^You pinged this group on Nov 2\d, 2026\. Waiting for the admin's answer\.$/,
    );
  });
});
