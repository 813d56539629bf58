/**
 * The server-state cache's keys (TanStack Query) of the answers pages are drawn from: the client's
 * hooks read and invalidate by them, and the server fills them before it draws a page
 * (page-loads.ts), so the browser hydrates the very entries its hooks ask for. Tiny and zod-free:
 * the navigation imports some of them.
 */

export const postingKeys = {
  /** Every list of cards (search pages and profile lists). */
  lists: ['postings'] as const,
  search: (query: string) => ['postings', 'search', query] as const,
  mine: (which: 'administered' | 'bookmarked') => ['postings', 'mine', which] as const,
  detail: (id: string) => ['posting', id] as const,
};

export const pingKeys = {
  all: ['pings'] as const,
  received: ['pings', 'received'] as const,
  sent: ['pings', 'sent'] as const,
  awaiting: ['pings', 'awaiting'] as const,
};

export const conversationKeys = {
  all: ['conversations'] as const,
  list: ['conversations', 'list'] as const,
  one: (id: string) => ['conversations', 'one', id] as const,
  unread: ['conversations', 'unread'] as const,
  settings: ['conversations', 'settings'] as const,
  blocks: ['conversations', 'blocks'] as const,
};

export const lifestyleKeys = {
  all: ['lifestyle'] as const,
  mine: ['lifestyle', 'mine'] as const,
  postingFit: (id: string) => ['lifestyle', 'posting', id] as const,
  pingFit: (id: string) => ['lifestyle', 'ping', id] as const,
};

/** A group's roommate agreement (issue 34): the live stream's 'agreement' event reads it again. */
export const agreementKeys = {
  all: ['agreement'] as const,
  one: (postingId: string) => ['agreement', postingId] as const,
};

/** The signed-in person's account details (the profile's Account section). */
export const accountKey = ['account'] as const;

/** The footer's groups matched to date. */
export const statsKey = ['stats'] as const;
