import { isApiErrorBody } from '../../../shared/api-error';
import {
  AUTH_BASE_PATH,
  type AuthAnswer,
  type AuthBodies,
  type AuthEndpoint,
  OAUTH_POPUP_START_PATH,
} from '../../../shared/auth-endpoints';
import { messages } from '../../../shared/messages';
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
    case 'popup_sign_in_failed':
    case 'oauth_provider_not_found':
      return messages.auth.providerUnavailable(label);
    default:
      return messages.auth.signInFailed;
  }
}

const POPUP_MESSAGE_TYPE = 'better-auth:oauth-popup';

export type PopupOutcome = { kind: 'done' } | { kind: 'error'; code: string } | { kind: 'blocked' };

function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Signs in with the OpenID provider in a popup (spec: popup sign-in). The popup runs the flow
 * first-party and its last page reports back with a message; when the popup closes without
 * one, the caller re-reads the session anyway. Returns 'blocked' when the browser refused the
 * popup, so the caller can fall back to a full-page redirect.
 */
export function signInWithPopup(providerId: string): Promise<PopupOutcome> {
  const nonce = randomNonce();
  const start = new URL(OAUTH_POPUP_START_PATH, window.location.origin);
  start.searchParams.set('provider', providerId);
  start.searchParams.set('popupOrigin', window.location.origin);
  start.searchParams.set('popupNonce', nonce);
  start.searchParams.set('callbackURL', '/');
  start.searchParams.set('errorCallbackURL', '/signin-wall');
  const width = 500;
  const height = 640;
  const features = `popup=yes,width=${width},height=${height},left=${window.screenX + (window.outerWidth - width) / 2},top=${window.screenY + (window.outerHeight - height) / 2}`;
  const popup = window.open(start.toString(), 'quadmates-sign-in', features);
  if (!popup) return Promise.resolve({ kind: 'blocked' });
  return waitForPopupOutcome(popup, window, window.location.origin, nonce);
}

/** How often the opener checks whether the popup was closed. */
export const POPUP_CLOSED_POLL_MS = 500;
/**
 * How long a closed popup's report may still be on its way. The completion page posts its
 * message and then closes itself; on a busy machine the opener can see `closed` before the
 * message is delivered, and a refusal read as "closed" would lose its error message.
 */
export const POPUP_CLOSED_GRACE_MS = 1500;

/**
 * Resolves with the popup's report to `opener` (from `origin`, with `nonce`), or with 'done' once
 * the popup has been closed for POPUP_CLOSED_GRACE_MS without one (the person closed it, or the
 * report was lost: the caller re-reads the session either way).
 */
export function waitForPopupOutcome(
  popup: Pick<Window, 'closed' | 'close'>,
  opener: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  origin: string,
  nonce: string,
): Promise<PopupOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let grace: ReturnType<typeof setTimeout> | undefined;
    const settle = (outcome: PopupOutcome) => {
      if (settled) return;
      settled = true;
      opener.removeEventListener('message', onMessage);
      clearInterval(poll);
      clearTimeout(grace);
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const data = event.data as { type?: string; nonce?: string; error?: { code?: string } } | null;
      if (data?.type !== POPUP_MESSAGE_TYPE || data.nonce !== nonce) return;
      try {
        popup.close();
      } catch {
        // already closed
      }
      settle(data.error ? { kind: 'error', code: data.error.code ?? 'unknown' } : { kind: 'done' });
    };
    const poll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(poll);
      grace = setTimeout(() => settle({ kind: 'done' }), POPUP_CLOSED_GRACE_MS);
    }, POPUP_CLOSED_POLL_MS);
    opener.addEventListener('message', onMessage);
  });
}

/** The full-page fallback when popups are blocked: the provider sends the browser back here. */
export async function signInWithRedirect(providerId: string, callbackURL = '/'): Promise<void> {
  const result = await authPost('/sign-in/social', {
    provider: providerId,
    // A visitor who opened an invitation's link first comes back to it.
    callbackURL,
    errorCallbackURL: '/signin-wall',
    disableRedirect: true,
  });
  if (!result.url) throw new ApiError(500, { code: 'NO_REDIRECT', ...messages.api.internal });
  window.location.assign(result.url);
}
