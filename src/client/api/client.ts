import type { ApiCall } from '../../shared/api/call';
import { type ApiErrorBody, isApiErrorBody } from '../../shared/api-error';
import { messages } from '../../shared/messages';
import { takePageAnswer } from './page-answers';

/** An error answered by the API, carrying the title and message of docs/product-spec.md to show. */
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

/**
 * Makes one call from the shared path tables (src/shared/api) and returns its JSON answer, typed
 * as the table says; any failure (network included) becomes an ApiError. The first GET of an
 * answer the server wrote into the page takes it from there, without a request.
 */
export async function apiFetch<T>(call: ApiCall<T>, options: Omit<RequestInit, 'method'> = {}): Promise<T> {
  const path = call.url;
  const init: RequestInit = { ...options, method: call.method };
  if (call.method === 'GET') {
    const inPage = takePageAnswer(path);
    if (inPage) return inPage.value as T;
  }
  // The server draws a page from the answers it has; the browser fetches the rest.
  if (import.meta.env.SSR) throw new ApiError(0, { code: 'NOT_ON_SERVER', ...messages.api.unavailable });
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  headers.set('accept', 'application/json');
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers });
  } catch {
    throw new ApiError(0, { code: 'NETWORK', ...messages.api.unavailable });
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) {
    if (isApiErrorBody(body)) throw new ApiError(response.status, body.error);
    const fallback = response.status >= 500 ? messages.api.internal : messages.api.badRequest;
    throw new ApiError(response.status, { code: `HTTP_${response.status}`, ...fallback });
  }
  return body as T;
}
