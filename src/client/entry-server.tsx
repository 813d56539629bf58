/**
 * The server's drawing of a page (decision 0029): the same components as the browser's entry
 * (main.tsx), drawn to HTML from the API answers the server has already fetched for the page
 * (decision 0019). Built by `vite build --ssr` into dist/server and loaded by
 * src/server/http/page-drawing.ts; the browser then hydrates what it drew.
 */
import { dehydrate, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { DrawnPage } from '../shared/drawn-page';
import { CONFIG_PATH, ME_PATH } from '../shared/page-answers';
import type { PublicConfig } from '../shared/schemas/college';
import type { MeResponse } from '../shared/schemas/me';
import { provideServerAnswers } from './api/page-answers';
import { queryClient } from './app/query-client';
import { AppRoutes, preloadRoute, retryPage } from './app/router';
import { accessFor, decideAccess } from './shell/access';
import { setDrawnAt } from './shell/clock';
import { ConfigProvider, setLoadedConfig } from './shell/config-context';
import { SESSION_QUERY_KEY, sessionStateOf, setSession } from './shell/session';
import { ErrorBoundary } from './ui/ErrorBoundary';

/**
 * Rounds of "draw, then fetch what the drawing asked for and load the code it waited for": a query
 * that waits on another's answer, a lazy part inside a page.
 */
const ROUNDS = 5;
/** A Suspense boundary renderToString left to the browser (its code was not there yet). */
const UNFINISHED = '<!--$!-->';

function app(url: string) {
  return (
    <StrictMode>
      <ConfigProvider>
        <StaticRouter location={url}>
          <ErrorBoundary onRetry={retryPage}>
            <AppRoutes />
          </ErrorBoundary>
        </StaticRouter>
      </ConfigProvider>
    </StrictMode>
  );
}

/** A query the drawing asked for and has not fetched (on the server its observers never subscribe). */
const waiting = (query: Query) =>
  query.state.status === 'pending' &&
  query.state.fetchStatus === 'idle' &&
  (query.options as { enabled?: unknown }).enabled !== false;

/**
 * The modules' stores (the college, the session, the query cache) are the browser's, one per
 * page; on the server one drawing at a time has them. Drawing is all on this thread anyway, and
 * between its steps only answers already in memory are awaited.
 */
let queue: Promise<unknown> = Promise.resolve();

export function drawPage(url: string, answers: Readonly<Record<string, unknown>>): Promise<DrawnPage> {
  const turn = queue.then(() => drawAlone(url, answers));
  queue = turn.catch(() => undefined);
  return turn;
}

async function drawAlone(url: string, answers: Readonly<Record<string, unknown>>): Promise<DrawnPage> {
  const config = answers[CONFIG_PATH] as PublicConfig | undefined;
  const me = answers[ME_PATH] as MeResponse | undefined;
  if (!config || !me) return { kind: 'notDrawn' };
  const pathname = new URL(url, 'http://page').pathname;
  const decision = decideAccess(accessFor(pathname), sessionStateOf(me));
  if (decision.kind === 'terms') return { kind: 'notDrawn' };
  if (decision.kind === 'redirect') {
    // The browser's guard carries router state the server cannot (the invitation to come back to,
    // why an unverified account lands on its profile): it decides those itself.
    const carriesState = decision.because !== undefined || pathname.startsWith('/invitations/');
    return carriesState ? { kind: 'notDrawn' } : { kind: 'redirect', to: decision.to };
  }

  provideServerAnswers(answers);
  const drawnAt = Date.now();
  setDrawnAt(drawnAt);
  setLoadedConfig(config);
  setSession(me);
  queryClient.clear();
  try {
    await preloadRoute(pathname);
    // The page is the first drawing that asked for nothing more; a page still asking after the
    // last round is left to the browser (what the server drew would not be what the cache holds).
    let html: string | undefined;
    const unanswered = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const drawn = renderToString(app(url));
      const asked = queryClient
        .getQueryCache()
        .findAll()
        .filter((query) => waiting(query) && !unanswered.has(query.queryHash));
      if (asked.length === 0 && !drawn.includes(UNFINISHED)) {
        html = drawn;
        break;
      }
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
      // What the server has no answer for is fetched by the browser, which draws it 'Loading...'
      // until then: the server draws the same.
      queryClient.removeQueries({
        predicate: (query) => query.state.status === 'error' && unanswered.add(query.queryHash) !== undefined,
      });
      // A lazy part's code (React.lazy) is imported by the drawing above; let it arrive.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (html === undefined) return { kind: 'notDrawn' };
    // The session has its own store, filled from the page's answers in the browser.
    const queries = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && query.queryKey[0] !== SESSION_QUERY_KEY[0],
    });
    return { kind: 'page', html, queries, drawnAt };
  } finally {
    queryClient.clear();
    provideServerAnswers({});
  }
}
