/**
 * The plain HTML forms of the pages (issue 31, "no lost tap"): what a tap does before the scripts
 * have taken the page over, or with JavaScript off. Each form posts (or, to start a sign-in, links)
 * to a server route that does what the app's own call would, through the same services, and answers
 * with a redirect (303) back to the page it came from; the scripts, once there, handle the same
 * controls themselves. Tiny and zod-free: any page may import it.
 */

/** Where the form routes live: beside the API, so the same origin check and session apply. */
const FORMS = '/api/forms';

/** The sign-in forms' routes as the server registers them (the signed-in pages' are in member-form-posts.ts). */
export const FORM_ROUTES = {
  /** GET: starts the OpenID Connect sign-in in this window (a plain link; answers 302 to the provider). */
  providerSignIn: `${FORMS}/sign-in/provider`,
  /** POST email, password: signs in, then back to the page asked for (or the sign-in page with its error). */
  signIn: `${FORMS}/sign-in`,
  /** POST name, email, password, confirmPassword: creates the account as the sign-up form does. */
  signUp: `${FORMS}/sign-up`,
} as const;

/** The `action` of each form. */
export const formActions = {
  providerSignIn: (returnTo: string) => `${FORM_ROUTES.providerSignIn}?${RETURN_FIELD}=${encodeURIComponent(returnTo)}`,
  signIn: () => FORM_ROUTES.signIn,
  signUp: () => FORM_ROUTES.signUp,
} as const;

/** The hidden field (or query parameter) naming the page to come back to: a path of this site. */
export const RETURN_FIELD = 'returnTo';

/** The sign-in page's address opens on its sign-up form with `?mode=signUp` (a link, issue 31). */
export const SIGN_UP_MODE_PARAM = 'mode';
export const SIGN_UP_MODE = 'signUp';

/** The query parameter a form route's redirect adds to say what happened (a code of form-notices.ts). */
export const NOTICE_PARAM = 'notice';

const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** The longest return address taken; a longer one is not a page of ours. */
const RETURN_PATH_MAX_LENGTH = 2048;

/**
 * A return address as a path of this site, or null: it starts with one '/', names no other host
 * (no '//' or '/\', nothing a URL parser would read as one), and is not an API address. The same
 * check on both sides: the server never redirects off the site, the page never links off it.
 */
export function sameSitePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > RETURN_PATH_MAX_LENGTH) return null;
  // Control characters and backslashes are dropped or turned into '/' by URL parsers.
  if (!raw.startsWith('/') || raw.includes('\\') || [...raw].some(isControl)) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://this.site');
  } catch {
    return null;
  }
  if (url.origin !== 'http://this.site') return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with the notice `code` in its query (replacing any other notice). */
export function withNotice(path: string, code: string): string {
  const url = new URL(path, 'http://this.site');
  url.searchParams.set(NOTICE_PARAM, code);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` without a notice in its query. */
export function withoutNotice(path: string): string {
  const url = new URL(path, 'http://this.site');
  url.searchParams.delete(NOTICE_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}
