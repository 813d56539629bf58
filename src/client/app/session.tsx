import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Me, MeResponse } from '../../shared/schemas/me';
import { apiFetch } from '../api/client';

export const SESSION_QUERY_KEY = ['session'] as const;

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: Me };

const fetchSession = () => apiFetch<MeResponse>('/api/me');

/**
 * Who is signed in, from GET /api/me (shared through TanStack Query, so every caller sees the
 * same state). `user.emailVerified` and `user.termsAccepted` tell what the person may reach.
 */
export function useSession(): SessionState {
  const query = useQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 60_000, retry: 1 });
  if (query.isPending) return { status: 'loading', user: null };
  const user = query.data?.user ?? null;
  return user ? { status: 'signedIn', user } : { status: 'signedOut', user: null };
}

/** Re-reads the session (after sign-in, sign-out, verification or accepting the terms). */
export function useRefreshSession(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.fetchQuery({ queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, staleTime: 0 });
  }, [queryClient]);
}
