import { useQuery } from '@tanstack/react-query';
import { statsKey } from '../../shared/query-keys';
import { api } from '../api/client';

/**
 * Groups matched to date (GET /api/stats): the college's baseline plus the postings this
 * deployment has seen marked Fulfilled. Undefined until known. A status change or a saved
 * posting invalidates it with the other lists.
 */
export function useGroupsMatched(): number | undefined {
  const { data } = useQuery({
    queryKey: statsKey,
    queryFn: () => api.get('/api/stats'),
    staleTime: 60_000,
  });
  return data?.groupsMatched;
}
