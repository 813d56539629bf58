import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SearchFilters } from '../../../shared/schemas/filters';
import type {
  SavedSearchCreate,
  SavedSearchUpdate,
  SavedSearchView,
  UnsubscribeView,
} from '../../../shared/schemas/saved-search';
import { apiFetch } from '../../api/client';

const savedSearchKeys = { all: ['saved-searches'] as const };

export function useSavedSearches() {
  return useQuery({
    queryKey: savedSearchKeys.all,
    queryFn: ({ signal }) => apiFetch<{ items: SavedSearchView[] }>('/api/saved-searches', { signal }),
  });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<SavedSearchCreate, 'filters'> & { filters: SearchFilters }) =>
      apiFetch<SavedSearchView>('/api/saved-searches', { method: 'POST', body: JSON.stringify(input) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: SavedSearchUpdate & { id: string }) =>
      apiFetch<SavedSearchView>(`/api/saved-searches/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: JSON.stringify(changes),
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

const linkQuery = (id: string, token: string) =>
  `/api/saved-searches/unsubscribe?id=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;

export const describeUnsubscribe = (id: string, token: string, signal?: AbortSignal) =>
  apiFetch<UnsubscribeView>(linkQuery(id, token), { signal });

export const confirmUnsubscribe = (id: string, token: string) =>
  apiFetch<UnsubscribeView>(linkQuery(id, token), { method: 'POST' });
