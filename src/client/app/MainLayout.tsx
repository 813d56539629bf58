import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { refusal } from '../../shared/authorization';
import { LiveUpdates } from '../features/conversations/live';
import { FormNotice } from '../shell/FormNotice';
import { removeFirstBackdrop } from '../shell/first-backdrop';
import { useSession } from '../shell/session';
import { lazyPart } from '../ui/lazy-part';
import { NoticeViewport } from '../ui/Notice';
import { Footer } from './Footer';
import { GuardedOutlet, Loading } from './Layout';
import styles from './Layout.module.css';
import { Navbar } from './Navbar';
import { QueryProvider } from './query-client';
import { SessionWatcher } from './SessionWatcher';

// Only a first sign-in (or new terms) shows the terms dialog, so it and the dialog component load
// when needed rather than with every page (the first-load budget, decision 0009).
const TermsDialog = lazyPart(() => import('./TermsDialog').then((module) => module.TermsDialog));

/**
 * Header, main and footer around every page but the sign-in page, with the server-state cache
 * (TanStack Query) those pages use. Loaded lazily, beside the page's own chunk (router.tsx).
 */
export default function MainLayout() {
  const session = useSession();
  const { pathname } = useLocation();
  // The landing image the server drew in the page for / (first-backdrop.ts) goes when the landing
  // page will not show: another page, the terms dialog, or a redirect out of this layout.
  const termsFirst = refusal(session.user, 'product.use', null) === 'terms-not-accepted';
  useEffect(() => {
    if (pathname !== '/' || termsFirst) removeFirstBackdrop();
  }, [pathname, termsFirst]);
  useEffect(() => removeFirstBackdrop, []);
  return (
    <QueryProvider>
      <div className={styles.shell}>
        <a className={styles.skipLink} href="#main">
          Skip to main content
        </a>
        <Navbar user={session.user} />
        <main id="main" className={styles.main} tabIndex={-1}>
          <FormNotice />
          <GuardedOutlet
            terms={
              <Suspense fallback={<Loading />}>
                <TermsDialog />
              </Suspense>
            }
          />
        </main>
        <Footer />
        <SessionWatcher />
        <LiveUpdates user={session.user} />
        <NoticeViewport />
      </div>
    </QueryProvider>
  );
}
