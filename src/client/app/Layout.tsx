import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { messages } from '../../shared/messages';
import { NoticeViewport } from '../ui/Notice';
import { accessFor, decideAccess } from './access';
import { Footer } from './Footer';
import styles from './Layout.module.css';
import { Navbar } from './Navbar';
import { SessionWatcher } from './SessionWatcher';
import { useSession } from './session';
import { TermsDialog } from './TermsDialog';
import { Warnings } from './Warnings';

function Loading() {
  return (
    <p className="app-status" role="status">
      {messages.loading}
    </p>
  );
}

/** The sign-in guard of spec section 2 around the page of the current route. */
function GuardedOutlet() {
  const location = useLocation();
  const session = useSession();
  const decision = decideAccess(accessFor(location.pathname), session);
  switch (decision.kind) {
    case 'loading':
      return <Loading />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'terms':
      return <TermsDialog />;
    default:
      return (
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      );
  }
}

/** Header, main and footer around every page but the sign-in page. */
export function Layout({ bare = false }: { bare?: boolean }) {
  const session = useSession();
  const shared = (
    <>
      <SessionWatcher />
      <Warnings />
      <NoticeViewport />
    </>
  );
  if (bare) {
    return (
      <main id="main" className={styles.bareMain}>
        <GuardedOutlet />
        {shared}
      </main>
    );
  }
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <Navbar signedIn={session.status === 'signedIn'} />
      <main id="main" className={styles.main} tabIndex={-1}>
        <GuardedOutlet />
      </main>
      <Footer />
      {shared}
    </div>
  );
}
