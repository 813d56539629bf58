/** The client's routes as the route-wide browser tests visit them (every-route-axe, keyboard). */
import { ROUTES } from '../../src/shared/routes';

/** Every client route, from the route table the router and the server read (src/shared/routes.ts). */
export const CLIENT_ROUTES: readonly string[] = ROUTES.map((route) => route.path);

/** The address of `route` with the query its page needs to show its content (a posting to detail). */
export function routeUrl(route: string, postingId: string): string {
  if (route === '/detailView') return `${route}?id=${postingId}`;
  if (route === '/reset-password') return `${route}?token=not-a-real-token`;
  if (route === '/postings') return `${route}?location=offcampus`;
  if (route === '/invitations/:token') return '/invitations/not-a-real-token';
  if (route === '/postings/:id/agreement') return `/postings/${postingId}/agreement`;
  if (route === '/messages/:id') return '/messages/00000000-0000-4000-8000-000000000000';
  return route;
}
