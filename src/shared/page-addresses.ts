/**
 * The addresses of pages that links point to, in pages and in e-mails: built from the route table
 * (routes.ts), so a link names a route the router has, with every value encoded. E-mails put the
 * deployment's PUBLIC_URL in front. Zod-free and tiny, so any page may import it.
 */
import type { RoutePath } from './routes';

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/**
 * A route's address, each `:name` filled with its value encoded as one segment, then the query
 * (absent values left out). Only a path of the table compiles.
 */
function routeAddress<P extends RoutePath>(
  path: P,
  ...[values]: ParamNames<P> extends never
    ? [values?: { query?: Record<string, string | undefined> }]
    : [values: { params: Record<ParamNames<P>, string>; query?: Record<string, string | undefined> }]
): string {
  const params = (values as { params?: Record<string, string> } | undefined)?.params ?? {};
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values?.query ?? {})) if (value !== undefined) search.append(key, value);
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

export const pageAddress = {
  /** A posting's detail view (docs/product-spec.md, section 2). */
  posting: (id: string) => routeAddress('/detailView', { query: { id } }),
  /** The posting form, for a new posting. */
  createPosting: () => routeAddress('/create-posting'),
  /** The posting form opened on a posting, to edit it (its admin and co-admins). */
  editPosting: (id: string) => routeAddress('/create-posting', { query: { id } }),
  /** A group's roommate agreement (issue 34): its admin's and joined members' page. */
  agreement: (postingId: string) => routeAddress('/postings/:id/agreement', { params: { id: postingId } }),
  /** An invitation's link (issue 23). */
  invitation: (token: string) => routeAddress('/invitations/:token', { params: { token } }),
  /** The 'Still looking?' e-mail's link (issue 14). */
  renewal: (token: string) => routeAddress('/renew', { query: { token } }),
  /** The Messages page: the list of conversations (issue 19). */
  messages: () => routeAddress('/messages'),
  /** One conversation (issue 19): the Messages page opened on it, and the unread-message e-mail's link. */
  conversation: (id: string) => routeAddress('/messages/:id', { params: { id } }),
  /** The unread-message e-mail's 'Turn off these e-mails' link: a page that asks, then turns them off. */
  messageEmailsUnsubscribe: (user: string, token: string) =>
    routeAddress('/message-emails/unsubscribe', { query: { user, token } }),
} as const;
