import type { SessionState } from './session';

/**
 * Who may open a path (docs/product-spec.md, section 2):
 * - public: anyone (/forgot-password, /about, the reset and verification pages, the alerts' unsubscribe page);
 * - signIn: the sign-in page, for signed-out people only;
 * - profile: any signed-in person, verified or not (/myProfile);
 * - member: a signed-in person with a verified e-mail (everything else);
 * - moderator: a member named a moderator in the college config (/moderation; the server checks too).
 * /renew is public: the signed link in the 'Still looking?' e-mail is the authority.
 */
export type Access = 'public' | 'signIn' | 'profile' | 'member' | 'moderator';

// The unsubscribe links of alert and unread-message e-mails work without signing in (their signed
// tokens are the authority).
const PUBLIC_PATHS = new Set([
  '/forgot-password',
  '/about',
  '/reset-password',
  '/verify-email',
  '/renew',
  '/alerts/unsubscribe',
  '/message-emails/unsubscribe',
]);
const SIGN_IN_PATHS = new Set(['/signin-wall', '/signIn']);

export function accessFor(pathname: string): Access {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC_PATHS.has(path)) return 'public';
  if (SIGN_IN_PATHS.has(path)) return 'signIn';
  if (path === '/myProfile') return 'profile';
  if (path === '/moderation') return 'moderator';
  return 'member';
}

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'render' }
  /** Verified but the current terms are not accepted: the terms dialog instead of the page. */
  | { kind: 'terms' }
  /** `because`: why the person is sent away, for the page they land on to say so. */
  | { kind: 'redirect'; to: string; because?: 'unverified' };

/** The router state of a redirect to the profile: the page an unverified account tried to open. */
export interface VerifyFirstState {
  verifyFirst: { from: string };
}

export function decideAccess(access: Access, session: SessionState): GuardDecision {
  if (access === 'public') return { kind: 'render' };
  if (session.status === 'loading') return { kind: 'loading' };
  if (access === 'signIn') return session.status === 'signedIn' ? { kind: 'redirect', to: '/' } : { kind: 'render' };
  if (session.status === 'signedOut') return { kind: 'redirect', to: '/signin-wall' };
  const { user } = session;
  if (!user.emailVerified) {
    return access === 'profile' ? { kind: 'render' } : { kind: 'redirect', to: '/myProfile', because: 'unverified' };
  }
  if (!user.termsAccepted) return { kind: 'terms' };
  if (access === 'moderator' && !user.isModerator) return { kind: 'redirect', to: '/postings' };
  return { kind: 'render' };
}
