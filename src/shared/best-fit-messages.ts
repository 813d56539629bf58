/**
 * Why a 'Best fit' search was not answered (issue 22, docs/decisions/0021). Apart from messages.ts,
 * like the ping strings, so that pages that never sort by fit do not load them.
 */
export const bestFitMessages = {
  rateLimited: (perMinute: number, waitSeconds: number) => ({
    title: 'Too Many Searches',
    message: `You can sort by Best fit at most ${perMinute} times a minute. Please wait ${waitSeconds} seconds, or sort by newest meanwhile.`,
  }),
  busy: {
    title: 'Search Already Running',
    message:
      'Your previous Best fit searches are still running. Please wait for them to finish before starting another.',
  },
  tooSlow: {
    title: 'Search Took Too Long',
    message:
      'Best fit took too long to rank these postings. Please narrow your filters (a dorm or a group size) or sort by newest.',
  },
  crowded: {
    title: 'Best Fit Is Busy',
    message: 'Many students are sorting by Best fit right now. Please try again in a moment, or sort by newest.',
  },
} as const;
