/**
 * 'Report posting' as a plain form (issue 31): a report sent before the scripts arrive, or with
 * JavaScript off, goes through the same service as the API's route (once per student, not one's
 * own, the daily limit), then back to the posting with what happened.
 */
import type { FastifyInstance } from 'fastify';
import { MEMBER_FORM_ROUTES } from '../../shared/member-form-posts';
import { pageAddress } from '../../shared/page-addresses';
import { reportRequestSchema } from '../../shared/schemas/moderation';
import { viewerOf } from '../auth/viewer';
import { AppError } from '../http/errors';
import { acceptFormBodies, memberForm } from '../http/form-posts';
import type { ModerationService } from './service';

const idOf = (params: unknown) => (params as { id: string }).id;

export async function moderationFormRoutes(app: FastifyInstance, { service }: { service: ModerationService }) {
  acceptFormBodies(app);

  app.post(
    MEMBER_FORM_ROUTES.report,
    { schema: { hide: true } },
    memberForm({
      action: 'posting.report',
      unsigned: 'SIGN_IN_FIRST',
      failed: 'REPORT_FAILED',
      renamed: { NOT_FOUND: 'POSTING_GONE', OWN_POSTING: 'REPORT_OWN_POSTING' },
      fallback: (request) => pageAddress.posting(idOf(request.params)),
      async act(request, fields) {
        const parsed = reportRequestSchema.safeParse({ reason: fields.reason, details: fields.details ?? '' });
        if (!parsed.success) {
          // Said as the dialog says it: no reason chosen, or details over the limit (a field without scripts' counter).
          const code = parsed.error.issues.some((issue) => issue.path[0] === 'reason')
            ? 'REPORT_REASON_MISSING'
            : 'REPORT_DETAILS_TOO_LONG';
          throw new AppError(400, code, '', parsed.error.message);
        }
        const postingId = idOf(request.params);
        await service.report(viewerOf(request), postingId, parsed.data);
        // Back to the posting itself, not its open form.
        return { notice: 'REPORT_SENT', to: pageAddress.posting(postingId) };
      },
    }),
  );
}
