/**
 * better-auth's endpoints, under the base path the server mounts it at (src/server/auth). They sit
 * behind one wildcard route with better-auth's own validation, so the OpenAPI document (and the
 * typed client made from it) does not describe them: the endpoints the client posts to, and the
 * body each takes, are written here by hand. tests/integration/auth-endpoints.test.ts checks them
 * against the server's better-auth, by type and by calling each. Its errors are `{ code, message }`.
 */
export const AUTH_BASE_PATH = '/api/auth';

/** Each endpoint the client posts to, and the JSON body it sends. */
export interface AuthBodies {
  '/sign-in/email': { email: string; password: string };
  '/sign-in/social': { provider: string; callbackURL: string; errorCallbackURL: string; disableRedirect: boolean };
  '/sign-up/email': { name: string; email: string; password: string; callbackURL: string };
  '/sign-out': Record<never, never>;
  '/send-verification-email': { email: string; callbackURL?: string };
  '/verify-email/confirm': { token: string; name: string; password: string };
  '/request-password-reset': { email: string; redirectTo: string };
  '/reset-password': { newPassword: string; token: string };
  '/change-password': { currentPassword: string; newPassword: string; revokeOtherSessions: boolean };
}
export type AuthEndpoint = keyof AuthBodies;

/** What the client reads of an endpoint's answer (the others' answers go unread). */
interface AuthAnswers {
  '/sign-in/social': { url?: string };
}
export type AuthAnswer<E extends AuthEndpoint> = E extends keyof AuthAnswers ? AuthAnswers[E] : unknown;
