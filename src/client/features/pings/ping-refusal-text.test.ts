import { describe, expect, it } from 'vitest';
import type { Viewer } from '../../../shared/authorization';
import { pingMessages } from '../../../shared/ping-messages';
import { pingRefusalText } from './ping-refusal-text';

const member: Viewer = { id: 'me', emailVerified: true, termsAccepted: true, isModerator: false };
const open = { viewerRole: null, status: 'Unfulfilled', viewerPing: null } as const;
const at = '2026-11-20T15:00:00.000Z';

describe('pingRefusalText', () => {
  it('lets a student ping an open posting, again after an answer', () => {
    expect(pingRefusalText(member, open, 'local')).toBeNull();
    expect(pingRefusalText(member, { ...open, status: 'Likely Fulfilled' }, 'local')).toBeNull();
    for (const status of ['accepted', 'declined', 'closed', 'expired'] as const) {
      expect(pingRefusalText(member, { ...open, viewerPing: { id: 'x', status, createdAt: at } }, 'local')).toBeNull();
    }
  });

  it('names each reason the button cannot be used', () => {
    expect(pingRefusalText(member, { ...open, viewerRole: 'admin' }, 'local')).toBe(pingMessages.blocked.ownPost);
    expect(pingRefusalText(member, { ...open, viewerRole: 'member' }, 'local')).toBe(pingMessages.blocked.ownGroup);
    expect(pingRefusalText(member, { ...open, viewerRole: 'coadmin' }, 'local')).toBe(pingMessages.blocked.ownGroup);
    expect(pingRefusalText(member, { ...open, status: 'Fulfilled' }, 'local')).toBe(
      'This post has already been fulfilled',
    );
    expect(
      pingRefusalText(member, { ...open, viewerPing: { id: 'x', status: 'pending', createdAt: at } }, 'local'),
    ).toMatch(/^You pinged this group on Nov 2\d, 2026\. Waiting for the admin's answer\.$/);
  });

  it("leaves the button to the server's answer when the refusal is about the viewer alone", () => {
    expect(pingRefusalText(null, { ...open, status: 'Fulfilled' }, 'local')).toBeNull();
    expect(pingRefusalText({ ...member, termsAccepted: false }, { ...open, viewerRole: 'admin' }, 'local')).toBeNull();
  });
});
