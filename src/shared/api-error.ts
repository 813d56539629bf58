/** The one error shape every API error has (docs/architecture.md, API). */
export interface ApiErrorBody {
  error: {
    code: string;
    title: string;
    message: string;
    details?: string[];
  };
}

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
