import { type ComponentType, Suspense } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { matchRoute, type PageRoute, ROUTES } from '../../shared/routes';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { type Preloadable, Preloaded, preloadable } from '../ui/lazy-part';
import { BareLayout, Loading } from './Layout';

type PageModule = { Component: ComponentType };

/**
 * Every page module, loaded lazily, one chunk per page, by the name the route table gives it
 * (src/shared/routes.ts; router.test.ts checks that each route's page is here). The main layout
 * loads lazily too (the sign-in page does without it). React Router's declarative mode: the data
 * router's code is not needed and is left out of the entry chunk (decision 0009).
 */
const pageModules = import.meta.glob<PageModule>(['../pages/*/*Page.tsx', '../features/*/*Page.tsx']);

/** Set once a chunk has failed to load: the error boundaries' retry then reloads the page. */
let codeFailed = false;
const codeFailing = () => {
  codeFailed = true;
};

/**
 * The error boundaries' retry. A chunk that failed to load is fetched again by reloading the page:
 * the browser keeps a failed module import, and after a deploy the old chunk's name may be gone,
 * while the reloaded page names the current ones. A page that threw while drawing is drawn again.
 */
export function retryPage(): 'reloading' | 'redraw' {
  if (!codeFailed) return 'redraw';
  window.location.reload();
  return 'reloading';
}

// The server names the current route's chunks in the page it sends (src/server/http/page-html.ts),
// so they arrive beside the entry chunk rather than after it.
const MainLayout = preloadable(() => import('./MainLayout').then((module) => module.default), codeFailing);

/** Each page module's code, once (two routes may share a page; router.test.ts checks each is in the glob). */
const pageCode: Record<string, Preloadable<object>> = {};
const codeOf = (route: PageRoute): Preloadable<object> =>
  (pageCode[route.page] ??= preloadable(
    () => (pageModules[`../${route.page}`] as () => Promise<PageModule>)().then((module) => module.Component),
    codeFailing,
  ));

/**
 * Loads the code of the page at `pathname` (and its layout), so that the first render draws it
 * without a fallback. Other paths load nothing here: their page suspends until its code is in.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const route = matchRoute(pathname)?.route;
  return Promise.all(route ? [codeOf(route).preload(), route.bare || MainLayout.preload()] : []);
}

/** A page's element: one boundary per page, so a page that fails shows why and the layout's navigation stays. */
const pageElement = (route: PageRoute) => (
  <ErrorBoundary key={route.path} onRetry={retryPage}>
    <Preloaded code={codeOf(route)} props={{}} />
  </ErrorBoundary>
);
const bareLayout = <BareLayout />;
const mainLayout = <Preloaded code={MainLayout} props={{}} />;

/**
 * Each page's branch for React Router, made once: its layout and the page. The route table finds
 * the page (matchRoute, React Router's own rule), and the router is given that branch alone: given
 * every route, it flattened, ranked and compiled them all again on each render, a quarter of a
 * drawn page's rendering on the server.
 */
const BRANCHES = new Map<string, RouteObject[]>(
  (ROUTES as readonly PageRoute[]).map((route) => [
    route.path,
    [{ element: route.bare ? bareLayout : mainLayout, children: [{ path: route.path, element: pageElement(route) }] }],
  ]),
);
const UNKNOWN_ADDRESS: RouteObject[] = [{ path: '*', element: <Navigate to="/signin-wall" replace /> }];

export function AppRoutes() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname)?.route;
  const page = useRoutes((route && BRANCHES.get(route.path)) ?? UNKNOWN_ADDRESS);
  return <Suspense fallback={<Loading />}>{page}</Suspense>;
}
