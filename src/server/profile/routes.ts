import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../shared/messages';
import { problemAnswers } from '../../shared/schemas/api-error';
import type { Auth } from '../auth/auth';
import { guard } from '../auth/guard';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { answerRoute } from '../http/answer-route';
import { authHeaders } from '../http/client-address';
import { AppError, errors } from '../http/errors';
import { acceptTerms, toMe } from './service';

const meSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  termsAccepted: z.boolean(),
  isModerator: z.boolean(),
});

const SESSION_EXPIRED = 'SESSION_EXPIRED';

/** The signed-in person: who they are, accepting or declining the Terms & Conditions. */
export const profileRoutes: FastifyPluginAsyncZod<{ auth: Auth; config: AppConfig; db: Database }> = async (
  app,
  { auth, config, db },
) => {
  const termsVersion = config.college.termsVersion;

  answerRoute(app, '/api/me', {
    tags: ['me'],
    summary: 'The signed-in user, or null',
    response: z.strictObject({ user: meSchema.nullable() }),
    cacheControl: 'no-store',
    answer: (viewer) => ({ user: viewer ? toMe(viewer) : null }),
  });

  app.post(
    '/api/me/terms',
    {
      preValidation: guard('account.own'),
      schema: {
        tags: ['me'],
        summary: 'Accept the Terms & Conditions in force',
        body: z.object({ version: z.string().min(1).max(100) }),
        response: { 200: z.strictObject({ user: meSchema }), ...problemAnswers },
      },
    },
    async (request) => {
      const viewer = request.viewer;
      if (!viewer) throw errors.unauthorized();
      return { user: await acceptTerms(db, viewer, request.body.version, termsVersion) };
    },
  );

  app.post(
    '/api/me/decline',
    {
      preValidation: guard('account.own'),
      schema: {
        tags: ['me'],
        summary: 'Decline the Terms & Conditions: deletes the account and everything it owns, and signs out',
        response: { 200: z.strictObject({ deleted: z.literal(true) }), ...problemAnswers },
      },
    },
    async (request, reply) => {
      const headers = authHeaders(request);
      const response = await auth.api.deleteUser({ headers, body: {}, asResponse: true });
      if (response.ok) {
        const cookies = response.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return { deleted: true as const };
      }
      const body = (await response.json().catch(() => null)) as { code?: string } | null;
      if (body?.code === 'SESSION_EXPIRED') {
        // Deleting needs a recent sign-in: sign out, and the person signs in again to decide.
        const signOut = await auth.api.signOut({ headers, asResponse: true });
        const cookies = signOut.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        throw new AppError(403, SESSION_EXPIRED, messages.sessionExpired.title, messages.sessionExpired.message);
      }
      request.log.error({ status: response.status, body }, 'account deletion failed');
      throw new AppError(500, 'DELETE_FAILED', messages.api.internal.title, messages.api.internal.message);
    },
  );
};
