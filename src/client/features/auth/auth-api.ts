import { isApiErrorBody } from '../../../shared/api-error';
import { AUTH_BASE_PATH, type AuthAnswer, type AuthBodies, type AuthEndpoint } from '../../../shared/auth-endpoints';
import { messages } from '../../../shared/first-load-messages';
import { ApiError, parseJson } from '../../api/client';

/** What a failed sign-in or sign-up says: the wording of docs/product-spec.md for a wrong e-mail or password. */
export function authErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_EMAIL_OR_PASSWORD') return messages.auth.invalidCredentials;
    if (error.code === 'EMAIL_NOT_VERIFIED') return messages.auth.notVerifiedSignIn;
    return error.message;
  }
  return messages.api.internal.message;
}

/**
 * Calls a better-auth endpoint under /api/auth. Its errors are `{ code, message }` rather than
 * the API's error shape; they become ApiError with the same code. Refusals made before
 * better-auth answers (a page opened at the wrong address) come in the API's error shape.
 */
export async function authPost<E extends AuthEndpoint>(
  path: E,
  // The body: none for an endpoint that takes nothing (sign-out).
  ...[body]: Partial<AuthBodies[E]> extends AuthBodies[E] ? [body?: AuthBodies[E]] : [body: AuthBodies[E]]
): Promise<AuthAnswer<E>> {
  let response: Response;
  try {
    response = await fetch(`${AUTH_BASE_PATH}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError(0, { code: 'NETWORK', ...messages.api.unavailable });
  }
  const data = parseJson(await response.text());
  if (!response.ok) {
    if (isApiErrorBody(data)) throw new ApiError(response.status, data.error);
    const error = (data ?? {}) as { code?: string; message?: string };
    if (response.status === 429) throw new ApiError(429, { code: 'RATE_LIMITED', ...messages.api.rateLimited });
    const fallback = response.status >= 500 ? messages.api.internal : messages.api.badRequest;
    throw new ApiError(response.status, {
      code: error.code ?? `HTTP_${response.status}`,
      title: fallback.title,
      message: error.message ?? fallback.message,
    });
  }
  return data as AuthAnswer<E>;
}

/** What to tell the person when an OpenID sign-in comes back with an error code. */
export function oidcErrorMessage(code: string, label: string, emailDomain: string): string {
  switch (code) {
    case 'EMAIL_DOMAIN_NOT_ALLOWED':
      return messages.accessRestricted(emailDomain);
    case 'EMAIL_NOT_VERIFIED_BY_PROVIDER':
      return messages.auth.providerEmailNotVerified(label);
    case 'account_not_linked':
      return messages.auth.accountNotLinked;
    case 'ACCOUNT_SUSPENDED':
      return messages.auth.accountSuspended;
    case 'OIDC_UNAVAILABLE':
    case 'oauth_provider_not_found':
      return messages.auth.providerUnavailable(label);
    default:
      return messages.auth.signInFailed;
  }
}
