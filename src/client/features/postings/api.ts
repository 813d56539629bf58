import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { profileListPage, searchAddressParams, searchPage } from '../../../shared/list-pages';
import { messages } from '../../../shared/messages';
import { postingKeys } from '../../../shared/query-keys';
import type { SearchFilters } from '../../../shared/schemas/filters';
import type { PostingCard, PostingDetail, PostingPage } from '../../../shared/schemas/posting-view';
import { ApiError, api } from '../../api/client';
import { showNotice } from '../../ui/Notice';

/**
 * The search as infinite pages of cards, from `cursor` on (a 'Load more' link's address) or from
 * the first; the query string is also the cache key.
 */
export function useSearch(filters: SearchFilters, cursor: string | null = null) {
  const query = searchAddressParams(filters, cursor).toString();
  return useInfiniteQuery({
    queryKey: postingKeys.search(query),
    queryFn: ({ pageParam, signal }) => api.get('/api/postings', { query: searchPage(filters, pageParam), signal }),
    initialPageParam: cursor,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** One of the profile's lists, 2 cards a page ('SHOW MORE POSTINGS...' adds 2). */
export function useMyPostings(which: 'administered' | 'bookmarked') {
  return useInfiniteQuery({
    queryKey: postingKeys.mine(which),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/api/me/postings/${which}`, { query: profileListPage(pageParam), signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function usePostingDetail(id: string | null) {
  return useQuery({
    queryKey: postingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get('/api/postings/{id}', { path: { id: id ?? '' }, signal }),
    enabled: Boolean(id),
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}

/** Bookmarks a posting or removes the bookmark; every card and the detail view follow. */
export function useBookmarkToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, bookmarked }: { id: string; bookmarked: boolean }) =>
      bookmarked
        ? api.put('/api/postings/{id}/bookmark', { path: { id } })
        : api.delete('/api/postings/{id}/bookmark', { path: { id } }),
    onSuccess: ({ postingId, bookmarked }) => {
      const mark = (card: PostingCard) => (card.id === postingId ? { ...card, viewerBookmarked: bookmarked } : card);
      queryClient.setQueriesData<InfiniteData<PostingPage>>({ queryKey: postingKeys.lists }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(mark) })) } : data,
      );
      queryClient.setQueryData<PostingDetail>(postingKeys.detail(postingId), (detail) =>
        detail ? { ...detail, viewerBookmarked: bookmarked } : detail,
      );
      void queryClient.invalidateQueries({ queryKey: postingKeys.mine('bookmarked') });
    },
    onError: (error) => {
      const unsigned = error instanceof ApiError && error.status === 401;
      showNotice({
        message: unsigned ? messages.bookmark.unsigned : messages.bookmark.failed,
        tone: 'error',
        durationMs: 4000,
      });
    },
  });
}
