/**
 * better-auth's endpoints are not in the OpenAPI document (one wildcard route, its own validation),
 * so the client's calls to them are typed by hand (src/shared/auth-endpoints.ts). Kept honest here:
 * each body the client sends is one better-auth's own types accept (checked by the compiler, for
 * every endpoint but our plugin's, whose types better-auth does not carry), and better-auth answers
 * each endpoint the client posts to with something other than 404 (and no popup sign-in at all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createAuth } from '../../src/server/auth/auth';
import { AUTH_BASE_PATH, type AuthBodies, type AuthEndpoint } from '../../src/shared/auth-endpoints';
import { createTestApp, type TestApp } from '../support/app';

type AuthApi = ReturnType<typeof createAuth>['api'];
type BodyOf<F> = F extends (context: infer C) => unknown ? (C extends { body: infer B } ? B : never) : never;

/** better-auth's own body type for each endpoint (our e-mail confirmation plugin's is untyped). */
interface ServerBodies {
  '/sign-in/email': BodyOf<AuthApi['signInEmail']>;
  '/sign-in/social': BodyOf<AuthApi['signInSocial']>;
  '/sign-up/email': BodyOf<AuthApi['signUpEmail']>;
  '/sign-out': Record<never, never>;
  '/send-verification-email': BodyOf<AuthApi['sendVerificationEmail']>;
  '/verify-email/confirm': { token: string; name: unknown; password: string };
  '/request-password-reset': BodyOf<AuthApi['requestPasswordReset']>;
  '/reset-password': BodyOf<AuthApi['resetPassword']>;
  '/change-password': BodyOf<AuthApi['changePassword']>;
}

/** true for each endpoint whose client body better-auth accepts: a false fails `npm run typecheck`. */
const bodiesFit: { [E in AuthEndpoint]: AuthBodies[E] extends ServerBodies[E] ? true : false } = {
  '/sign-in/email': true,
  '/sign-in/social': true,
  '/sign-up/email': true,
  '/sign-out': true,
  '/send-verification-email': true,
  '/verify-email/confirm': true,
  '/request-password-reset': true,
  '/reset-password': true,
  '/change-password': true,
};

let t: TestApp;

beforeAll(async () => {
  // With OpenID configured, as the sign-in page may use it (no provider needs to answer).
  t = await createTestApp({ OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'quadmates', OIDC_CLIENT_SECRET: 's' });
}, 120_000);
afterAll(async () => t?.close());

describe("the client's calls to better-auth", () => {
  it('post only to endpoints better-auth knows', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: `${AUTH_BASE_PATH}/no-such-endpoint`, payload: {} });
    expect(unknown.statusCode).toBe(404);
    for (const endpoint of Object.keys(bodiesFit)) {
      const answer = await t.app.inject({ method: 'POST', url: `${AUTH_BASE_PATH}${endpoint}`, payload: {} });
      expect(answer.statusCode, `${endpoint}: ${answer.body}`).not.toBe(404);
    }
    // The provider's sign-in starts only from the page's link (/api/forms): no popup flow answers.
    const popup = await t.app.inject({ method: 'GET', url: `${AUTH_BASE_PATH}/oauth-popup/start?provider=oidc` });
    expect(popup.statusCode).toBe(404);
  });
});
