/**
 * The viewer's own answers and the cache keys of the feature: a module of its own, so /postings can
 * ask whether to offer 'Best fit' without loading the rest of the feature.
 */
import { useQuery } from '@tanstack/react-query';
import { lifestyleKeys } from '../../../shared/query-keys';
import { api } from '../../api/client';

export { lifestyleKeys };

export function useMyLifestyle(enabled = true) {
  return useQuery({
    queryKey: lifestyleKeys.mine,
    queryFn: ({ signal }) => api.get('/api/me/lifestyle', { signal }),
    enabled,
  });
}
