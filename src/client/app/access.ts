import type { SessionState } from './session';

/**
 * Who may open a path (spec section 2):
 * - public: anyone (/forgot-password, /about, the reset page);
 * - signIn: the sign-in page, for signed-out people only;
 * - profile: any signed-in person, verified or not (/myProfile);
 * - member: a signed-in person with a verified e-mail (everything else).
 */
export type Access = 'public' | 'signIn' | 'profile' | 'member';

const PUBLIC_PATHS = new Set(['/forgot-password', '/about', '/reset-password']);
const SIGN_IN_PATHS = new Set(['/signin-wall', '/signIn']);

export function accessFor(pathname: string): Access {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (PUBLIC_PATHS.has(path)) return 'public';
  if (SIGN_IN_PATHS.has(path)) return 'signIn';
  if (path === '/myProfile') return 'profile';
  return 'member';
}

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'render' }
  /** Verified but the current terms are not accepted: the terms dialog instead of the page. */
  | { kind: 'terms' }
  | { kind: 'redirect'; to: string };

export function decideAccess(access: Access, session: SessionState): GuardDecision {
  if (access === 'public') return { kind: 'render' };
  if (session.status === 'loading') return { kind: 'loading' };
  if (access === 'signIn') return session.status === 'signedIn' ? { kind: 'redirect', to: '/' } : { kind: 'render' };
  if (session.status === 'signedOut') return { kind: 'redirect', to: '/signin-wall' };
  const { user } = session;
  if (!user.emailVerified) return access === 'profile' ? { kind: 'render' } : { kind: 'redirect', to: '/myProfile' };
  if (!user.termsAccepted) return { kind: 'terms' };
  return { kind: 'render' };
}
