import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pingsApi } from '../../../shared/api/pings';
import type { Me } from '../../../shared/schemas/me';
import type { PingAnswer } from '../../../shared/schemas/ping';
import { apiFetch } from '../../api/client';
import { postingKeys } from '../../shell/posting-keys';

const pingKeys = {
  all: ['pings'] as const,
  received: ['pings', 'received'] as const,
  sent: ['pings', 'sent'] as const,
  awaiting: ['pings', 'awaiting'] as const,
};

/** Sends a ping; the detail view, the cards' counts and the sent list follow. */
export function useSendPing(postingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiFetch(pingsApi.send(postingId), { body: JSON.stringify({ message }) }),
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
    queryFn: ({ pageParam, signal }) => apiFetch(pingsApi.received(pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSentPings() {
  return useInfiniteQuery({
    queryKey: pingKeys.sent,
    queryFn: ({ pageParam, signal }) => apiFetch(pingsApi.sent(pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The admin accepts or declines; the inbox and the navigation's count follow. */
export function useAnswerPing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: PingAnswer }) =>
      apiFetch(pingsApi.answer(id), { body: JSON.stringify({ status }) }),
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
    queryFn: ({ signal }) => apiFetch(pingsApi.awaitingCount(), { signal }),
    enabled: Boolean(user?.emailVerified && user.termsAccepted),
    refetchInterval: 60_000,
    staleTime: 30_000,
  });
}
