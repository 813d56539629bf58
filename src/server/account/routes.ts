import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema } from '../../shared/schemas/account';
import { problemAnswers } from '../../shared/schemas/api-error';
import type { Auth } from '../auth/auth';
import { guard } from '../auth/guard';
import type { Database } from '../db/client';
import type { GroupService } from '../groups/service';
import { answerRoute } from '../http/answer-route';
import { errors } from '../http/errors';
import type { Storage } from '../storage';
import { accountFormRoutes } from './form-routes';
import { createAccountService } from './service';

const detailsSchema = z.strictObject({
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  memberSince: z.string(),
  signInMethods: z.array(z.enum(['password', 'oidc'])),
});

/** The signed-in person's account: its details (GET /api/me/account) and deleting it (DELETE /api/me). */
export const accountRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  db: Database;
  storage: Storage;
  groups: GroupService;
}> = async (app, { auth, db, storage, groups }) => {
  const service = createAccountService({ db, storage, log: app.log, groups });
  await app.register(accountFormRoutes, { auth, service });

  // Also a load of the profile's drawing: its Account section, Change Password with it, is drawn.
  answerRoute(app, '/api/me/account', {
    action: 'account.own',
    tags: ['me'],
    summary: 'Account details: name, e-mail, sign-in methods, member since',
    response: detailsSchema,
    cacheControl: 'no-store',
    answer: (viewer) => service.details(viewer),
  });

  app.delete(
    '/api/me',
    {
      preValidation: guard('account.own'),
      schema: {
        tags: ['me'],
        summary:
          'Delete my account with its postings, images, bookmarks and pings (type the e-mail address to confirm), and sign out',
        body: deleteAccountSchema,
        response: { 200: z.strictObject({ deleted: z.literal(true) }), ...problemAnswers },
      },
    },
    async (request, reply) => {
      if (!request.viewer) throw errors.unauthorized();
      await service.remove(request.viewer, request.body.confirmEmail);
      // The sessions went with the account; this clears the browser's cookies.
      try {
        const signOut = await auth.api.signOut({ headers: fromNodeHeaders(request.headers), asResponse: true });
        const cookies = signOut.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
      } catch (err) {
        request.log.warn({ err }, 'clearing the cookies of a deleted account failed');
      }
      return { deleted: true as const };
    },
  );
};
