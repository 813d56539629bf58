import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { BareLayout, Loading } from './Layout';

type PageModule = { Component: ComponentType };

/**
 * Every route of spec section 2. Pages load lazily, one chunk per feature page; the main layout
 * too (the sign-in page does without it). React Router's declarative mode: the data router's
 * code is not needed and is left out of the entry chunk (decision 0007).
 */
const pages: { path: string; bare?: boolean; load: () => Promise<PageModule> }[] = [
  { path: '/signin-wall', bare: true, load: () => import('../features/auth/SignInPage') },
  { path: '/signIn', bare: true, load: () => import('../features/auth/SignInPage') },
  { path: '/', load: () => import('../features/landing/LandingPage') },
  { path: '/postings', load: () => import('../features/postings/PostingsPage') },
  { path: '/welcomeToPostings', load: () => import('../features/postings/WelcomePage') },
  { path: '/detailView', load: () => import('../features/postings/DetailPage') },
  { path: '/about', load: () => import('../features/about/AboutPage') },
  { path: '/myProfile', load: () => import('../features/profile/ProfilePage') },
  { path: '/forgot-password', load: () => import('../features/auth/ForgotPasswordPage') },
  { path: '/reset-password', load: () => import('../features/auth/ResetPasswordPage') },
  { path: '/create-posting', load: () => import('../features/postings/CreatePostingPage') },
  { path: '/our-purpose', load: () => import('../features/purpose/PurposePage') },
  { path: '/contact-us', load: () => import('../features/contact/ContactPage') },
  { path: '/renew', load: () => import('../features/freshness/RenewPage') },
  { path: '/moderation', load: () => import('../features/moderation/ModerationPage') },
  { path: '/alerts/unsubscribe', load: () => import('../features/saved-searches/UnsubscribePage') },
];

// The server names the current route's chunks in the page it sends (src/server/http/page-html.ts),
// so they arrive beside the entry chunk rather than after it.
const MainLayout = lazy(() => import('./MainLayout'));

const pageElements = new Map(
  pages.map(({ path, load }) => {
    const Page = lazy(() => load().then((module) => ({ default: module.Component })));
    return [path, <Page key={path} />];
  }),
);

export function AppRoutes() {
  const route = (bare: boolean) =>
    pages
      .filter((page) => Boolean(page.bare) === bare)
      .map(({ path }) => <Route key={path} path={path} element={pageElements.get(path)} />);
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route element={<BareLayout />}>{route(true)}</Route>
        <Route element={<MainLayout />}>{route(false)}</Route>
        <Route path="*" element={<Navigate to="/signin-wall" replace />} />
      </Routes>
    </Suspense>
  );
}
