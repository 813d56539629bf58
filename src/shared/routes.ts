/**
 * The one route table (issue 31): every page of docs/product-spec.md section 2 with who may open
 * it and the module that draws it. The browser's router (src/client/app/router.tsx), the guard
 * (src/client/shell/access.ts), the server's drawing and its module lists
 * (src/server/http/page-html.ts), the page addresses in e-mails (page-addresses.ts) and the
 * browser tests' list of routes all read it; what each page loads is keyed by it
 * (page-loads.ts); the document's title, drawn and in the browser, is its (`documentTitle`).
 * Zod-free and small: the sign-in page's first load carries it.
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

/**
 * A page's title: its name, `{product}` standing for the product's name; or worked out from the
 * address and the subject the page names once its data is there (a posting's place, the other side
 * of a conversation).
 */
export type PageTitle = string | ((page: { search: URLSearchParams; subject?: string }) => string);

export interface PageRoute {
  /** React Router's pattern ('/messages/:id'). */
  readonly path: string;
  readonly access: Access;
  /** The page's module under src/client, as the build manifest names it. */
  readonly page: string;
  /** Drawn without the main layout (header, footer, server-state cache). */
  readonly bare?: boolean;
  readonly title: PageTitle;
}

const signIn = 'features/auth/SignInPage.tsx';
const messages = 'features/conversations/MessagesPage.tsx';

export const ROUTES = [
  { path: '/signin-wall', access: 'signIn', page: signIn, bare: true, title: 'Sign in' },
  { path: '/signIn', access: 'signIn', page: signIn, bare: true, title: 'Sign in' },
  { path: '/', access: 'member', page: 'pages/landing/LandingPage.tsx', title: 'Home' },
  { path: '/postings', access: 'member', page: 'pages/browse/PostingsPage.tsx', title: 'Search Postings' },
  {
    path: '/welcomeToPostings',
    access: 'member',
    page: 'features/postings/WelcomePage.tsx',
    title: 'Welcome to {product} Postings',
  },
  {
    path: '/detailView',
    access: 'member',
    page: 'pages/detail/DetailPage.tsx',
    title: ({ subject }) => subject ?? 'Posting Details',
  },
  { path: '/about', access: 'public', page: 'features/about/AboutPage.tsx', title: 'About {product}' },
  { path: '/myProfile', access: 'profile', page: 'pages/profile/ProfilePage.tsx', title: 'My Profile' },
  {
    path: '/forgot-password',
    access: 'public',
    page: 'features/auth/ForgotPasswordPage.tsx',
    title: 'Reset Password',
  },
  {
    path: '/reset-password',
    access: 'public',
    page: 'features/auth/ResetPasswordPage.tsx',
    title: 'Choose a New Password',
  },
  { path: '/verify-email', access: 'public', page: 'features/auth/VerifyEmailPage.tsx', title: 'Confirm Your E-mail' },
  {
    path: '/create-posting',
    access: 'member',
    page: 'pages/create-posting/CreatePostingPage.tsx',
    // ?id= names the posting to edit.
    title: ({ search }) => (search.has('id') ? 'Edit Posting' : 'Create Posting'),
  },
  { path: '/our-purpose', access: 'member', page: 'features/purpose/PurposePage.tsx', title: 'Our Purpose' },
  { path: '/contact-us', access: 'member', page: 'features/contact/ContactPage.tsx', title: 'Contact Us' },
  // The signed link in the 'Still looking?' e-mail is the authority.
  { path: '/renew', access: 'public', page: 'features/freshness/RenewPage.tsx', title: 'Still looking?' },
  { path: '/moderation', access: 'moderator', page: 'features/moderation/ModerationPage.tsx', title: 'Moderation' },
  {
    path: '/alerts/unsubscribe',
    access: 'public',
    page: 'features/saved-searches/UnsubscribePage.tsx',
    title: 'Turn Off Alerts',
  },
  { path: '/messages', access: 'member', page: messages, title: 'Messages' },
  {
    path: '/messages/:id',
    access: 'member',
    page: messages,
    title: ({ subject }) => (subject ? `Messages: ${subject}` : 'Messages'),
  },
  {
    path: '/message-emails/unsubscribe',
    access: 'public',
    page: 'features/conversations/UnsubscribePage.tsx',
    title: 'E-mails About Unread Messages',
  },
  {
    path: '/postings/:id/agreement',
    access: 'member',
    page: 'features/agreement/AgreementPage.tsx',
    title: 'Roommate agreement',
  },
  {
    path: '/invitations/:token',
    access: 'member',
    page: 'features/groups/InvitationPage.tsx',
    title: 'Invitation to a group',
  },
] as const satisfies readonly PageRoute[];

export type RoutePath = (typeof ROUTES)[number]['path'];

/** The layout around every page that is not bare. */
export const MAIN_LAYOUT_MODULE = 'app/MainLayout.tsx';

/**
 * The route a page address names, with its parameters, if it is one: matched by React Router's own
 * rule (case-insensitive, a trailing slash allowed, parameters decoded), so the server and the
 * browser's router always agree on which page an address is.
 */
export function matchRoute(pathname: string): RouteMatch | undefined {
  if (matched.has(pathname)) return matched.get(pathname);
  let found: RouteMatch | undefined;
  for (const route of ROUTES as readonly PageRoute[]) {
    const match = matchPath(route.path, decodedPath(pathname));
    if (match) {
      found = Object.freeze({ route, params: Object.freeze({ ...match.params }) as Record<string, string> });
      break;
    }
  }
  // matchPath compiles each route's pattern on every call, and a drawn page asks for its route
  // several times: the addresses last matched are kept, a bounded number of short ones.
  if (pathname.length > MATCHED_LENGTH_MAX) return found;
  if (matched.size >= MATCHED_KEPT) matched.clear();
  matched.set(pathname, found);
  return found;
}

/** The path as React Router matches it: each segment decoded, a decoded '/' kept as %2F (its `decodePath`). */
function decodedPath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

type RouteMatch = Readonly<{ route: PageRoute; params: Readonly<Record<string, string>> }>;
const MATCHED_KEPT = 500;
const MATCHED_LENGTH_MAX = 200;
const matched = new Map<string, RouteMatch | undefined>();

/** Who may open a path; an unknown path is treated as a member's (the router sends it on). */
export function accessFor(pathname: string): Access {
  return matchRoute(pathname)?.route.access ?? 'member';
}

/**
 * The document's title of a page: '{title} · {product}', or the product's name alone for an
 * address that is no page. The drawn page's <title> and the browser's both come from here.
 */
export function documentTitle(
  pathname: string,
  product: string,
  { search = new URLSearchParams(), subject }: { search?: URLSearchParams; subject?: string } = {},
): string {
  const title = matchRoute(pathname)?.route.title;
  if (title === undefined) return product;
  const name = typeof title === 'string' ? title : title({ search, subject });
  return `${name.replaceAll('{product}', product)} · ${product}`;
}
