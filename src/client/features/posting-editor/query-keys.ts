/** The cache key of one posting's detail (shared by the form, the status control and delete). */
export const postingQueryKey = (id: string) => ['posting', id] as const;
