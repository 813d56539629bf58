/**
 * The server's drawing of a page (decisions 0029 and 0039): the same components as the browser's
 * entry (main.tsx), drawn once to HTML from a query cache of its own, filled first by the route's
 * loads (src/shared/page-loads.ts) with the answers the server gives in process. Built by
 * `vite build --ssr` into dist/server and loaded by src/server/http/page-drawing.ts; the browser
 * then hydrates what it drew. Nothing here outlives a drawing: each has its own cache, session,
 * configuration and clock (shell/drawing.ts), so drawings in one process do not wait on each other.
 */
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { type DrawnPage, type NotFoundQuery, notFoundOf, type PageAnswer, type PageSeed } from '../shared/drawn-page';
import { loadAddress, pageLoads, STORE_LOADS } from '../shared/page-loads';
import { matchRoute } from '../shared/routes';
import type { PublicConfig } from '../shared/schemas/college';
import type { MeResponse } from '../shared/schemas/me';
import { newQueryClient, setNotFound } from './app/query-client';
import { AppRoutes, preloadRoute, retryPage } from './app/router';
import { decideAccess } from './shell/access';
import { ConfigProvider } from './shell/config-context';
import { type Drawing, DrawingContext } from './shell/drawing';
import { sessionStateOf } from './shell/session';
import { ErrorBoundary } from './ui/ErrorBoundary';
import { preloadLazyParts } from './ui/lazy-part';

/** A Suspense boundary renderToString left to the browser (code that was not there). */
const UNFINISHED = '<!--$!-->';

function app(url: string, drawing: Drawing) {
  return (
    <DrawingContext value={drawing}>
      <StrictMode>
        <ConfigProvider>
          <StaticRouter location={url}>
            <ErrorBoundary onRetry={retryPage}>
              <AppRoutes />
            </ErrorBoundary>
          </StaticRouter>
        </ConfigProvider>
      </StrictMode>
    </DrawingContext>
  );
}

/**
 * Draws the page at `url` (its path and query) for the visitor `answer` answers for: the stores'
 * answers and the route's loads first, side by side with the page's code, then one drawing.
 * `seed` adds answers of the server's own (a refused form drawn again with what was sent).
 */
export async function drawPage(url: string, answer: PageAnswer, seed: PageSeed = []): Promise<DrawnPage> {
  const address = new URL(url, 'http://page');
  const [config, me] = (await Promise.all([answer(STORE_LOADS.config), answer(STORE_LOADS.me)])) as [
    PublicConfig | undefined,
    MeResponse | undefined,
  ];
  if (!config || !me) return { kind: 'notDrawn', stores: {} };
  // The browser's two stores start from these (src/client/api/page-answers.ts), drawn or not.
  const stores = { [loadAddress(STORE_LOADS.config)]: config, [loadAddress(STORE_LOADS.me)]: me };
  const matched = matchRoute(address.pathname);
  if (!matched) return { kind: 'notDrawn', stores };
  const decision = decideAccess(matched.route.access, sessionStateOf(me));
  if (decision.kind === 'terms') return { kind: 'notDrawn', stores };
  if (decision.kind === 'redirect') {
    // The browser's guard carries router state the server cannot (the invitation to come back to,
    // why an unverified account lands on its profile): it decides those itself.
    const carriesState = decision.because !== undefined || address.pathname.startsWith('/invitations/');
    return carriesState ? { kind: 'notDrawn', stores } : { kind: 'redirect', to: decision.to };
  }

  const queryClient = newQueryClient();
  const missing: string[] = [];
  const notFound: NotFoundQuery[] = [];
  const loads = pageLoads(matched.route, { params: matched.params, search: address.searchParams });
  const [answers] = await Promise.all([
    Promise.all(loads.map((load) => answer(load))),
    preloadRoute(address.pathname).then(preloadLazyParts),
  ]);
  // Cached in the loads' order, whatever order the answers came in: the page is the same each time.
  loads.forEach((load, index) => {
    const data = answers[index];
    const error = notFoundOf(data);
    // The page's subject not there: drawn as the browser would show it, from the same error.
    if (error && load.subject) {
      notFound.push({ queryKey: load.queryKey, error });
      setNotFound(queryClient, load.queryKey, error);
    }
    // What the visitor may not have, or what is not there, is the browser's to ask for and show.
    else if (data === undefined || error) missing.push(loadAddress(load));
    else
      queryClient.setQueryData(
        load.queryKey,
        load.infinite ? { pages: [data], pageParams: [load.pageParam ?? null] } : data,
      );
  });
  for (const { queryKey, data } of seed) queryClient.setQueryData(queryKey, data);
  const drawnAt = Date.now();
  const drawing: Drawing = { config, me, clock: { now: drawnAt, zone: 'utc' }, queryClient };
  const html = renderToString(app(url, drawing));
  // All code is loaded beforehand: a boundary left unfinished is a page the browser draws itself.
  if (html.includes(UNFINISHED)) return { kind: 'notDrawn', stores };
  // The subjects not found go beside the cache (dehydrate keeps answers, not errors): the browser's
  // first render must show what was drawn.
  const queries = {
    ...dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' }),
    notFound,
  };
  queryClient.clear();
  return {
    kind: 'page',
    html,
    queries,
    drawnAt,
    stores,
    missing,
    title: drawing.title,
    ...(notFound.length > 0 ? { status: 404 as const } : {}),
  };
}
