/**
 * 'Delete my account' as a plain form (issue 31): sent before the scripts arrive, or with
 * JavaScript off, it deletes the account through the same service as DELETE /api/me (the typed
 * address must match), clears the session's cookies and goes to the sign-in page saying so.
 */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import { MEMBER_FORM_ROUTES } from '../../shared/member-form-posts';
import { deleteAccountSchema } from '../../shared/schemas/account';
import type { Auth } from '../auth/auth';
import { viewerOf } from '../auth/viewer';
import { errors } from '../http/errors';
import { acceptFormBodies, memberForm } from '../http/form-posts';
import type { createAccountService } from './service';

/** The profile's Account section, where the form is. */
const ACCOUNT_SECTION = '/myProfile#account';

export async function accountFormRoutes(
  app: FastifyInstance,
  { auth, service }: { auth: Auth; service: ReturnType<typeof createAccountService> },
) {
  acceptFormBodies(app);
  app.post(
    MEMBER_FORM_ROUTES.deleteAccount,
    { schema: { hide: true } },
    memberForm({
      action: 'account.own',
      unsigned: 'SIGN_IN_FIRST',
      failed: 'ACCOUNT_DELETE_FAILED',
      renamed: { BAD_REQUEST: 'DELETE_CONFIRM_MISMATCH' },
      fallback: () => ACCOUNT_SECTION,
      async act(request, fields, reply) {
        const parsed = deleteAccountSchema.safeParse({ confirmEmail: fields.confirmEmail ?? '' });
        if (!parsed.success) throw errors.badRequest(parsed.error.message);
        await service.remove(viewerOf(request), parsed.data.confirmEmail);
        // The sessions went with the account; this clears the browser's cookies, as the API does.
        const signOut = await auth.api
          .signOut({ headers: fromNodeHeaders(request.headers), asResponse: true })
          .catch((err: unknown) => {
            request.log.warn({ err }, 'clearing the cookies of a deleted account failed');
            return null;
          });
        const cookies = signOut?.headers.getSetCookie() ?? [];
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return { notice: 'ACCOUNT_DELETED', to: '/signin-wall' };
      },
    }),
  );
}
