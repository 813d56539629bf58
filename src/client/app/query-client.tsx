import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PAGE_QUERIES_ELEMENT_ID } from '../../shared/page-queries';
import type { MeResponse } from '../../shared/schemas/me';
import { useDrawing } from '../shell/drawing';
import { refreshSession, SESSION_QUERY_KEY, setSession } from '../shell/session';

/** A query cache as the pages use it; the server makes one per drawing (entry-server.tsx). */
export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } });
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
  if (drawnFrom) hydrate(client, JSON.parse(drawnFrom));
  browserClient = client;
  return client;
}

/** The drawing's own cache on the server; the page's in the browser. */
export function QueryProvider({ children }: { children: ReactNode }) {
  const drawing = useDrawing();
  return <QueryClientProvider client={drawing?.queryClient ?? pageQueryClient()}>{children}</QueryClientProvider>;
}
