/**
 * The API addresses a page fetches for its first paint. The server writes their answers into that
 * page's HTML, or names them there as preloads (src/server/http/page-data.ts), and a page takes
 * either only for a fetch whose address matches character for character: so the client and the
 * server both build them here. Zod-free, so the client's first load does not grow. The client
 * takes them through the feature tables in ./api (postingsApi.search, pingsApi.received...).
 */
import { CONFIG_PATH, ME_PATH } from './page-answers';
import { filtersToParams } from './schemas/filter-params';
import type { SearchFilters } from './schemas/filters';

/**
 * Cards per page of search results: two rows of four on a wide screen, and little enough work
 * that a slow phone draws the first page quickly; more load as the student scrolls.
 */
const SEARCH_PAGE_SIZE = 8;

/** Pings per page of the profile's inbox and outbox. */
const PING_PAGE_SIZE = 10;

const withCursor = (path: string, cursor: string | null | undefined) =>
  cursor ? `${path}&cursor=${encodeURIComponent(cursor)}` : path;

export const apiPaths = {
  config: CONFIG_PATH,
  me: ME_PATH,
  /** Groups matched to date (the footer). */
  stats: '/api/stats',
  /** Pings waiting for the viewer's answer (the navbar's badge). */
  awaitingCount: '/api/pings/awaiting-count',
  /** Group invitations waiting for the viewer's answer (the navbar's badge, issue 23). */
  invitationCount: '/api/me/invitations/count',
  myLifestyle: '/api/me/lifestyle',
  search: (filters: SearchFilters, cursor?: string | null) =>
    withCursor(`/api/postings?${filtersToParams(filters).toString()}&limit=${SEARCH_PAGE_SIZE}`, cursor),
  posting: (id: string) => `/api/postings/${encodeURIComponent(id)}`,
  myPostings: (which: 'administered' | 'bookmarked', limit: number, cursor?: string | null) =>
    withCursor(`/api/me/postings/${which}?limit=${limit}`, cursor),
  pings: (box: 'received' | 'sent', cursor?: string | null) =>
    withCursor(`/api/pings/${box}?limit=${PING_PAGE_SIZE}`, cursor),
} as const;
