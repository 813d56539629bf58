import { describe, expect, it } from 'vitest';
import {
  ACTIONS,
  type Action,
  type ActionResources,
  can,
  type GroupPlace,
  type Refusal,
  refusal,
  roleOf,
  type Viewer,
  viewerRefusal,
} from './authorization';
import type { GroupRole } from './schemas/groups';

const member: Viewer = { id: 'me', emailVerified: true, termsAccepted: true, isModerator: false };
const unverified: Viewer = { ...member, emailVerified: false };
const termsNotAccepted: Viewer = { ...member, termsAccepted: false };
const moderator: Viewer = { ...member, isModerator: true };

/** A posting's group as each kind of viewer stands in it. */
const place = (viewerRole: GroupRole | null): GroupPlace => ({ viewerRole });
const stranger = place(null);
const admin = place('admin');
const coadmin = place('coadmin');
const joined = place('member');

/** A resource every action accepts from a student who takes no part in anything. */
const someResource: { [A in Action]: ActionResources[A] } = {
  'account.own': null,
  'product.use': null,
  'posting.create': null,
  'posting.view': { viewerRole: null, hidden: false },
  'posting.edit': stranger,
  'posting.changeStatus': stranger,
  'posting.renew': stranger,
  'posting.delete': stranger,
  'posting.seeModeration': stranger,
  'posting.bookmark': null,
  'posting.seeExactPin': { viewerRole: null, exactChosen: false, viewerPingAccepted: false },
  'posting.report': stranger,
  'posting.ping': { viewerRole: null, status: 'Unfulfilled', viewerPingPending: false },
  'ping.answer': stranger,
  'group.seeTypedMembers': stranger,
  'group.editMembers': stranger,
  'group.invite': stranger,
  'group.remove': stranger,
  'group.setRole': stranger,
  'group.handOver': stranger,
  'group.leave': stranger,
  'group.agreement': stranger,
  'invitation.answer': null,
  'conversation.open': { side: null },
  'conversation.send': { side: null, pingStatus: 'pending', groupHasReplied: false, blocked: false },
  'conversation.share': { side: null },
  'conversation.report': { side: null, fromViewer: false },
  'student.block': { userId: 'someone-else' },
  'moderation.moderate': null,
};

const refusalOf = <A extends Action>(viewer: Viewer | null, action: A, resource: ActionResources[A]) =>
  refusal(viewer, action, resource);

describe('the viewer alone', () => {
  it.each(ACTIONS)('%s: nobody signed in is refused first, whatever the resource', (action) => {
    expect(refusalOf(null, action, someResource[action])).toBe('signed-out');
    expect(can(null, action, someResource[action])).toBe(false);
  });

  it.each(ACTIONS.filter((action) => action !== 'account.own'))(
    '%s: an unverified address, then terms not accepted, come before anything about the resource',
    (action) => {
      expect(refusalOf(unverified, action, someResource[action])).toBe('unverified');
      expect(refusalOf({ ...unverified, termsAccepted: false }, action, someResource[action])).toBe('unverified');
      expect(refusalOf(termsNotAccepted, action, someResource[action])).toBe('terms-not-accepted');
      expect(refusalOf({ ...termsNotAccepted, isModerator: true }, action, someResource[action])).toBe(
        'terms-not-accepted',
      );
    },
  );

  it('a live session, verified or not, with the terms or not, reads its own account', () => {
    for (const viewer of [member, unverified, termsNotAccepted, moderator]) {
      expect(can(viewer, 'account.own', null)).toBe(true);
    }
  });

  it('a member uses the product, creates, bookmarks and answers invitations', () => {
    for (const action of ['product.use', 'posting.create', 'posting.bookmark', 'invitation.answer'] as const) {
      expect(can(member, action, null)).toBe(true);
    }
  });

  it("a route's guard asks the viewer's part of any action before the resource is read", () => {
    expect(viewerRefusal(null, 'posting.edit')).toBe('signed-out');
    expect(viewerRefusal(unverified, 'posting.edit')).toBe('unverified');
    expect(viewerRefusal(termsNotAccepted, 'conversation.send')).toBe('terms-not-accepted');
    expect(viewerRefusal(member, 'posting.edit')).toBeNull();
    expect(viewerRefusal(member, 'moderation.moderate')).toBe('not-moderator');
    expect(viewerRefusal(moderator, 'moderation.moderate')).toBeNull();
    expect(viewerRefusal(unverified, 'account.own')).toBeNull();
  });

  it('only a moderator moderates', () => {
    expect(refusalOf(member, 'moderation.moderate', null)).toBe('not-moderator');
    expect(can(moderator, 'moderation.moderate', null)).toBe(true);
  });
});

