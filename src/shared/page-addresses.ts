/**
 * The addresses of pages that links point to, in pages and in e-mails: built once, with every
 * value encoded. E-mails put the deployment's PUBLIC_URL in front. Zod-free and tiny, so any page
 * may import it.
 */
export const pageAddress = {
  /** A posting's detail view (docs/product-spec.md, section 2). */
  posting: (id: string) => `/detailView?id=${encodeURIComponent(id)}`,
  /** An invitation's link (issue 23). */
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  /** The 'Still looking?' e-mail's link (issue 14). */
  renewal: (token: string) => `/renew?token=${encodeURIComponent(token)}`,
  /** The Messages page: the list of conversations (issue 19). */
  messages: () => '/messages',
  /** One conversation (issue 19): the Messages page opened on it, and the unread-message e-mail's link. */
  conversation: (id: string) => `/messages/${encodeURIComponent(id)}`,
  /** The unread-message e-mail's 'Turn off these e-mails' link: a page that asks, then turns them off. */
  messageEmailsUnsubscribe: (user: string, token: string) =>
    `/message-emails/unsubscribe?user=${encodeURIComponent(user)}&token=${encodeURIComponent(token)}`,
} as const;
