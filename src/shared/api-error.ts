/**
 * The one error shape every API error has (docs/architecture.md, API): its type is its schema's
 * (schemas/api-error.ts); this check of it is zod-free, so the client's first load does not grow.
 */
import type { ApiErrorBody } from './schemas/api-error';

export type { ApiErrorBody };

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
