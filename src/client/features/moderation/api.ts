import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditEntry, QueueItem, ReportReason } from '../../../shared/moderation';
import { apiFetch } from '../../api/client';
import { postingKeys } from '../../shell/posting-keys';

const moderationKeys = {
  queue: ['moderation', 'queue'] as const,
  actions: ['moderation', 'actions'] as const,
};

export function useReportPosting(postingId: string) {
  return useMutation({
    mutationFn: (input: { reason: ReportReason; details: string }) =>
      apiFetch<{ reported: true; hidden: boolean }>(`/api/postings/${encodeURIComponent(postingId)}/reports`, {
        method: 'POST',
        body: JSON.stringify(input),
      }),
  });
}

export function useModerationQueue() {
  return useQuery({
    queryKey: moderationKeys.queue,
    queryFn: ({ signal }) => apiFetch<{ items: QueueItem[] }>('/api/moderation/queue', { signal }),
  });
}

export function useModerationActions() {
  return useQuery({
    queryKey: moderationKeys.actions,
    queryFn: ({ signal }) => apiFetch<{ items: AuditEntry[] }>('/api/moderation/actions', { signal }),
  });
}

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { postingId: string; action: 'dismiss' | 'hide' | 'suspend'; reason: string }) =>
      apiFetch<{ done: true }>(`/api/moderation/postings/${encodeURIComponent(input.postingId)}/${input.action}`, {
        method: 'POST',
        body: JSON.stringify({ reason: input.reason }),
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
    mutationFn: () =>
      apiFetch<{ updatedAt: string }>(`/api/postings/${encodeURIComponent(postingId)}/renew`, { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: postingKeys.detail(postingId) });
      void queryClient.invalidateQueries({ queryKey: postingKeys.lists });
    },
  });
}
