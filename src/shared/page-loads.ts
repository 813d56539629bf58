/**
 * What each page of the route table (routes.ts) loads before it is drawn: the API answers its first
 * paint shows, each under the cache key its hook reads (query-keys.ts) and with the address the
 * hook's first fetch would have. The server answers them from its services and draws the page from
 * them (src/client/entry-server.tsx); the browser hydrates the same cache entries. A page not
 * listed here loads only the layout's answers; an answer the viewer may not have is not loaded.
 */
import { type AddressParts, address, type OptionsArgument, type PathOf, type Route } from './api-contract';
import { pingPage, profileListPage, searchAddressParams, searchCursorOf, searchPage } from './list-pages';
import { groupKeys, savedSearchKeys } from './profile-query-keys';
import {
  accountKey,
  agreementKeys,
  conversationKeys,
  lifestyleKeys,
  pingKeys,
  postingKeys,
  statsKey,
} from './query-keys';
import type { PageRoute, RoutePath } from './routes';
import { filtersFromParams } from './schemas/filters';

/** One answer a page loads: the GET route and its parts, and where the cache keeps it. */
export interface PageLoad {
  readonly queryKey: readonly unknown[];
  readonly path: PathOf<'get'>;
  readonly parts: AddressParts;
  /** The first page of an infinite query (a list the page extends): cached as `{ pages, pageParams }`. */
  readonly infinite?: boolean;
  /** Where that first page starts (its `pageParams`' one entry): null for the list's start. */
  readonly pageParam?: string | null;
  /**
   * What the page is about (a posting, an agreement, a conversation): when its route answers that
   * it is not there, neither is the page, which is drawn saying so and sent with 404.
   */
  readonly subject?: boolean;
}

/** A load of one route, its parts checked by the compiler against the API's types. */
function load<P extends PathOf<'get'>>(
  queryKey: readonly unknown[],
  path: P,
  ...[parts]: OptionsArgument<Route<P, 'get'>>
): PageLoad {
  return { queryKey, path, parts: (parts ?? {}) as AddressParts };
}
const subject = (pageLoad: PageLoad): PageLoad => ({ ...pageLoad, subject: true });
const firstPage = (pageLoad: PageLoad, pageParam: string | null = null): PageLoad => ({
  ...pageLoad,
  infinite: true,
  pageParam,
});

/** The page's address, as a loader reads it. */
export interface PageAddress {
  /** The route's `:name` parameters. */
  params: Readonly<Record<string, string>>;
  search: URLSearchParams;
}

/** The session and the college's configuration: every page's two stores (not in the query cache). */
export const STORE_LOADS = {
  config: load(['config'], '/api/config'),
  me: load(['session'], '/api/me'),
} as const;

const myLifestyle = () => load(lifestyleKeys.mine, '/api/me/lifestyle');

/** What the main layout shows on every page it draws: the footer's count and the navigation's badge. */
const layoutLoads = (): PageLoad[] => [
  load(statsKey, '/api/stats'),
  load(pingKeys.awaiting, '/api/pings/awaiting-count'),
];

/** Each route's own answers, keyed by the route table's paths. */
const ROUTE_LOADS: Partial<Record<RoutePath, (address: PageAddress) => PageLoad[]>> = {
  '/postings': ({ search }) => {
    const filters = filtersFromParams(search);
    const cursor = searchCursorOf(search);
    return [
      firstPage(
        load(postingKeys.search(searchAddressParams(filters, cursor).toString()), '/api/postings', {
          query: searchPage(filters, cursor),
        }),
        cursor,
      ),
      myLifestyle(),
    ];
  },
  // Editing (?id=): the form is drawn from the posting, so it is there without the scripts.
  '/create-posting': ({ search }) => {
    const id = search.get('id');
    return id ? [load(postingKeys.detail(id), '/api/postings/{id}', { path: { id } })] : [];
  },
  '/detailView': ({ search }) => {
    const id = search.get('id');
    // The fit too: drawn without it, the page would say it is working the fit out, with nothing
    // to work it out until the scripts arrive (and, without them, for ever).
    return id
      ? [
          subject(load(postingKeys.detail(id), '/api/postings/{id}', { path: { id } })),
          load(lifestyleKeys.postingFit(id), '/api/postings/{id}/fit', { path: { id } }),
        ]
      : [];
  },
  '/myProfile': () => [
    // The Account section's details: its Change Password form then works before the scripts.
    load(accountKey, '/api/me/account'),
    firstPage(load(postingKeys.mine('administered'), '/api/me/postings/administered', { query: profileListPage() })),
    firstPage(load(postingKeys.mine('bookmarked'), '/api/me/postings/bookmarked', { query: profileListPage() })),
    myLifestyle(),
    firstPage(load(pingKeys.received, '/api/pings/received', { query: pingPage() })),
    firstPage(load(pingKeys.sent, '/api/pings/sent', { query: pingPage() })),
    // Its other sections, drawn with what they hold: their forms then work before the scripts.
    load(groupKeys.invitations, '/api/me/invitations'),
    load(groupKeys.mine, '/api/me/groups'),
    load(groupKeys.sharing, '/api/me/sharing'),
    load(savedSearchKeys.all, '/api/saved-searches'),
    load(conversationKeys.settings, '/api/me/conversation-settings'),
    load(conversationKeys.blocks, '/api/me/blocks'),
  ],
  // The conversations, and the one open (its composer then works before the scripts).
  // The agreement, so its forms (edit a clause, sign) work before the scripts; 404 to anyone else.
  '/postings/:id/agreement': ({ params }) => [
    subject(
      load(agreementKeys.one(params.id ?? ''), '/api/postings/{id}/agreement', { path: { id: params.id ?? '' } }),
    ),
  ],
  '/messages': () => [firstPage(load(conversationKeys.list, '/api/conversations'))],
  '/messages/:id': ({ params }) => [
    firstPage(load(conversationKeys.list, '/api/conversations')),
    subject(load(conversationKeys.one(params.id ?? ''), '/api/conversations/{id}', { path: { id: params.id ?? '' } })),
  ],
};

/** Every answer a page loads besides the stores: its layout's and its own. */
export function pageLoads(route: PageRoute, pageAddress: PageAddress): PageLoad[] {
  if (route.bare) return [];
  return [...layoutLoads(), ...(ROUTE_LOADS[route.path as RoutePath]?.(pageAddress) ?? [])];
}

/** The address a load's answer has in the API (a preload names it). */
export const loadAddress = (pageLoad: PageLoad): string => address(pageLoad.path, pageLoad.parts);
