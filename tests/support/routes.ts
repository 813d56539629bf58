/** The client's routes as the route-wide browser tests visit them (every-route-axe, keyboard). */
import { ROUTE_PAGES } from '../../src/shared/client-routes';

/** Every client route, from the one list the router and the server share (src/shared/client-routes.ts). */
export const CLIENT_ROUTES: readonly string[] = Object.keys(ROUTE_PAGES);

/** The address of `route` with the query its page needs to show its content (a posting to detail). */
export function routeUrl(route: string, postingId: string): string {
  if (route === '/detailView') return `${route}?id=${postingId}`;
  if (route === '/reset-password') return `${route}?token=not-a-real-token`;
  if (route === '/postings') return `${route}?location=offcampus`;
  if (route === '/invitations/:token') return '/invitations/not-a-real-token';
  if (route === '/messages/:id') return '/messages/00000000-0000-4000-8000-000000000000';
  return route;
}
