import { useEffect, useSyncExternalStore } from 'react';
import type { Me, MeResponse } from '../../shared/schemas/me';
import { api } from '../api/client';
import { useDrawing } from './drawing';

/**
 * The session's key in TanStack Query's cache. The session itself lives in the small store
 * below, so the sign-in page paints without TanStack Query (decision 0009); writes made through
 * the query cache under this key (`setQueryData`, `invalidateQueries`) reach the store, see
 * query-client.ts.
 */
export const SESSION_QUERY_KEY = ['session'] as const;

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: Me };

/** Read again when a page mounts and the last answer is older than this. */
const STALE_MS = 60_000;

let current: MeResponse | undefined;
let fetchedAt = 0;
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Replaces what the browser knows of the session (after sign-out, accepting the terms...). */
export function setSession(data: MeResponse): void {
  if (current === data) return;
  current = data;
  fetchedAt = Date.now();
  emit();
}

/** Reads GET /api/me (one retry); a failure counts as signed out, as the guard must decide. */
export function refreshSession(): Promise<void> {
  inflight ??= (async () => {
    try {
      let data: MeResponse;
      try {
        data = await api.get('/api/me');
      } catch {
        data = await api.get('/api/me').catch(() => ({ user: null }));
      }
      setSession(data);
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const snapshot = () => current;

/**
 * Who is signed in, from GET /api/me (one store, so every caller sees the same state).
 * `user.emailVerified` and `user.termsAccepted` tell what the person may reach.
 */
export function useSession(): SessionState {
  // On the server, the drawing's own session (drawing.ts); in the browser, the page's store.
  const stored = useSyncExternalStore(subscribe, snapshot, snapshot);
  const data = useDrawing()?.me ?? stored;
  useEffect(() => {
    if (current === undefined || Date.now() - fetchedAt > STALE_MS) void refreshSession();
  }, []);
  return sessionStateOf(data);
}

/** What an answer of GET /api/me (or none yet) says about who is signed in. */
export function sessionStateOf(data: MeResponse | undefined): SessionState {
  if (data === undefined) return { status: 'loading', user: null };
  return data.user ? { status: 'signedIn', user: data.user } : { status: 'signedOut', user: null };
}

/** Re-reads the session (after sign-in, sign-out, verification or accepting the terms). */
export function useRefreshSession(): () => Promise<void> {
  return refreshSession;
}
