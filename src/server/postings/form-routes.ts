/**
 * The detail view's Status and Delete as plain forms (issue 31): a choice made before the scripts
 * arrive, or with JavaScript off, is saved through the same service as the API's routes, then the
 * browser goes back to the page (after a delete, to the postings) with what happened.
 */
import type { FastifyInstance } from 'fastify';
import { MEMBER_FORM_ROUTES } from '../../shared/member-form-posts';
import { pageAddress } from '../../shared/page-addresses';
import { postingStatusSchema } from '../../shared/schemas/posting';
import { viewerOf } from '../auth/viewer';
import { AppError } from '../http/errors';
import { acceptFormBodies, memberForm } from '../http/form-posts';
import type { PostingService } from './service';

const idOf = (params: unknown) => (params as { id: string }).id;

/** Where a deleted posting's admin goes: its page is gone. */
const AFTER_DELETE = '/postings';

export async function postingFormRoutes(app: FastifyInstance, { service }: { service: PostingService }) {
  acceptFormBodies(app);

  app.post(
    MEMBER_FORM_ROUTES.postingStatus,
    { schema: { hide: true } },
    memberForm({
      action: 'posting.changeStatus',
      unsigned: 'STATUS_UNSIGNED',
      failed: 'STATUS_FAILED',
      renamed: {
        NOT_FOUND: 'POSTING_GONE',
        NOT_POSTING_ADMIN: 'POSTING_ADMIN_ONLY',
        VALIDATION_FAILED: 'STATUS_INVALID',
      },
      fallback: (request) => pageAddress.posting(idOf(request.params)),
      async act(request, fields) {
        const parsed = postingStatusSchema.safeParse({ status: fields.status });
        if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', '', parsed.error.message);
        await service.setStatus(viewerOf(request), idOf(request.params), parsed.data.status);
        return { notice: 'STATUS_UPDATED' };
      },
    }),
  );

  app.post(
    MEMBER_FORM_ROUTES.deletePosting,
    { schema: { hide: true } },
    memberForm({
      action: 'posting.delete',
      unsigned: 'DELETE_UNSIGNED',
      failed: 'DELETE_FAILED',
      renamed: { NOT_FOUND: 'POSTING_GONE', NOT_POSTING_ADMIN: 'POSTING_ADMIN_ONLY' },
      fallback: (request) => pageAddress.posting(idOf(request.params)),
      async act(request) {
        await service.remove(viewerOf(request), idOf(request.params));
        return { notice: 'POSTING_DELETED', to: AFTER_DELETE };
      },
    }),
  );
}
