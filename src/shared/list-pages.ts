/**
 * The query of each paged list the first paint shows: how many items a page holds, and the cursor
 * of the next. The client's lists ask with these, and the server names the answers it writes into
 * a page by the same addresses (src/shared/page-loads.ts): both build them here.
 */
import type { QueryOf } from './api-contract';
import { PROFILE_LIST_STEP } from './options';
import { filtersToParams, filtersToQuery, type SearchFilters } from './schemas/filter-params';

/**
 * Cards per page of search results: two rows of four on a wide screen, and little enough work
 * that a slow phone draws the first page quickly; more load as the student scrolls.
 */
const SEARCH_PAGE_SIZE = 8;

/** Pings per page of the profile's inbox and outbox. */
const PING_PAGE_SIZE = 10;

const cursorOf = (cursor: string | null | undefined) => cursor ?? undefined;

/** GET /api/postings: the filters, a page of cards, and where it starts. */
export const searchPage = (filters: SearchFilters, cursor?: string | null): QueryOf<'/api/postings'> => ({
  ...filtersToQuery(filters),
  limit: SEARCH_PAGE_SIZE,
  cursor: cursorOf(cursor),
});

/**
 * The parameter of /postings' address naming where its results start: a 'Load more' link is the
 * next page's address (issue 31), which the server draws, so it works before the scripts and
 * without them, and can be shared.
 */
export const SEARCH_CURSOR_PARAM = 'cursor';

/** Where the results of /postings' address start: null for the first page. */
export const searchCursorOf = (params: URLSearchParams): string | null => params.get(SEARCH_CURSOR_PARAM) || null;

/** /postings' query string for the filters, from `cursor` on (the cache key of that search too). */
export function searchAddressParams(filters: SearchFilters, cursor?: string | null): URLSearchParams {
  const params = filtersToParams(filters);
  if (cursor) params.set(SEARCH_CURSOR_PARAM, cursor);
  return params;
}

/** The profile's lists of postings ('SHOW MORE POSTINGS...' adds PROFILE_LIST_STEP at a time). */
export const profileListPage = (cursor?: string | null): QueryOf<'/api/me/postings/administered'> => ({
  limit: PROFILE_LIST_STEP,
  cursor: cursorOf(cursor),
});

/** The profile's inbox and outbox of pings. */
export const pingPage = (cursor?: string | null): QueryOf<'/api/pings/sent'> => ({
  limit: PING_PAGE_SIZE,
  cursor: cursorOf(cursor),
});
