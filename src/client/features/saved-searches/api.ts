import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedSearchesApi } from '../../../shared/api/saved-searches';
import type { SearchFilters } from '../../../shared/schemas/filters';
import type { SavedSearchCreate, SavedSearchUpdate } from '../../../shared/schemas/saved-search';
import { apiFetch } from '../../api/client';

const savedSearchKeys = { all: ['saved-searches'] as const };

export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => apiFetch(savedSearchesApi.list(), { signal }),
  });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SavedSearchCreate, 'filters'> & { filters: SearchFilters }) =>
      apiFetch(savedSearchesApi.create(), { body: JSON.stringify(input) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: SavedSearchUpdate & { id: string }) =>
      apiFetch(savedSearchesApi.update(id), { body: JSON.stringify(changes) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(savedSearchesApi.remove(id)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export const describeUnsubscribe = (id: string, token: string, signal?: AbortSignal) =>
  apiFetch(savedSearchesApi.describeUnsubscribe(id, token), { signal });

export const confirmUnsubscribe = (id: string, token: string) => apiFetch(savedSearchesApi.unsubscribe(id, token));
