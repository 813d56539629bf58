/**
 * The one typed contract between the client and the API (issue 31): every route's path, parameters,
 * body and answers, as the generated types say (src/shared/api-schema.generated.ts, made from the
 * server's own zod schemas by `npm run api:generate`). The client calls routes through
 * src/client/api/client.ts's `api`, whose paths and options the compiler checks against these types.
 * Types and one string function only: no zod, so the sign-in page's first load does not grow.
 */
import type { paths } from './api-schema.generated';

export type ApiPath = keyof paths;
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths that answer a method. */
export type PathOf<M extends ApiMethod> = { [P in ApiPath]: M extends keyof paths[P] ? P : never }[ApiPath];

/** One route of the document: its parameters, request body and answers by status. */
export type Route<P extends ApiPath, M extends ApiMethod> = M extends keyof paths[P] ? paths[P][M] : never;

/** `path` (the values of the path's {names}) and `query`, as the route declares them. */
type Parameters<R> = R extends { parameters: infer P } ? P : unknown;

/** The JSON body the route reads, if it reads one. */
type JsonBody<R> = R extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : R extends { requestBody?: { content: { 'application/json': infer B } } }
    ? { body?: B }
    : unknown;

/** What a call says besides its path: parameters, body, and a signal to abandon it. */
export type CallOptions<R> = Parameters<R> & JsonBody<R> & { signal?: AbortSignal };

/** The options as an argument: required when the route needs something, else optional. */
export type OptionsArgument<R> =
  Partial<CallOptions<R>> extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<R> = R extends { responses: infer S } ? S : never;
/** A success's JSON, or null for one without a body (204). */
type Content<S> = [S] extends [{ content: never }]
  ? null
  : S extends { content: { 'application/json': infer A } }
    ? A
    : null;

/** What the route answers when it succeeds. */
export type Answer<R> = {
  [S in keyof Responses<R> & SuccessStatus]: Content<Responses<R>[S]>;
}[keyof Responses<R> & SuccessStatus];

/** The query a GET route reads. */
export type QueryOf<P extends PathOf<'get'>> =
  Route<P, 'get'> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The untyped shape every call's options have at run time. */
export interface AddressParts {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
}

/**
 * A route's address: each `{name}` of the path filled with its value, encoded so that a value
 * stays one segment, then the query's values in the order given (absent ones left out), encoded
 * so that a value stays one value. The server names the answers it writes into a page by these
 * addresses and the client asks for them by the same ones (src/shared/page-loads.ts): both
 * build them here, so they agree character for character.
 */
export function address(path: string, { path: values, query }: AddressParts = {}): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values?.[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.append(key, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** A GET route's address, its parameters checked by the compiler (preloads, EventSource, links). */
export const apiUrl = address as <P extends PathOf<'get'>>(
  path: P,
  ...options: OptionsArgument<Route<P, 'get'>>
) => string;
