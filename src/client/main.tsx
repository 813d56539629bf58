import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { APP_READY_MARK } from '../shared/app-ready';
import { AppRoutes, preloadRoute, retryPage } from './app/router';
import { ConfigProvider, loadConfig } from './shell/config-context';
import { refreshSession } from './shell/session';
import { ErrorBoundary } from './ui/ErrorBoundary';

// What the first paint waits for starts now, side by side: the college's configuration and the
// session (index.html preloads both answers; the server names the page's chunks there too).
const firstAnswers = Promise.all([loadConfig(), refreshSession()]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The server drew the page (decision 0029): the browser takes it over rather than drawing it again.
const drawn = root.hasAttribute('data-drawn');
// A form route answered with its page drawn again (a posting form refused): the router takes over
// the page at its own address, which a reload then asks for (not the form's post again).
const drawnAddress = root.getAttribute('data-address');
if (drawnAddress?.startsWith('/') && !drawnAddress.startsWith('//')) {
  window.history.replaceState(window.history.state, '', drawnAddress);
}

// The page's own code first (the server has asked for its chunks already): drawn without a
// fallback, the page is not held back by React's Suspense throttle. A chunk that fails to load
// still lets the app start; the page then shows the error.
// A drawn page is hydrated from the same answers it was drawn from (they are in the page).
await Promise.all([preloadRoute(window.location.pathname).catch(() => undefined), drawn && firstAnswers]);

/**
 * Marks the page as the scripts' own once drawn or hydrated: browser tests wait for it to click,
 * and count the scripts fetched before it (the `app-ready` mark) as the page's first load. Around
 * the app, not beside it: the tree must have the server's shape (entry-server.tsx), or every
 * `useId` of the page differs from the one the server drew (a sibling is a fork of React's tree
 * ids), and what finds a drawn element by its id finds nothing (issue 31).
 */
function Ready({ on, children }: { on: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    performance.mark(APP_READY_MARK);
    on.setAttribute('data-ready', '');
  }, [on]);
  return children;
}

// As a transition React draws the first page in slices, yielding between them, so a slow phone's
// main thread is not blocked for long; the page's static 'Loading...' stays until it is drawn.
const app = (
  <StrictMode>
    <Ready on={root}>
      <ConfigProvider>
        <BrowserRouter>
          {/* The root boundary: the layout's own code failing still shows a message and a retry. */}
          <ErrorBoundary onRetry={retryPage}>
            <AppRoutes />
          </ErrorBoundary>
        </BrowserRouter>
      </ConfigProvider>
    </Ready>
  </StrictMode>
);
startTransition(() => {
  if (drawn) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
