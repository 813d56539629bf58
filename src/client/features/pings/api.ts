import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { viewerRefusal } from '../../../shared/authorization';
import { pingPage } from '../../../shared/list-pages';
import { pingKeys, postingKeys } from '../../../shared/query-keys';
import type { Me } from '../../../shared/schemas/me';
import type { PingAnswer } from '../../../shared/schemas/ping';
import { api } from '../../api/client';

/** Sends a ping; the detail view, the cards' counts and the sent list follow. */
export function useSendPing(postingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      api.post('/api/postings/{id}/pings', { path: { id: postingId }, body: { message } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: postingKeys.detail(postingId) });
      void queryClient.invalidateQueries({ queryKey: postingKeys.lists });
      void queryClient.invalidateQueries({ queryKey: pingKeys.sent });
    },
  });
}

export function useReceivedPings() {
  return useInfiniteQuery({
    queryKey: pingKeys.received,
    queryFn: ({ pageParam, signal }) => api.get('/api/pings/received', { query: pingPage(pageParam), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSentPings() {
  return useInfiniteQuery({
    queryKey: pingKeys.sent,
    queryFn: ({ pageParam, signal }) => api.get('/api/pings/sent', { query: pingPage(pageParam), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The admin accepts or declines; the inbox and the navigation's count follow. */
export function useAnswerPing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: PingAnswer }) =>
      api.patch('/api/pings/{id}', { path: { id }, body: { status } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pingKeys.received });
      void queryClient.invalidateQueries({ queryKey: pingKeys.awaiting });
    },
  });
}

/** Pings awaiting the member's answer, for the navigation; only members may ask. */
export function useAwaitingCount(user: Me | null) {
  return useQuery({
    queryKey: pingKeys.awaiting,
    queryFn: ({ signal }) => api.get('/api/pings/awaiting-count', { signal }),
    // Members who may answer pings at all: which ones are theirs, the server says.
    enabled: viewerRefusal(user, 'ping.answer') === null,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}
