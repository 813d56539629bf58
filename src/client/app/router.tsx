import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { messages } from '../../shared/messages';
import { Layout } from './Layout';

function RouteLoading() {
  return (
    <p className="app-status" role="status">
      {messages.loading}
    </p>
  );
}

/** Every route of spec section 2; pages load lazily, one chunk per feature page. */
export const routes: RouteObject[] = [
  {
    element: <Layout bare />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/signin-wall', lazy: () => import('../features/auth/SignInPage') },
      { path: '/signIn', lazy: () => import('../features/auth/SignInPage') },
    ],
  },
  {
    element: <Layout />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { path: '/', lazy: () => import('../features/landing/LandingPage') },
      { path: '/postings', lazy: () => import('../features/postings/PostingsPage') },
      { path: '/welcomeToPostings', lazy: () => import('../features/postings/WelcomePage') },
      { path: '/detailView', lazy: () => import('../features/postings/DetailPage') },
      { path: '/about', lazy: () => import('../features/about/AboutPage') },
      { path: '/myProfile', lazy: () => import('../features/profile/ProfilePage') },
      { path: '/forgot-password', lazy: () => import('../features/auth/ForgotPasswordPage') },
      { path: '/reset-password', lazy: () => import('../features/auth/ResetPasswordPage') },
      { path: '/create-posting', lazy: () => import('../features/postings/CreatePostingPage') },
      { path: '/our-purpose', lazy: () => import('../features/purpose/PurposePage') },
      { path: '/contact-us', lazy: () => import('../features/contact/ContactPage') },
    ],
  },
  { path: '*', element: <Navigate to="/signin-wall" replace /> },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
