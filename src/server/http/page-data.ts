/**
 * The API answers a page's first paint waits for, named in the page's HTML as preloads: the
 * browser asks for them beside the scripts instead of after the scripts have run and rendered,
 * which on a slow phone is most of the wait for the largest paint (issue 11). Signed-in data is
 * named only for a visitor with a session cookie; the others are sent to the sign-in page.
 */
import { apiPaths } from '../../shared/api-paths';
import { BARE_ROUTES } from '../../shared/client-routes';
import { PROFILE_LIST_STEP } from '../../shared/options';
import { filtersFromParams } from '../../shared/schemas/filters';

export function pageDataPaths(route: string, params: URLSearchParams, hasSession: boolean): string[] {
  if (BARE_ROUTES.has(route)) return [];
  // The footer's count is public; the navbar's badge is the member's.
  const paths: string[] = [apiPaths.stats];
  if (!hasSession) return paths;
  paths.push(apiPaths.awaitingCount);
  switch (route) {
    case '/postings':
      paths.push(apiPaths.search(filtersFromParams(params)), apiPaths.myLifestyle);
      break;
    case '/detailView': {
      const id = params.get('id');
      if (id) paths.push(apiPaths.posting(id));
      break;
    }
    case '/myProfile':
      paths.push(
        apiPaths.myPostings('administered', PROFILE_LIST_STEP),
        apiPaths.myPostings('bookmarked', PROFILE_LIST_STEP),
        apiPaths.myLifestyle,
        apiPaths.pings('received'),
        apiPaths.pings('sent'),
      );
      break;
  }
  return paths;
}

/** Every answer a page's first paint waits for: the college's configuration, the session, and the page's own. */
export function firstPaintPaths(route: string, params: URLSearchParams, hasSession: boolean): string[] {
  return [apiPaths.config, apiPaths.me, ...pageDataPaths(route, params, hasSession)];
}
