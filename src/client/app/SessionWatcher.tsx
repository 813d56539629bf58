import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../api/client';
import { refreshSession, SESSION_QUERY_KEY } from '../shell/session';

/** Codes by which any API call says the session changed under the page. */
const SESSION_CODES = new Set(['TERMS_NOT_ACCEPTED', 'EMAIL_NOT_VERIFIED', 'UNAUTHORIZED']);

/**
 * Watches every query and mutation: when the server answers that the terms are not accepted,
 * the e-mail is not verified or nobody is signed in, the session is re-read, and the guard
 * turns that into the terms dialog or a redirect.
 */
export function SessionWatcher() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = (error: unknown) => {
      if (error instanceof ApiError && SESSION_CODES.has(error.code)) {
        void refreshSession();
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        event.query.queryKey[0] !== SESSION_QUERY_KEY[0]
      ) {
        refresh(event.action.error);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') refresh(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
  return null;
}
