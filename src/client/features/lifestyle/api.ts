import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lifestyleApi } from '../../../shared/api/lifestyle';
import type { LifestyleAnswer } from '../../../shared/lifestyle';
import type { MyLifestyle } from '../../../shared/schemas/lifestyle';
import { apiFetch } from '../../api/client';
import { lifestyleKeys } from './mine';

export { useMyLifestyle } from './mine';

/** Saving or deleting changes every fit the viewer sees, and the 'Best fit' order. */
function useLifestyleChange<Input>(mutationFn: (input: Input) => Promise<MyLifestyle | { deleted: boolean }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: lifestyleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['postings'] });
    },
  });
}

export const useSaveLifestyle = () =>
  useLifestyleChange((answers: LifestyleAnswer[]) =>
    apiFetch(lifestyleApi.save(), { body: JSON.stringify({ answers }) }),
  );

export const useDeleteLifestyle = () => useLifestyleChange(() => apiFetch(lifestyleApi.remove()));

export function usePostingFit(postingId: string) {
  return useQuery({
    queryKey: lifestyleKeys.postingFit(postingId),
    queryFn: ({ signal }) => apiFetch(lifestyleApi.postingFit(postingId), { signal }),
  });
}

export function usePingFit(pingId: string) {
  return useQuery({
    queryKey: lifestyleKeys.pingFit(pingId),
    queryFn: ({ signal }) => apiFetch(lifestyleApi.pingFit(pingId), { signal }),
  });
}
