/**
 * One call to the API: its method, its address (every value in it encoded) and, as a type only,
 * what it answers. The per-feature tables beside this file build them, the client's apiFetch takes
 * them, and tests/integration/api-tables.test.ts checks that the server registers each one.
 * Types and string building only: no zod, so the client's first load does not grow.
 */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiCall<Answer> {
  readonly method: ApiMethod;
  readonly url: string;
  /** Never set: carries the answer's type to the caller (apiFetch infers it from here). */
  readonly answer?: Answer;
}

const call =
  (method: ApiMethod) =>
  <Answer>(url: string): ApiCall<Answer> => ({ method, url });

export const get = call('GET');
export const post = call('POST');
export const put = call('PUT');
export const patch = call('PATCH');
export const del = call('DELETE');

/** Encodes one path segment or query value, so a value never adds a segment or a parameter. */
export const enc = encodeURIComponent;
