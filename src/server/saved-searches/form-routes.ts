/**
 * 'Save this search' as a plain form (issue 31): a tap before the scripts arrive, or with
 * JavaScript off, saves the page's search under its suggested name with the daily alert, through
 * the same service as the API (its checks and its limit of saved searches), then goes back to the
 * results with what happened. With the scripts the button opens the dialog that names it instead.
 */
import type { FastifyInstance } from 'fastify';
import { FORM_ROUTES } from '../../shared/form-posts';
import { savedSearchCreateSchema } from '../../shared/schemas/saved-search';
import { viewerOf } from '../auth/viewer';
import { AppError } from '../http/errors';
import { acceptFormBodies, memberForm } from '../http/form-posts';
import type { SavedSearchService } from './service';

export async function savedSearchFormRoutes(app: FastifyInstance, { service }: { service: SavedSearchService }) {
  acceptFormBodies(app);
  app.post(
    FORM_ROUTES.saveSearch,
    { schema: { hide: true } },
    memberForm({
      action: 'product.use',
      unsigned: 'SIGN_IN_FIRST',
      failed: 'SAVE_SEARCH_FAILED',
      fallback: () => '/postings',
      async act(request, fields) {
        // The filters travel as /postings' own query string, read by the API's schema.
        const filters = Object.fromEntries(new URLSearchParams(fields.filters ?? ''));
        const parsed = savedSearchCreateSchema.safeParse({ name: fields.name, alert: fields.alert, filters });
        if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', '', parsed.error.message);
        await service.create(viewerOf(request), parsed.data);
        return { notice: 'SEARCH_SAVED' };
      },
    }),
  );
}
