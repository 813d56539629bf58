/** The postings' addresses: search, the profile's lists, one posting, its status and bookmark. */
import { apiPaths } from '../api-paths';
import type { SearchFilters } from '../schemas/filters';
import type { RenewalPreview, RenewalResult } from '../schemas/freshness';
import type { BookmarkState, RenewAnswer, StatusAnswer } from '../schemas/posting-answers';
import type { PostingDetail, PostingPage } from '../schemas/posting-view';
import { del, enc, get, patch, post, put } from './call';

export const postingsApi = {
  search: (filters: SearchFilters, cursor?: string | null) => get<PostingPage>(apiPaths.search(filters, cursor)),
  mine: (which: 'administered' | 'bookmarked', limit: number, cursor?: string | null) =>
    get<PostingPage>(apiPaths.myPostings(which, limit, cursor)),
  detail: (id: string) => get<PostingDetail>(apiPaths.posting(id)),
  /** Multipart: the posting's JSON and its images. */
  create: () => post<PostingDetail>('/api/postings'),
  /** Multipart, as create, with the order of kept and new images. */
  update: (id: string) => put<PostingDetail>(`/api/postings/${enc(id)}`),
  /** Answers 204, no body. */
  remove: (id: string) => del<null>(`/api/postings/${enc(id)}`),
  /** Body: { status }. */
  setStatus: (id: string) => patch<StatusAnswer>(`/api/postings/${enc(id)}/status`),
  /** The admin confirms the group is still looking. */
  renew: (id: string) => post<RenewAnswer>(`/api/postings/${enc(id)}/renew`),
  bookmark: (id: string) => put<BookmarkState>(`/api/postings/${enc(id)}/bookmark`),
  unbookmark: (id: string) => del<BookmarkState>(`/api/postings/${enc(id)}/bookmark`),
  /** What a 'Still looking?' link would do; changes nothing. */
  renewalPreview: (token: string) => get<RenewalPreview>(`/api/renewals?token=${enc(token)}`),
  /** Confirms a 'Still looking?' link. Body: { token }. */
  confirmRenewal: () => post<RenewalResult>('/api/renewals'),
} as const;