describe("a posting's group", () => {
  const outcomes = (action: Action, resourceOf: (p: GroupPlace) => never) =>
    [stranger, admin, coadmin, joined].map((p) => refusalOf(member, action, resourceOf(p)));

  it.each([
    ['posting.edit', [`not-manager`, null, null, 'not-manager']],
    ['posting.changeStatus', ['not-manager', null, null, 'not-manager']],
    ['posting.renew', ['not-manager', null, null, 'not-manager']],
    ['ping.answer', ['not-manager', null, null, 'not-manager']],
    ['posting.delete', ['not-admin', null, 'not-admin', 'not-admin']],
    ['group.seeTypedMembers', ['not-admin', null, 'not-admin', 'not-admin']],
    ['group.editMembers', ['not-admin', null, 'not-admin', 'not-admin']],
    ['group.invite', ['not-admin', null, 'not-admin', 'not-admin']],
    ['group.remove', ['not-admin', null, 'not-admin', 'not-admin']],
    ['group.setRole', ['not-admin', null, 'not-admin', 'not-admin']],
    ['group.handOver', ['not-admin', null, 'not-admin', 'not-admin']],
    ['group.leave', ['not-a-member', 'admin-stays', null, null]],
    ['group.agreement', ['not-a-member', null, null, null]],
    ['posting.report', [null, 'own-posting', null, null]],
  ] as const)('%s as another student, the admin, a co-admin and a joined member', (action, expected) => {
    expect(outcomes(action, (p) => p as never)).toEqual(expected);
  });

  it('an invited student who has not joined stands where any other student does', () => {
    // The server's place for them is null until they join (roleOf below).
    expect(roleOf('admin-id', 'me', null)).toBeNull();
    expect(can(member, 'group.leave', place(roleOf('admin-id', 'me', null)))).toBe(false);
  });

  it('the moderation state: its managers and the moderators', () => {
    expect(outcomes('posting.seeModeration', (p) => p as never)).toEqual(['not-manager', null, null, 'not-manager']);
    expect(can(moderator, 'posting.seeModeration', stranger)).toBe(true);
  });

  it('a hidden posting: its group and the moderators see it; to everyone else it is missing', () => {
    const hidden = (p: GroupPlace) => ({ ...p, hidden: true }) as never;
    expect(outcomes('posting.view', hidden)).toEqual(['hidden', null, null, null]);
    expect(can(moderator, 'posting.view', { viewerRole: null, hidden: true })).toBe(true);
    expect(can(member, 'posting.view', { viewerRole: null, hidden: false })).toBe(true);
  });

  it('ping: not one’s own posting nor group, not a Fulfilled one, not twice while pending', () => {
    const target = { viewerRole: null, status: 'Unfulfilled', viewerPingPending: false } as const;
    expect(can(member, 'posting.ping', target)).toBe(true);
    expect(can(member, 'posting.ping', { ...target, status: 'Likely Fulfilled' })).toBe(true);
    expect(refusalOf(member, 'posting.ping', { ...target, viewerRole: 'admin' })).toBe('own-posting');
    expect(refusalOf(member, 'posting.ping', { ...target, viewerRole: 'coadmin' })).toBe('own-group');
    expect(refusalOf(member, 'posting.ping', { ...target, viewerRole: 'member' })).toBe('own-group');
    expect(refusalOf(member, 'posting.ping', { ...target, status: 'Fulfilled' })).toBe('fulfilled');
    expect(refusalOf(member, 'posting.ping', { ...target, viewerPingPending: true })).toBe('ping-pending');
  });

  it('the exact pin: the group, a student whose ping was accepted, or everyone when the admin chose', () => {
    const pin = { viewerRole: null, exactChosen: false, viewerPingAccepted: false };
    expect(refusalOf(member, 'posting.seeExactPin', pin)).toBe('approximate-pin');
    expect(refusalOf(moderator, 'posting.seeExactPin', pin)).toBe('approximate-pin');
    for (const role of ['admin', 'coadmin', 'member'] as const) {
      expect(can(member, 'posting.seeExactPin', { ...pin, viewerRole: role })).toBe(true);
    }
    expect(can(member, 'posting.seeExactPin', { ...pin, viewerPingAccepted: true })).toBe(true);
    expect(can(member, 'posting.seeExactPin', { ...pin, exactChosen: true })).toBe(true);
    expect(can(null, 'posting.seeExactPin', { ...pin, exactChosen: true })).toBe(false);
  });

  it("roleOf: the admin first, then the joined row's role", () => {
    expect(roleOf('me', 'me', 'member')).toBe('admin');
    expect(roleOf('admin-id', 'me', 'coadmin')).toBe('coadmin');
    expect(roleOf('admin-id', 'me', 'member')).toBe('member');
    expect(roleOf('admin-id', 'me', 'admin')).toBeNull();
    expect(roleOf('admin-id', 'me', undefined)).toBeNull();
  });
});

