/**
 * The in-app browser and narrow-screen warnings (docs/product-spec.md: 'Mobile Warning', the in-app browser's
 * warning) are drawn over the page by the server (src/server/http/page-warnings.ts) and made modal
 * by the browser's entry (src/client/shell/page-warnings.ts). Answered, each is remembered for the
 * visit in a session cookie the server reads, so it is not drawn again.
 */
export const PAGE_WARNINGS = ['inAppBrowser', 'mobile'] as const;
export type PageWarning = (typeof PAGE_WARNINGS)[number];

export const WARNING_SEEN_COOKIE: Readonly<Record<PageWarning, string>> = {
  inAppBrowser: 'quadmates-in-app-warning-seen',
  mobile: 'quadmates-mobile-warning-seen',
};

/** The value of an answered warning's cookie. */
export const WARNING_SEEN = '1';

/**
 * Where a warning's plain form posts its answer (form fields `warning` and `returnTo`), when its
 * script has not taken it over: the server remembers the answer in the same cookie.
 */
export const ANSWER_WARNING_ROUTE = '/api/forms/page-warnings';
