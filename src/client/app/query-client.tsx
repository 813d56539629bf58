import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { MeResponse } from '../../shared/schemas/me';
import { refreshSession, SESSION_QUERY_KEY, setSession } from '../shell/session';

/**
 * Server state of the signed-in pages. It loads with the main layout, not with the entry: the
 * sign-in page needs none of it (decision 0009).
 */
const queryClient = new QueryClient({
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

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
