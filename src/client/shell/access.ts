import type { Access } from '../../shared/routes';
import type { SessionState } from './session';

export type { Access } from '../../shared/routes';
// Who may open a page is the route table's (src/shared/routes.ts).
export { accessFor } from '../../shared/routes';

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
