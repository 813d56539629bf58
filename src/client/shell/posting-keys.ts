/** Cache keys of postings, in a module of their own so features that only need the keys (the
 * navigation's ping count) do not load the search code and its schemas (decision 0009). */
export const postingKeys = {
  /** Every list of cards (search pages and profile lists). */
  lists: ['postings'] as const,
  search: (query: string) => ['postings', 'search', query] as const,
  mine: (which: 'administered' | 'bookmarked') => ['postings', 'mine', which] as const,
  detail: (id: string) => ['posting', id] as const,
};
