import { type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '../../shared/first-load-messages';
import { accessFor, decideAccess, type VerifyFirstState } from '../shell/access';
import { type ReturnState, returnPathOf } from '../shell/return-path';
import { useSession } from '../shell/session';
import { NoticeViewport } from '../ui/Notice';
import styles from './Layout.module.css';

export function Loading() {
  return (
    <p className="app-status" role="status">
      {messages.loading}
    </p>
  );
}

/**
 * The sign-in guard of docs/product-spec.md section 2 around the page of the current route. `terms` is what
 * shows instead of the page when the current terms are not yet accepted (the main layout's
 * dialog; the sign-in page never needs it).
 */
export function GuardedOutlet({ terms }: { terms?: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const decision = decideAccess(accessFor(location.pathname), session);
  switch (decision.kind) {
    case 'loading':
      return <Loading />;
    case 'redirect':
      return (
        <Navigate
          // Signed in on the sign-in page: back to the invitation the visitor came for, if any.
          to={(decision.to === '/' && returnPathOf(location.state)) || decision.to}
          replace
          state={
            decision.because === 'unverified'
              ? // The profile says why an unverified account landed there instead (issue 10, defect 8).
                ({ verifyFirst: { from: location.pathname } } satisfies VerifyFirstState)
              : decision.to === '/signin-wall'
                ? ({ returnTo: location.pathname } satisfies ReturnState)
                : undefined
          }
        />
      );
    case 'terms':
      return terms ?? <Loading />;
    default:
      return (
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      );
  }
}

/**
 * The sign-in page's layout: no header or footer. It is part of the entry chunk, so it holds only
 * what that page needs; the main layout (MainLayout.tsx) loads with the other pages.
 */
export function BareLayout() {
  return (
    <main id="main" className={styles.bareMain}>
      <GuardedOutlet />
      <NoticeViewport />
    </main>
  );
}
