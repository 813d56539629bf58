/**
 * The one route table (issue 31): every page of docs/product-spec.md section 2 with who may open
 * it and the module that draws it. The browser's router (src/client/app/router.tsx), the guard
 * (src/client/shell/access.ts), the server's drawing and its module lists
 * (src/server/http/page-html.ts), the page addresses in e-mails (page-addresses.ts) and the
 * browser tests' list of routes all read it; what each page loads is keyed by it
 * (page-loads.ts). Zod-free and small: the sign-in page's first load carries it.
 */
import { matchPath } from 'react-router';

/**
 * Who may open a page:
 * - public: anyone (the signed links of e-mails are their own authority);
 * - signIn: the sign-in page, for signed-out people only;
 * - profile: any signed-in person, verified or not (/myProfile);
 * - member: a signed-in person with a verified e-mail who accepted the current terms;
 * - moderator: a member named a moderator in the college config (the server checks too).
 */
export type Access = 'public' | 'signIn' | 'profile' | 'member' | 'moderator';

export interface PageRoute {
  /** React Router's pattern ('/messages/:id'). */
  readonly path: string;
  readonly access: Access;
  /** The page's module under src/client, as the build manifest names it. */
  readonly page: string;
  /** Drawn without the main layout (header, footer, server-state cache). */
  readonly bare?: boolean;
}

const signIn = 'features/auth/SignInPage.tsx';
const messages = 'features/conversations/MessagesPage.tsx';

export const ROUTES = [
  { path: '/signin-wall', access: 'signIn', page: signIn, bare: true },
  { path: '/signIn', access: 'signIn', page: signIn, bare: true },
  { path: '/', access: 'member', page: 'pages/landing/LandingPage.tsx' },
  { path: '/postings', access: 'member', page: 'pages/browse/PostingsPage.tsx' },
  { path: '/welcomeToPostings', access: 'member', page: 'features/postings/WelcomePage.tsx' },
  { path: '/detailView', access: 'member', page: 'pages/detail/DetailPage.tsx' },
  { path: '/about', access: 'public', page: 'features/about/AboutPage.tsx' },
  { path: '/myProfile', access: 'profile', page: 'pages/profile/ProfilePage.tsx' },
  { path: '/forgot-password', access: 'public', page: 'features/auth/ForgotPasswordPage.tsx' },
  { path: '/reset-password', access: 'public', page: 'features/auth/ResetPasswordPage.tsx' },
  { path: '/verify-email', access: 'public', page: 'features/auth/VerifyEmailPage.tsx' },
  { path: '/create-posting', access: 'member', page: 'features/posting-editor/CreatePostingPage.tsx' },
  { path: '/our-purpose', access: 'member', page: 'features/purpose/PurposePage.tsx' },
  { path: '/contact-us', access: 'member', page: 'features/contact/ContactPage.tsx' },
  // The signed link in the 'Still looking?' e-mail is the authority.
  { path: '/renew', access: 'public', page: 'features/freshness/RenewPage.tsx' },
  { path: '/moderation', access: 'moderator', page: 'features/moderation/ModerationPage.tsx' },
  { path: '/alerts/unsubscribe', access: 'public', page: 'features/saved-searches/UnsubscribePage.tsx' },
  { path: '/messages', access: 'member', page: messages },
  { path: '/messages/:id', access: 'member', page: messages },
  { path: '/message-emails/unsubscribe', access: 'public', page: 'features/conversations/UnsubscribePage.tsx' },
  { path: '/invitations/:token', access: 'member', page: 'features/groups/InvitationPage.tsx' },
] as const satisfies readonly PageRoute[];

export type RoutePath = (typeof ROUTES)[number]['path'];

/** The layout around every page that is not bare. */
export const MAIN_LAYOUT_MODULE = 'app/MainLayout.tsx';

/**
 * The route a page address names, with its parameters, if it is one: matched by React Router's own
 * rule (case-insensitive, a trailing slash allowed, parameters decoded), so the server and the
 * browser's router always agree on which page an address is.
 */
export function matchRoute(pathname: string): { route: PageRoute; params: Record<string, string> } | undefined {
  for (const route of ROUTES as readonly PageRoute[]) {
    const match = matchPath(route.path, pathname);
    if (match) return { route, params: match.params as Record<string, string> };
  }
  return undefined;
}

/** Who may open a path; an unknown path is treated as a member's (the router sends it on). */
export function accessFor(pathname: string): Access {
  return matchRoute(pathname)?.route.access ?? 'member';
}
