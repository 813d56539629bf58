/**
 * Ping Interest and the admin's answer as plain forms (issue 31): a tap before the scripts arrive,
 * or with JavaScript off, sends the ping or the answer through the same service as the API's
 * routes, then goes back to the page with what happened.
 */
import type { FastifyInstance } from 'fastify';
import { MEMBER_FORM_ROUTES } from '../../shared/member-form-posts';
import { pageAddress } from '../../shared/page-addresses';
import { pingAnswerSchema, pingRequestSchema } from '../../shared/schemas/ping';
import { viewerOf } from '../auth/viewer';
import { AppError } from '../http/errors';
import { acceptFormBodies, memberForm } from '../http/form-posts';
import type { PingService } from './service';

/** The profile's list of pings received, where the admin answers. */
const RECEIVED_PINGS = '/myProfile#pings-received';

const idOf = (params: unknown) => (params as { id: string }).id;

export async function pingFormRoutes(app: FastifyInstance, { service }: { service: PingService }) {
  acceptFormBodies(app);

  app.post(
    MEMBER_FORM_ROUTES.ping,
    { schema: { hide: true } },
    memberForm({
      action: 'posting.ping',
      unsigned: 'PING_UNSIGNED',
      failed: 'PING_FAILED',
      renamed: { NOT_FOUND: 'POSTING_GONE', VALIDATION_FAILED: 'PING_MESSAGE_TOO_LONG' },
      fallback: (request) => pageAddress.posting(idOf(request.params)),
      async act(request, fields) {
        const parsed = pingRequestSchema.safeParse({ message: fields.message ?? '' });
        if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', '', parsed.error.message);
        const postingId = idOf(request.params);
        await service.send(viewerOf(request), postingId, parsed.data.message);
        // Back to the posting itself (not its open form): it now says the ping is waiting.
        return { notice: 'PING_SENT', to: pageAddress.posting(postingId) };
      },
    }),
  );

  app.post(
    MEMBER_FORM_ROUTES.answerPing,
    { schema: { hide: true } },
    memberForm({
      action: 'ping.answer',
      unsigned: 'SIGN_IN_FIRST',
      failed: 'PING_ANSWER_FAILED',
      fallback: () => RECEIVED_PINGS,
      async act(request, fields) {
        const parsed = pingAnswerSchema.safeParse({ status: fields.status });
        if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', '', parsed.error.message);
        await service.answer(viewerOf(request), idOf(request.params), parsed.data.status);
        return { notice: 'PING_ANSWERED' };
      },
    }),
  );
}
