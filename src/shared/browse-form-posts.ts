/**
 * The plain forms of /postings and its cards (issue 31; the rules in form-posts.ts): bookmark and
 * Save this search, apart from the other signed-in pages' forms (member-form-posts.ts) so that
 * /postings' first load carries only these.
 */

const FORMS = '/api/forms';

export const BROWSE_FORM_ROUTES = {
  /** POST bookmarked=true|false: the bookmark as asked (idempotent). */
  bookmark: `${FORMS}/postings/:id/bookmark`,
  /** POST name, alert, filters (/postings' query string): Save this search. */
  saveSearch: `${FORMS}/saved-searches`,
} as const;

const fill = (route: string, id: string) => route.replace(':id', encodeURIComponent(id));

/** The `action` of each form. */
export const browseFormActions = {
  bookmark: (postingId: string) => fill(BROWSE_FORM_ROUTES.bookmark, postingId),
  saveSearch: () => BROWSE_FORM_ROUTES.saveSearch,
} as const;
