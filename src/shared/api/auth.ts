/**
 * Sign-in, sign-up and the rest of better-auth's endpoints, under one base path that the server
 * mounts better-auth at (src/server/auth). Its errors are `{ code, message }`, not the API's shape.
 */
import { get, post } from './call';

export const AUTH_BASE_PATH = '/api/auth';

/** The better-auth endpoints the client posts to. */
export const AUTH_ENDPOINTS = [
  '/sign-in/email',
  '/sign-in/social',
  '/sign-up/email',
  '/sign-out',
  '/send-verification-email',
  '/verify-email/confirm',
  '/request-password-reset',
  '/reset-password',
  '/change-password',
] as const;
export type AuthEndpoint = (typeof AUTH_ENDPOINTS)[number];

export const authApi = {
  endpoint: <Answer = unknown>(path: AuthEndpoint) => post<Answer>(`${AUTH_BASE_PATH}${path}`),
  /** Where the OpenID popup starts (a page, not JSON). Query: provider, popupOrigin, popupNonce, callbackURL, errorCallbackURL. */
  oauthPopupStart: () => get<never>(`${AUTH_BASE_PATH}/oauth-popup/start`),
} as const;
