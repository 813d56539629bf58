import { describe, expect, it } from 'vitest';
import { accessFor, decideAccess } from './access';
import type { SessionState } from './session';

const user = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@bc.edu',
  emailVerified: true,
  termsAccepted: true,
  isModerator: false,
};
const signedIn = (overrides: Partial<typeof user> = {}): SessionState => ({
  status: 'signedIn',
  user: { ...user, ...overrides },
});
const signedOut: SessionState = { status: 'signedOut', user: null };
const loading: SessionState = { status: 'loading', user: null };

describe('route access', () => {
  it('classifies the spec routes', () => {
    expect(accessFor('/forgot-password')).toBe('public');
    expect(accessFor('/about')).toBe('public');
    expect(accessFor('/reset-password')).toBe('public');
    expect(accessFor('/verify-email')).toBe('public');
    expect(accessFor('/signin-wall')).toBe('signIn');
    expect(accessFor('/signIn')).toBe('signIn');
    expect(accessFor('/myProfile')).toBe('profile');
    expect(accessFor('/moderation')).toBe('moderator');
    expect(accessFor('/renew')).toBe('public');
    expect(accessFor('/message-emails/unsubscribe')).toBe('public');
    expect(accessFor('/')).toBe('member');
    expect(accessFor('/postings')).toBe('member');
    expect(accessFor('/about/')).toBe('public');
  });

  it('waits while the session loads, except on public pages', () => {
    expect(decideAccess('member', loading)).toEqual({ kind: 'loading' });
    expect(decideAccess('signIn', loading)).toEqual({ kind: 'loading' });
    expect(decideAccess('public', loading)).toEqual({ kind: 'render' });
  });

  it('sends signed-out people to the sign-in page and signed-in people away from it', () => {
    expect(decideAccess('member', signedOut)).toEqual({ kind: 'redirect', to: '/signin-wall' });
    expect(decideAccess('profile', signedOut)).toEqual({ kind: 'redirect', to: '/signin-wall' });
    expect(decideAccess('signIn', signedOut)).toEqual({ kind: 'render' });
    expect(decideAccess('signIn', signedIn())).toEqual({ kind: 'redirect', to: '/' });
  });

  it('keeps an unverified account on its profile', () => {
    expect(decideAccess('member', signedIn({ emailVerified: false }))).toEqual({
      kind: 'redirect',
      to: '/myProfile',
      because: 'unverified',
    });
    expect(decideAccess('profile', signedIn({ emailVerified: false }))).toEqual({ kind: 'render' });
  });

  it('asks for the terms before any page of a verified account that has not accepted them', () => {
    expect(decideAccess('member', signedIn({ termsAccepted: false }))).toEqual({ kind: 'terms' });
    expect(decideAccess('profile', signedIn({ termsAccepted: false }))).toEqual({ kind: 'terms' });
    expect(decideAccess('member', signedIn())).toEqual({ kind: 'render' });
  });
});

describe('the moderation queue', () => {
  it('renders for a moderator and sends other members to the postings', () => {
    expect(decideAccess('moderator', signedIn({ isModerator: true }))).toEqual({ kind: 'render' });
    expect(decideAccess('moderator', signedIn())).toEqual({ kind: 'redirect', to: '/postings' });
    expect(decideAccess('moderator', signedOut)).toEqual({ kind: 'redirect', to: '/signin-wall' });
  });
});
