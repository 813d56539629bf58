import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { messages } from '../../shared/messages';
import { Footer } from './Footer';
import styles from './Layout.module.css';
import { Navbar } from './Navbar';

/** Header, main and footer around every page but the sign-in page. */
export function Layout({ bare = false }: { bare?: boolean }) {
  const content = (
    <Suspense
      fallback={
        <p className="app-status" role="status">
          {messages.loading}
        </p>
      }
    >
      <Outlet />
    </Suspense>
  );
  if (bare) {
    return (
      <main id="main" className={styles.bareMain}>
        {content}
      </main>
    );
  }
  return (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        Skip to main content
      </a>
      <Navbar signedIn={false} />
      <main id="main" className={styles.main} tabIndex={-1}>
        {content}
      </main>
      <Footer />
    </div>
  );
}
