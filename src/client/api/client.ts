import {
  type AddressParts,
  type Answer,
  type ApiMethod,
  address,
  type OptionsArgument,
  type PathOf,
  type Route,
} from '../../shared/api-contract';
import { type ApiErrorBody, isApiErrorBody } from '../../shared/api-error';
import { messages } from '../../shared/first-load-messages';
import { takePageAnswer } from './page-answers';

/**
 * The one error the client's calls throw: an error the API answered (in its one error shape),
 * better-auth's refusals (auth-api.ts) and a network failure all become one, carrying the title
 * and message of docs/product-spec.md to show.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly details: string[];

  constructor(status: number, body: ApiErrorBody['error']) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.title = body.title;
    this.details = body.details ?? [];
  }
}

/** The JSON of a response, or null when it has none or it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * Makes one call and returns its JSON answer; any failure (network included) becomes an ApiError.
 * The first GET of an answer the server wrote into the page takes it from there, without a request.
 */
async function send(method: Uppercase<ApiMethod>, path: string, options: AddressParts & CallExtras = {}) {
  const url = address(path, options);
  if (method === 'GET') {
    const inPage = takePageAnswer(url);
    if (inPage) return inPage.value;
  }
  // The server draws a page from the answers it has; the browser fetches the rest.
  if (import.meta.env.SSR) throw new ApiError(0, { code: 'NOT_ON_SERVER', ...messages.api.unavailable });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch {
    throw new ApiError(0, { code: 'NETWORK', ...messages.api.unavailable });
  }
  const body = parseJson(await response.text());
  if (!response.ok) {
    if (isApiErrorBody(body)) throw new ApiError(response.status, body.error);
    const fallback = response.status >= 500 ? messages.api.internal : messages.api.badRequest;
    throw new ApiError(response.status, { code: `HTTP_${response.status}`, ...fallback });
  }
  return body;
}

interface CallExtras {
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls one route of a method: its path, parameters, body and answer as the generated types say. */
type Caller<M extends ApiMethod> = <P extends PathOf<M>>(
  path: P,
  ...options: OptionsArgument<Route<P, M>>
) => Promise<Answer<Route<P, M>>>;

const caller =
  <M extends ApiMethod>(method: Uppercase<M>): Caller<M> =>
  (path, ...[options]) =>
    send(method, path, options as AddressParts & CallExtras) as never;

/**
 * The client's calls to the API, e.g. `api.get('/api/postings/{id}', { path: { id } })` or
 * `api.patch('/api/pings/{id}', { path: { id }, body: { status } })`: the path must be a route the
 * server declares with that method, and the compiler checks the parameters, the body and the answer.
 */
export const api = {
  get: caller<'get'>('GET'),
  post: caller<'post'>('POST'),
  put: caller<'put'>('PUT'),
  patch: caller<'patch'>('PATCH'),
  delete: caller<'delete'>('DELETE'),
};
