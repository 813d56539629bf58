/**
 * Which page module each client route loads lazily (src/client/app/router.tsx, which must agree:
 * src/client/app/router.test.ts checks it). The server names these chunks in the HTML it sends
 * for a route (`<link rel="modulepreload">`), so they download beside the entry chunk instead of
 * after it (decision 0009). Module names are the build manifest's: paths under src/client.
 */
export const ROUTE_PAGES: Readonly<Record<string, string>> = {
  '/signin-wall': 'features/auth/SignInPage.tsx',
  '/signIn': 'features/auth/SignInPage.tsx',
  '/': 'pages/landing/LandingPage.tsx',
  '/postings': 'pages/browse/PostingsPage.tsx',
  '/welcomeToPostings': 'features/postings/WelcomePage.tsx',
  '/detailView': 'pages/detail/DetailPage.tsx',
  '/about': 'features/about/AboutPage.tsx',
  '/myProfile': 'pages/profile/ProfilePage.tsx',
  '/forgot-password': 'features/auth/ForgotPasswordPage.tsx',
  '/reset-password': 'features/auth/ResetPasswordPage.tsx',
  '/verify-email': 'features/auth/VerifyEmailPage.tsx',
  '/create-posting': 'features/posting-editor/CreatePostingPage.tsx',
  '/our-purpose': 'features/purpose/PurposePage.tsx',
  '/contact-us': 'features/contact/ContactPage.tsx',
  '/renew': 'features/freshness/RenewPage.tsx',
  '/moderation': 'features/moderation/ModerationPage.tsx',
  '/alerts/unsubscribe': 'features/saved-searches/UnsubscribePage.tsx',
  /** A route with a parameter: the server's page table matches it only by its pattern (issue 23). */
  '/messages': 'features/conversations/MessagesPage.tsx',
  '/messages/:id': 'features/conversations/MessagesPage.tsx',
  '/message-emails/unsubscribe': 'features/conversations/UnsubscribePage.tsx',
  '/invitations/:token': 'features/groups/InvitationPage.tsx',
};

/** Routes drawn without the main layout (header, footer, server-state cache). */
export const BARE_ROUTES: ReadonlySet<string> = new Set(['/signin-wall', '/signIn']);

/** The layout around every other route. */
export const MAIN_LAYOUT_MODULE = 'app/MainLayout.tsx';
