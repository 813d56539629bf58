/**
 * Signing in without the scripts (issue 31): the provider's sign-in starts from a plain link, and
 * the e-mail form posts here. Both hand better-auth the same request the page's scripts would make,
 * so its rate limits, origin rules and our hooks (the college's domain, suspended accounts) apply.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_NOTICES, type FormNoticeCode } from '../../shared/form-notices';
import { FORM_ROUTES, RETURN_FIELD, SIGN_UP_MODE, SIGN_UP_MODE_PARAM, sameSitePath } from '../../shared/form-posts';
import { MEMBER_FORM_ROUTES } from '../../shared/member-form-posts';
import { changePasswordSchema } from '../../shared/schemas/account';
import { signUpSchema } from '../../shared/schemas/auth';
import { OIDC_PROVIDER_ID } from '../../shared/schemas/auth-constants';
import { signUpErrorCodeOf } from '../../shared/sign-up-errors';
import type { AppConfig } from '../config';
import { authHeaders } from '../http/client-address';
import { acceptFormBodies, formFields, returnPath, seeOther, signInFirst } from '../http/form-posts';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { EMAIL_DOMAIN_NOT_ALLOWED } from './domain-policy';
import { withPasswordHashes } from './password-hashes';

/** The profile's Account section, where Change Password is. */
const ACCOUNT_SECTION = '/myProfile#account';

/** The change-password schema's messages as the notices that say them. */
const PASSWORD_PROBLEMS: Readonly<Record<string, FormNoticeCode>> = {
  [FORM_NOTICES.CURRENT_PASSWORD_REQUIRED.message]: 'CURRENT_PASSWORD_REQUIRED',
  [FORM_NOTICES.NEW_PASSWORD_TOO_SHORT.message]: 'NEW_PASSWORD_TOO_SHORT',
  [FORM_NOTICES.NEW_PASSWORD_TOO_LONG.message]: 'NEW_PASSWORD_TOO_LONG',
  [FORM_NOTICES.NEW_PASSWORDS_DIFFER.message]: 'NEW_PASSWORDS_DIFFER',
};

/** The sign-in page, where a refused sign-in comes back with the reason's code in `error`. */
const SIGN_IN_PAGE = '/signin-wall';

/** The sign-in page showing `code`'s message, keeping where to go once signed in. */
function signInPageWith(code: string, back: string): string {
  const query = new URLSearchParams({ error: code });
  if (back !== '/') query.set(RETURN_FIELD, back);
  return `${SIGN_IN_PAGE}?${query.toString()}`;
}

/** The sign-in page open on its sign-up form, saying `said` (an error code, or where the link went). */
function signUpPageWith(said: { error: string } | { sentTo: string }, back: string): string {
  const query = new URLSearchParams({ [SIGN_UP_MODE_PARAM]: SIGN_UP_MODE, ...said });
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

  // Creating an account without the scripts: the form's own checks (the shared schema), then the
  // same two calls the form makes (sign-up, then sign-in, which tells a new address from a taken
  // one only to whoever knows its password), through better-auth with its hooks and rate limits.
  app.post(FORM_ROUTES.signUp, { schema: { hide: true } }, async (request, reply) => {
    const fields = formFields(request);
    const back = returnPath(fields, '/');
    const checked = signUpSchema.safeParse({
      name: fields.name ?? '',
      email: fields.email ?? '',
      password: fields.password ?? '',
      confirmPassword: fields.confirmPassword ?? '',
    });
    if (!checked.success) {
      const code = signUpErrorCodeOf(checked.error.issues[0]?.message ?? '');
      return seeOther(reply, signUpPageWith({ error: code }, back));
    }
    const { name, email, password } = checked.data;
    const signedUp = await askAuth(request, '/sign-up/email', { name, email, password, callbackURL: '/' });
    if (!signedUp.ok) {
      const answer = (await signedUp.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
      const code =
        signedUp.status === 429
          ? 'RATE_LIMITED'
          : answer?.code === EMAIL_DOMAIN_NOT_ALLOWED
            ? EMAIL_DOMAIN_NOT_ALLOWED
            : typeof answer?.message === 'string'
              ? signUpErrorCodeOf(answer.message)
              : 'SIGN_UP_FAILED';
      return seeOther(reply, signUpPageWith({ error: code }, back));
    }
    const signedIn = await askAuth(request, '/sign-in/email', { email, password });
    if (signedIn.ok) {
      passCookies(reply, signedIn);
      return seeOther(reply, back);
    }
    return seeOther(reply, signUpPageWith({ sentTo: email }, back));
  });

  // The profile's Change Password without the scripts: the form's checks, then better-auth's
  // change-password as the form calls it (other devices signed out, this one's new cookie kept).
  const changePassword = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = formFields(request);
    const back = returnPath(fields, ACCOUNT_SECTION);
    if (!request.viewer) return signInFirst(reply, 'SIGN_IN_FIRST', back);
    const checked = changePasswordSchema.safeParse({
      currentPassword: fields.currentPassword ?? '',
      password: fields.password ?? '',
      confirmPassword: fields.confirmPassword ?? '',
    });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message;
      return seeOther(reply, back, PASSWORD_PROBLEMS[message ?? ''] ?? 'PASSWORD_UNCHANGED');
    }
    const { currentPassword, password } = checked.data;
    const response = await askAuth(request, '/change-password', {
      currentPassword,
      newPassword: password,
      revokeOtherSessions: true,
    });
    if (response.ok) {
      passCookies(reply, response);
      return seeOther(reply, back, 'PASSWORD_CHANGED');
    }
    const answer = (await response.json().catch(() => null)) as { code?: unknown } | null;
    const notice =
      response.status === 429
        ? 'RATE_LIMITED'
        : answer?.code === 'INVALID_PASSWORD'
          ? 'CURRENT_PASSWORD_WRONG'
          : 'PASSWORD_UNCHANGED';
    return seeOther(reply, back, notice);
  };
  // One's own account (any live session, checked above): named on the handler, as memberForm
  // does, so the authorization matrix reads it.
  app.post(
    MEMBER_FORM_ROUTES.changePassword,
    { schema: { hide: true } },
    Object.assign(changePassword, { action: 'account.own' as const }),
  );
}