describe('a conversation', () => {
  const state = { pingStatus: 'pending', groupHasReplied: false, blocked: false } as const;

  it('is read and shared in by its two sides only; a moderator is nobody there', () => {
    for (const side of ['sender', 'group'] as const) {
      expect(can(member, 'conversation.open', { side })).toBe(true);
      expect(can(member, 'conversation.share', { side })).toBe(true);
    }
    expect(refusalOf(moderator, 'conversation.open', { side: null })).toBe('not-participant');
    expect(refusalOf(member, 'conversation.share', { side: null })).toBe('not-participant');
  });

  it('while the ping is pending the group writes; its sender only once the group replied', () => {
    expect(can(member, 'conversation.send', { side: 'group', ...state })).toBe(true);
    expect(refusalOf(member, 'conversation.send', { side: 'sender', ...state })).toBe('wait-for-group');
    expect(can(member, 'conversation.send', { side: 'sender', ...state, groupHasReplied: true })).toBe(true);
    expect(can(member, 'conversation.send', { side: 'sender', ...state, pingStatus: 'accepted' })).toBe(true);
    expect(refusalOf(member, 'conversation.send', { side: null, ...state })).toBe('not-participant');
  });

  it.each([
    ['declined', 'declined'],
    ['expired', 'expired'],
    ['closed', 'closed'],
  ] as const)('a %s ping closes it to both sides', (pingStatus, reason) => {
    for (const side of ['sender', 'group'] as const) {
      expect(refusalOf(member, 'conversation.send', { side, ...state, pingStatus })).toBe(reason);
    }
  });

  it('a block closes it to both, in the words of any closed conversation', () => {
    for (const side of ['sender', 'group'] as const) {
      expect(refusalOf(member, 'conversation.send', { side, ...state, pingStatus: 'accepted', blocked: true })).toBe(
        'unavailable' satisfies Refusal,
      );
    }
  });

  it("a participant reports someone else's message, not their own", () => {
    expect(can(member, 'conversation.report', { side: 'sender', fromViewer: false })).toBe(true);
    expect(refusalOf(member, 'conversation.report', { side: 'group', fromViewer: true })).toBe('own-message');
    expect(refusalOf(member, 'conversation.report', { side: null, fromViewer: false })).toBe('not-participant');
  });
});

describe('other students', () => {
  it('a student blocks anyone but themselves', () => {
    expect(can(member, 'student.block', { userId: 'someone-else' })).toBe(true);
    expect(refusalOf(member, 'student.block', { userId: member.id })).toBe('self');
  });
});

describe('the vocabulary', () => {
  it('asking with the wrong resource does not compile', () => {
    // @ts-expect-error a conversation's place is not a posting's group
    expect(() => can(member, 'posting.edit', { side: 'sender' })).not.toThrow();
    // @ts-expect-error moderating is decided on the viewer alone
    can(member, 'moderation.moderate', stranger);
    // @ts-expect-error no such action
    expect(() => can(member, 'posting.steal', null)).toThrow();
  });
});
