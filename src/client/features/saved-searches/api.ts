import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedSearchKeys } from '../../../shared/profile-query-keys';
import type { SearchFilters } from '../../../shared/schemas/filters';
import type { SavedSearchCreate, SavedSearchUpdate } from '../../../shared/schemas/saved-search';
import { api } from '../../api/client';

export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => api.get('/api/saved-searches', { signal }),
  });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SavedSearchCreate, 'filters'> & { filters: SearchFilters }) =>
      api.post('/api/saved-searches', { body: input }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: SavedSearchUpdate & { id: string }) =>
      api.patch('/api/saved-searches/{id}', { path: { id }, body: changes }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/saved-searches/{id}', { path: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export const describeUnsubscribe = (id: string, token: string, signal?: AbortSignal) =>
  api.get('/api/saved-searches/unsubscribe', { query: { id, token }, signal });

export const confirmUnsubscribe = (id: string, token: string) =>
  api.post('/api/saved-searches/unsubscribe', { query: { id, token } });
