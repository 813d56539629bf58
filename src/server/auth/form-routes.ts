/**
 * Signing in without the scripts (issue 31): the provider's sign-in starts from a plain link, and
 * the e-mail form posts here. Both hand better-auth the same request the page's scripts would make,
 * so its rate limits, origin rules and our hooks (the college's domain, suspended accounts) apply.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_ROUTES, RETURN_FIELD, sameSitePath } from '../../shared/form-posts';
import { OIDC_PROVIDER_ID } from '../../shared/schemas/auth-constants';
import type { AppConfig } from '../config';
import { authHeaders } from '../http/client-address';
import { acceptFormBodies, formFields, returnPath, seeOther } from '../http/form-posts';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { withPasswordHashes } from './password-hashes';

/** The sign-in page, where a refused sign-in comes back with the reason's code in `error`. */
const SIGN_IN_PAGE = '/signin-wall';

/** The sign-in page showing `code`'s message, keeping where to go once signed in. */
function signInPageWith(code: string, back: string): string {
  const query = new URLSearchParams({ error: code });
  if (back !== '/') query.set(RETURN_FIELD, back);
  return `${SIGN_IN_PAGE}?${query.toString()}`;
}

export async function authFormRoutes(app: FastifyInstance, { auth, config }: { auth: Auth; config: AppConfig }) {
  acceptFormBodies(app);
  const origin = new URL(config.publicUrl).origin;

  /** better-auth's answer to a JSON POST at `path`, asked as the visitor's own page would ask it. */
  const askAuth = (request: FastifyRequest, path: string, body: object) => {
    const headers = authHeaders(request);
    headers.set('content-type', 'application/json');
    headers.set('accept', 'application/json');
    // A form post carries its page's Origin, which the /api origin check has already accepted; a
    // link (a GET) carries none, and better-auth asks for one when cookies come along.
    headers.set('origin', origin);
    return withPasswordHashes(() =>
      auth.handler(
        new Request(`${config.publicUrl}${AUTH_BASE_PATH}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
        }),
      ),
    );
  };

  const passCookies = (reply: FastifyReply, response: Response) => {
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
  };

  // A link, so a tap works before the scripts and in browsers that refuse popups (in-app
  // browsers): the provider's page opens in this window, and its callback brings the visitor back
  // to the page asked for. It is the only way to start it: there is no popup flow.
  app.get<{ Querystring: Record<string, string | undefined> }>(
    FORM_ROUTES.providerSignIn,
    { schema: { hide: true } },
    async (request, reply) => {
      const back = sameSitePath(request.query[RETURN_FIELD]) ?? '/';
      if (!config.oidc) return seeOther(reply, signInPageWith('oauth_provider_not_found', back));
      const response = await askAuth(request, '/sign-in/social', {
        provider: OIDC_PROVIDER_ID,
        callbackURL: back,
        errorCallbackURL: back === '/' ? SIGN_IN_PAGE : `${SIGN_IN_PAGE}?${RETURN_FIELD}=${encodeURIComponent(back)}`,
        disableRedirect: true,
      });
      const answer = (await response.json().catch(() => null)) as { url?: unknown; code?: unknown } | null;
      if (!response.ok || typeof answer?.url !== 'string') {
        const code =
          response.status === 429
            ? 'RATE_LIMITED'
            : typeof answer?.code === 'string'
              ? answer.code
              : 'OIDC_UNAVAILABLE';
        return seeOther(reply, signInPageWith(code, back));
      }
      passCookies(reply, response);
      return reply.header('cache-control', 'no-store').redirect(answer.url, 302);
    },
  );

  app.post(FORM_ROUTES.signIn, { schema: { hide: true } }, async (request, reply) => {
    const fields = formFields(request);
    const back = returnPath(fields, '/');
    const response = await askAuth(request, '/sign-in/email', {
      email: (fields.email ?? '').trim(),
      password: fields.password ?? '',
    });
    if (response.ok) {
      passCookies(reply, response);
      return seeOther(reply, back);
    }
    const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
    // A malformed address or an empty field is a wrong e-mail or password to the person.
    const code =
      response.status === 429
        ? 'RATE_LIMITED'
        : response.status === 400
          ? 'INVALID_EMAIL_OR_PASSWORD'
          : typeof answer?.code === 'string'
            ? answer.code
            : 'SIGN_IN_FAILED';
    return seeOther(reply, signInPageWith(code, back));
  });
}
