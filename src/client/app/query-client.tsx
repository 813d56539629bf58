import { hydrate, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiErrorBody } from '../../shared/api-error';
import type { NotFoundQuery } from '../../shared/drawn-page';
import { PAGE_QUERIES_ELEMENT_ID } from '../../shared/page-queries';
import type { MeResponse } from '../../shared/schemas/me';
import { ApiError } from '../api/client';
import { useDrawing } from '../shell/drawing';
import { refreshSession, SESSION_QUERY_KEY, setSession } from '../shell/session';

/** A query cache as the pages use it; the server makes one per drawing (entry-server.tsx). */
export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });
}

/**
 * Puts the route's 404 for `queryKey` in the cache, as a failed fetch would: the page's hooks show
 * it (a posting gone, an agreement of a group one is not in) in the drawing and in the first render
 * that hydrates it. Not asked again on mount: a hook mounting on a failed query would otherwise be
 * 'pending' at once (TanStack Query's optimistic refetch), drawing Loading where the server drew
 * the not-found page.
 */
export function setNotFound(client: QueryClient, queryKey: QueryKey, error: ApiErrorBody['error']): void {
  client.setQueryDefaults(queryKey, { retryOnMount: false });
  const query = client.getQueryCache().build(client, { queryKey });
  query.setState({
    ...query.state,
    status: 'error',
    fetchStatus: 'idle',
    error: new ApiError(404, error),
    errorUpdateCount: query.state.errorUpdateCount + 1,
    errorUpdatedAt: Date.now(),
    fetchFailureCount: 1,
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's cache of the signed-in pages' server state, one per page. It loads with the main
 * layout, not with the entry: the sign-in page needs none of it (decision 0009).
 */
function pageQueryClient(): QueryClient {
  if (browserClient) return browserClient;
  const client = newQueryClient();
  // The session lives in its own store (session.tsx). Code that writes it through the cache, as
  // TanStack Query code does (`setQueryData(SESSION_QUERY_KEY, ...)` after signing out,
  // `invalidateQueries({ queryKey: SESSION_QUERY_KEY })`), reaches that store. The cache holds a
  // session entry for this only; nothing observes it.
  client.setQueryDefaults(SESSION_QUERY_KEY, { gcTime: Number.POSITIVE_INFINITY });
  client.setQueryData<MeResponse>(SESSION_QUERY_KEY, { user: null });
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== SESSION_QUERY_KEY[0]) return;
    if (event.action.type === 'success' && event.action.manual) setSession(event.query.state.data as MeResponse);
    if (event.action.type === 'invalidate') void refreshSession();
  });
  // A page the server drew (decision 0029) comes with the cache it was drawn from, so the
  // browser's first render draws the same and hydrates without asking again.
  const drawnFrom = document.getElementById(PAGE_QUERIES_ELEMENT_ID)?.textContent;
  if (drawnFrom) {
    const drawnCache = JSON.parse(drawnFrom) as Parameters<typeof hydrate>[1] & { notFound?: NotFoundQuery[] };
    hydrate(client, drawnCache);
    for (const { queryKey, error } of drawnCache.notFound ?? []) setNotFound(client, queryKey, error);
  }
  browserClient = client;
  return client;
}

/** The drawing's own cache on the server; the page's in the browser. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const drawing = useDrawing();
  return <QueryClientProvider client={drawing?.queryClient ?? pageQueryClient()}>{children}</QueryClientProvider>;
}
