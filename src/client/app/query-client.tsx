import { hydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PAGE_QUERIES_ELEMENT_ID } from '../../shared/page-queries';
import type { MeResponse } from '../../shared/schemas/me';
import { refreshSession, SESSION_QUERY_KEY, setSession } from '../shell/session';

/**
 * Server state of the signed-in pages. It loads with the main layout, not with the entry: the
 * sign-in page needs none of it (decision 0009).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } },
});

// The session lives in its own store (session.tsx). Code that writes it through the cache, as
// TanStack Query code does (`setQueryData(SESSION_QUERY_KEY, ...)` after signing out,
// `invalidateQueries({ queryKey: SESSION_QUERY_KEY })`), reaches that store. The cache holds a
// session entry for this only; nothing observes it.
queryClient.setQueryDefaults(SESSION_QUERY_KEY, { gcTime: Number.POSITIVE_INFINITY });
queryClient.setQueryData<MeResponse>(SESSION_QUERY_KEY, { user: null });
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== 'updated' || event.query.queryKey[0] !== SESSION_QUERY_KEY[0]) return;
  if (event.action.type === 'success' && event.action.manual) setSession(event.query.state.data as MeResponse);
  if (event.action.type === 'invalidate') void refreshSession();
});

// A page the server drew (decision 0029) comes with the answers it was drawn from, so the
// browser's first render draws the same and hydrates without asking again.
if (!import.meta.env.SSR) {
  const drawnFrom = document.getElementById(PAGE_QUERIES_ELEMENT_ID)?.textContent;
  if (drawnFrom) hydrate(queryClient, JSON.parse(drawnFrom));
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
