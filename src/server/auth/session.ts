import { parseCookies } from 'better-auth/cookies';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { authHeaders } from '../http/client-address';
import type { AccountCleanup, AccountCleanups } from './account-cleanup';
import type { Auth } from './auth';
import type { MemberSessionCache } from './member-session-cache';
import { originRefusal, trustedOrigins } from './origins';
import type { Viewer } from './viewer';

// In a module of its own, so the member-session cache can name it without importing this one.
export type { Viewer } from './viewer';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook: null when nobody is signed in. */
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    /**
     * Registers work to do before an account is deleted (terms declined), for data outside the
     * database such as stored images; database rows go through foreign-key cascades.
     */
    onAccountDelete(cleanup: AccountCleanup): void;
    /**
     * Reads the request's session into `request.viewer` (a renewed cookie onto the reply), as the
     * session hook does for an API request: a page's drawing asks for it (http/static.ts).
     */
    resolveViewer(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

/** The terms accepted are the version in force. */
export function hasAcceptedTerms(
  viewer: Pick<Viewer, 'termsAcceptedAt' | 'termsVersion'>,
  termsVersion: string,
): boolean {
  return viewer.termsAcceptedAt !== null && viewer.termsVersion === termsVersion;
}

/**
 * Reads the session once per request (under /api outside better-auth's own routes, and for a
 * page to draw).
 * better-auth answers; a member's answer is remembered until the database announces a change to
 * that user or their sessions (MemberSessionCache, decision 0006).
 */
export function installSessionHandling(
  app: FastifyInstance,
  auth: Auth,
  termsVersion: string,
  isModerator: (email: string) => boolean,
  accountCleanups: AccountCleanups,
  sessionCache: MemberSessionCache,
): void {
  app.decorateRequest('viewer', null);
  app.decorate('onAccountDelete', (cleanup: AccountCleanup) => accountCleanups.add(cleanup));
  let sessionCookieName: string | undefined;
  const lookups = new Map<
    string,
    Promise<{ session: Awaited<ReturnType<Auth['api']['getSession']>>; cookies: string[] }>
  >();
  const resolveViewer = async (request: FastifyRequest, reply: FastifyReply) => {
    const cookieHeader = request.headers.cookie;
    if (!cookieHeader) return;
    sessionCookieName ??= (await auth.$context).authCookies.sessionToken.name;
    const signedValue = parseCookies(cookieHeader).get(sessionCookieName);
    if (!signedValue) return;
    const known = sessionCache.get(signedValue);
    if (known) {
      request.viewer = known;
      return;
    }
    // Requests that arrive together with one cookie (a student's burst of requests, or a flood of
    // them) share one lookup: better-auth's signature check and queries run once, not once each.
    let lookup = lookups.get(signedValue);
    if (!lookup) {
      lookup = auth.api
        .getSession({ headers: authHeaders(request), returnHeaders: true })
        .then(({ response, headers }) => ({ session: response, cookies: headers.getSetCookie() }))
        .finally(() => lookups.delete(signedValue));
      lookups.set(signedValue, lookup);
    }
    const { session, cookies } = await lookup;
    // better-auth renews an active session's cookie (or clears a dead one): pass that on, or the
    // browser drops a signed-in member when the first cookie's max-age runs out.
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!session) return;
    const user = session.user as typeof session.user & { termsAcceptedAt?: Date | null; termsVersion?: string | null };
    const account = {
      termsAcceptedAt: user.termsAcceptedAt ? new Date(user.termsAcceptedAt) : null,
      termsVersion: user.termsVersion ?? null,
    };
    const viewer: Viewer = {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      ...account,
      termsAccepted: hasAcceptedTerms(account, termsVersion),
      isModerator: isModerator(user.email),
    };
    request.viewer = viewer;
    if (viewer.emailVerified && viewer.termsAccepted) {
      sessionCache.remember(signedValue, viewer, session.session.expiresAt);
    }
  };
  app.decorate('resolveViewer', resolveViewer);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    await resolveViewer(request, reply);
  });
}

/** Cookie-authenticated writes must come from our own pages: a foreign Origin is refused. */
export function installOriginCheck(
  app: FastifyInstance,
  config: Pick<AppConfig, 'publicUrl' | 'nodeEnv' | 'college'>,
): void {
  const allowed = new Set(trustedOrigins(config));
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !allowed.has(origin)) throw originRefusal(config, origin);
  });
}
