import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LifestyleAnswer } from '../../../shared/lifestyle';
import type { MyLifestyle } from '../../../shared/schemas/lifestyle';
import { api } from '../../api/client';
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
  useLifestyleChange((answers: LifestyleAnswer[]) => api.put('/api/me/lifestyle', { body: { answers } }));

export const useDeleteLifestyle = () => useLifestyleChange(() => api.delete('/api/me/lifestyle'));

export function usePostingFit(postingId: string) {
  return useQuery({
    queryKey: lifestyleKeys.postingFit(postingId),
    queryFn: ({ signal }) => api.get('/api/postings/{id}/fit', { path: { id: postingId }, signal }),
  });
}

export function usePingFit(pingId: string) {
  return useQuery({
    queryKey: lifestyleKeys.pingFit(pingId),
    queryFn: ({ signal }) => api.get('/api/pings/{id}/fit', { path: { id: pingId }, signal }),
  });
}
