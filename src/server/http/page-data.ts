/**
 * The API answers a page's first paint waits for, named in the page's HTML as preloads: the
 * browser asks for them beside the scripts instead of after the scripts have run and rendered,
 * which on a slow phone is most of the wait for the largest paint (issue 11). Signed-in data is
 * named only for a visitor with a session cookie; the others are sent to the sign-in page.
 * Their addresses are built as the client's calls build them (apiUrl, src/shared/list-pages.ts),
 * since the client takes an answer from the page only for the very address it asks for.
 */
import { apiUrl } from '../../shared/api-contract';
import { BARE_ROUTES } from '../../shared/client-routes';
import { pingPage, profileListPage, searchPage } from '../../shared/list-pages';
import { CONFIG_PATH, ME_PATH } from '../../shared/page-answers';
import { filtersFromParams } from '../../shared/schemas/filters';

/** The address's `index`th path segment, decoded ('' when it is not one). */
function segment(pathname: string, index: number): string {
  try {
    return decodeURIComponent(pathname.split('/')[index] ?? '');
  } catch {
    return '';
  }
}

export function pageDataPaths(
  route: string,
  params: URLSearchParams,
  hasSession: boolean,
  /** The address's path, for a route with a parameter ('/messages/:id'). */
  pathname: string = route,
): string[] {
  if (BARE_ROUTES.has(route)) return [];
  // The footer's count is public; the navbar's badge is the member's.
  const paths: string[] = [apiUrl('/api/stats')];
  if (!hasSession) return paths;
  paths.push(apiUrl('/api/pings/awaiting-count'));
  switch (route) {
    case '/postings':
      paths.push(
        apiUrl('/api/postings', { query: searchPage(filtersFromParams(params)) }),
        apiUrl('/api/me/lifestyle'),
      );
      break;
    case '/detailView': {
      const id = params.get('id');
      if (id) paths.push(apiUrl('/api/postings/{id}', { path: { id } }));
      break;
    }
    case '/myProfile':
      paths.push(
        apiUrl('/api/me/postings/administered', { query: profileListPage() }),
        apiUrl('/api/me/postings/bookmarked', { query: profileListPage() }),
        apiUrl('/api/me/lifestyle'),
        apiUrl('/api/pings/received', { query: pingPage() }),
        apiUrl('/api/pings/sent', { query: pingPage() }),
      );
      break;
    // The conversations, and the one open (issue 31: its composer then works before the scripts).
    case '/messages':
    case '/messages/:id': {
      paths.push(apiUrl('/api/conversations'));
      const id = route === '/messages/:id' ? segment(pathname, 2) : '';
      if (id) paths.push(apiUrl('/api/conversations/{id}', { path: { id } }));
      break;
    }
  }
  return paths;
}

/** Every answer a page's first paint waits for: the college's configuration, the session, and the page's own. */
export function firstPaintPaths(
  route: string,
  params: URLSearchParams,
  hasSession: boolean,
  pathname: string = route,
): string[] {
  return [CONFIG_PATH, ME_PATH, ...pageDataPaths(route, params, hasSession, pathname)];
}
