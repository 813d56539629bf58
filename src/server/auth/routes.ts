import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../http/errors';
import { AUTH_BASE_PATH, type Auth } from './auth';

function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  // better-auth keys its rate limits on this header only; without a proxy in front there is none,
  // and every client would share one bucket. Fastify's answer (socket or trusted proxy) is used.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** Passes /api/auth/* to better-auth as Web Requests, raw body and every Set-Cookie included. */
export async function authRoutes(app: FastifyInstance, { auth, publicUrl }: { auth: Auth; publicUrl: string }) {
  // Encapsulated: this plugin reads bodies as raw text, the rest of the API as JSON.
  const allowedOrigin = new URL(publicUrl).origin;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request: FastifyRequest, reply: FastifyReply) {
      const url = new URL(request.url, publicUrl);
      // better-auth checks the Origin only when cookies come along; a foreign page must not
      // sign anyone in or up either (login CSRF). Providers may POST their callbacks.
      const origin = request.headers.origin;
      if (
        request.method === 'POST' &&
        origin !== undefined &&
        origin !== allowedOrigin &&
        !url.pathname.startsWith(`${AUTH_BASE_PATH}/callback/`)
      ) {
        throw errors.forbidden('Requests from other sites are not accepted.', 'Not Allowed', 'CROSS_ORIGIN');
      }
      const body = typeof request.body === 'string' && request.body.length > 0 ? request.body : undefined;
      const response = await auth.handler(
        new Request(url, { method: request.method, headers: toWebHeaders(request), body }),
      );
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name.toLowerCase() === 'set-cookie') continue;
        reply.header(name, value);
      }
      // The OpenID callback answers the sign-in popup: it must keep its link to the page that
      // opened it, which a same-origin opener policy would cut after the provider's pages.
      if (url.pathname.startsWith(`${AUTH_BASE_PATH}/callback/`))
        reply.header('cross-origin-opener-policy', 'unsafe-none');
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
