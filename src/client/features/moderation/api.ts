import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportReason } from '../../../shared/moderation';
import { postingKeys } from '../../../shared/query-keys';
import { api } from '../../api/client';

const moderationKeys = {
  queue: ['moderation', 'queue'] as const,
  actions: ['moderation', 'actions'] as const,
};

export function useReportPosting(postingId: string) {
  return useMutation({
    mutationFn: (input: { reason: ReportReason; details: string }) =>
      api.post('/api/postings/{id}/reports', { path: { id: postingId }, body: input }),
  });
}

export function useModerationQueue() {
  return useQuery({
    queryKey: moderationKeys.queue,
    queryFn: ({ signal }) => api.get('/api/moderation/queue', { signal }),
  });
}

export function useModerationActions() {
  return useQuery({
    queryKey: moderationKeys.actions,
    queryFn: ({ signal }) => api.get('/api/moderation/actions', { signal }),
  });
}

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { postingId: string; action: 'dismiss' | 'hide' | 'suspend'; reason: string }) =>
      api.post(`/api/moderation/postings/{id}/${input.action}`, {
        path: { id: input.postingId },
        body: { reason: input.reason },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['moderation'] });
      void queryClient.invalidateQueries({ queryKey: postingKeys.lists });
    },
  });
}

/** The admin confirms from the detail page that the group is still looking. */
export function useRenewPosting(postingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/postings/{id}/renew', { path: { id: postingId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: postingKeys.detail(postingId) });
      void queryClient.invalidateQueries({ queryKey: postingKeys.lists });
    },
  });
}
