import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { authHeaders } from '../http/client-address';
import { AUTH_BASE_PATH, type Auth } from './auth';
import { VERIFY_EMAIL_PAGE } from './email-verification';
import { authFormRoutes } from './form-routes';
import { BETTER_AUTH_ORIGIN_CODES, originRefusal, trustedOrigins } from './origins';
import { withPasswordHashes } from './password-hashes';

/**
 * better-auth's own refusal of a page's origin (a bare 'Invalid origin') in the API's error shape,
 * saying where to go instead; null for any other answer.
 */
async function readableOriginRefusal(response: Response, config: AppConfig, origin: string | undefined) {
  if (response.status !== 403 || !response.headers.get('content-type')?.includes('application/json')) return null;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (typeof body?.code !== 'string' || !BETTER_AUTH_ORIGIN_CODES.has(body.code)) return null;
  return originRefusal(config, origin, body.code);
}

function refererOrigin(request: FastifyRequest): string | undefined {
  try {
    return request.headers.referer ? new URL(request.headers.referer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Passes /api/auth/* to better-auth as Web Requests, raw body and every Set-Cookie included. */
export async function authRoutes(app: FastifyInstance, { auth, config }: { auth: Auth; config: AppConfig }) {
  const { publicUrl } = config;
  // Encapsulated: this plugin reads bodies as raw text, the rest of the API as JSON.
  const allowedOrigins = new Set(trustedOrigins(config));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // The sign-in page's plain link and form (issue 31), beside the routes they stand in for.
  await app.register(authFormRoutes, { auth, config });

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const url = new URL(request.url, publicUrl);
      // Links mailed before decision 0020 pointed here; verifying is now our page's POST, and
      // their tokens are not its tokens, so the page says the link is no longer valid.
      if (request.method === 'GET' && url.pathname === `${AUTH_BASE_PATH}/verify-email`) {
        return reply.redirect(`${VERIFY_EMAIL_PAGE}?error=INVALID_TOKEN`, 302);
      }
      // better-auth checks the Origin only when cookies come along; a foreign page must not
      // sign anyone in or up either (login CSRF). Providers may POST their callbacks.
      const origin = request.headers.origin;
      if (
        request.method === 'POST' &&
        origin !== undefined &&
        !allowedOrigins.has(origin) &&
        !url.pathname.startsWith(`${AUTH_BASE_PATH}/callback/`)
      ) {
        throw originRefusal(config, origin);
      }
      const body = typeof request.body === 'string' && request.body.length > 0 ? request.body : undefined;
      const response = await withPasswordHashes(() =>
        auth.handler(new Request(url, { method: request.method, headers: authHeaders(request), body })),
      );
      const refusal = await readableOriginRefusal(response, config, origin ?? refererOrigin(request));
      if (refusal) throw refusal;
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name.toLowerCase() === 'set-cookie') continue;
        reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
