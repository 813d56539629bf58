import { type ComponentType, Suspense, use } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { BareLayout, Loading } from './Layout';

type PageModule = { Component: ComponentType };

/**
 * Every route of docs/product-spec.md section 2. Pages load lazily, one chunk per feature page; the main layout
 * too (the sign-in page does without it). React Router's declarative mode: the data router's
 * code is not needed and is left out of the entry chunk (decision 0009).
 */
const signInPage = () => import('../features/auth/SignInPage');
const messagesPage = () => import('../features/conversations/MessagesPage');
const pages: { path: string; bare?: boolean; load: () => Promise<PageModule> }[] = [
  { path: '/signin-wall', bare: true, load: signInPage },
  { path: '/signIn', bare: true, load: signInPage },
  { path: '/', load: () => import('../pages/landing/LandingPage') },
  { path: '/postings', load: () => import('../pages/browse/PostingsPage') },
  { path: '/welcomeToPostings', load: () => import('../features/postings/WelcomePage') },
  { path: '/detailView', load: () => import('../pages/detail/DetailPage') },
  { path: '/about', load: () => import('../features/about/AboutPage') },
  { path: '/myProfile', load: () => import('../pages/profile/ProfilePage') },
  { path: '/forgot-password', load: () => import('../features/auth/ForgotPasswordPage') },
  { path: '/reset-password', load: () => import('../features/auth/ResetPasswordPage') },
  { path: '/verify-email', load: () => import('../features/auth/VerifyEmailPage') },
  { path: '/create-posting', load: () => import('../features/posting-editor/CreatePostingPage') },
  { path: '/our-purpose', load: () => import('../features/purpose/PurposePage') },
  { path: '/contact-us', load: () => import('../features/contact/ContactPage') },
  { path: '/renew', load: () => import('../features/freshness/RenewPage') },
  { path: '/moderation', load: () => import('../features/moderation/ModerationPage') },
  { path: '/alerts/unsubscribe', load: () => import('../features/saved-searches/UnsubscribePage') },
  { path: '/messages', load: messagesPage },
  { path: '/messages/:id', load: messagesPage },
  { path: '/message-emails/unsubscribe', load: () => import('../features/conversations/UnsubscribePage') },
  { path: '/invitations/:token', load: () => import('../features/groups/InvitationPage') },
];

/** Code loaded lazily that, once `preload()` has finished, is drawn without suspending. */
interface Preloadable {
  preload(): Promise<ComponentType>;
  loaded?: ComponentType;
}

/** Set once a chunk has failed to load: the error boundaries' retry then reloads the page. */
let codeFailed = false;

function preloadable(load: () => Promise<ComponentType>): Preloadable {
  let pending: Promise<ComponentType> | undefined;
  const code: Preloadable = {
    // One promise for every caller: a failure reaches the page's error boundary.
    preload: () => {
      pending ??= load().then(
        (component) => (code.loaded = component),
        (error: unknown) => {
          codeFailed = true;
          throw error;
        },
      );
      return pending;
    },
  };
  return code;
}

/**
 * The error boundaries' retry. A chunk that failed to load is fetched again by reloading the page:
 * the browser keeps a failed module import, and after a deploy the old chunk's name may be gone,
 * while the reloaded page names the current ones. A page that threw while drawing is drawn again.
 */
export function retryPage(): 'reloading' | 'redraw' {
  if (!codeFailed) return 'redraw';
  window.location.reload();
  return 'reloading';
}

/**
 * Draws lazily loaded code, at once when it is already here. A suspended first render would show
 * the fallback, and React then holds back the content that follows for 300 ms (its Suspense
 * throttle): the page's first paint would wait for nothing.
 */
function Preloaded({ code }: { code: Preloadable }) {
  const Component = code.loaded ?? use(code.preload());
  return <Component />;
}

// The server names the current route's chunks in the page it sends (src/server/http/page-html.ts),
// so they arrive beside the entry chunk rather than after it.
const MainLayout = preloadable(() => import('./MainLayout').then((module) => module.default));

const pageComponents = new Map(
  pages.map(({ path, load }) => [path, preloadable(() => load().then((module) => module.Component))]),
);

/**
 * Loads the code of the page at `pathname` (and its layout), so that the first render draws it
 * without a fallback. Other paths load nothing here: their page suspends until its code is in.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const page = pages.find((candidate) => matchPath(candidate.path, pathname) !== null);
  return Promise.all(page ? [pageComponents.get(page.path)?.preload(), page.bare || MainLayout.preload()] : []);
}

export function AppRoutes() {
  const route = (bare: boolean) =>
    pages
      .filter((page) => Boolean(page.bare) === bare)
      .map(({ path }) => (
        <Route
          key={path}
          path={path}
          element={
            // One boundary per page: a page that fails shows why, and the layout's navigation stays.
            <ErrorBoundary key={path} onRetry={retryPage}>
              <Preloaded code={pageComponents.get(path) as Preloadable} />
            </ErrorBoundary>
          }
        />
      ));
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route element={<BareLayout />}>{route(true)}</Route>
        <Route element={<Preloaded code={MainLayout} />}>{route(false)}</Route>
        <Route path="*" element={<Navigate to="/signin-wall" replace />} />
      </Routes>
    </Suspense>
  );
}
