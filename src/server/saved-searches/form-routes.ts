/**
 * 'Save this search' as a plain form (issue 31): a tap before the scripts arrive, or with
 * JavaScript off, saves the page's search under its suggested name with the daily alert, through
 * the same service as the API (its checks and its limit of saved searches), then goes back to the
 * results with what happened. With the scripts the button opens the dialog that names it instead.
 * The profile's Delete (from its drawn confirmation), Edit (its drawn editor) and Alerts choice are
 * forms too.
 */
import type { FastifyInstance } from 'fastify';
import { BROWSE_FORM_ROUTES } from '../../shared/browse-form-posts';
import type { FormNoticeCode } from '../../shared/form-notices';
import { PROFILE_FORM_ROUTES } from '../../shared/profile-form-posts';
import { savedSearchMessages } from '../../shared/saved-searches';
import { savedSearchCreateSchema, savedSearchUpdateSchema } from '../../shared/schemas/saved-search';
import { viewerOf } from '../auth/viewer';
import { AppError } from '../http/errors';
import { acceptFormBodies, memberForm } from '../http/form-posts';
import type { SavedSearchService } from './service';

/** The profile's list of saved searches. */
const PROFILE_SAVED_SEARCHES = '/myProfile#saved-searches';

/** The editor's refusal, by the field the schema refused first (its words are the schema's). */
function editRefusal(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormNoticeCode {
  const first = issues[0];
  if (first?.path[0] === 'alert') return 'SAVED_SEARCH_BAD_ALERT';
  return first?.message === savedSearchMessages.nameRequired
    ? 'SAVED_SEARCH_NAME_REQUIRED'
    : 'SAVED_SEARCH_NAME_TOO_LONG';
}

/** The profile's forms for a saved search: a member's, back to the profile's list. */
const fromTheProfile = {
  action: 'product.use',
  unsigned: 'SIGN_IN_FIRST',
  failed: 'SAVE_SEARCH_FAILED',
  fallback: () => PROFILE_SAVED_SEARCHES,
} as const;

export async function savedSearchFormRoutes(app: FastifyInstance, { service }: { service: SavedSearchService }) {
  acceptFormBodies(app);
  app.post(
    BROWSE_FORM_ROUTES.saveSearch,
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

  app.post(
    PROFILE_FORM_ROUTES.deleteSavedSearch,
    { schema: { hide: true } },
    memberForm({
      ...fromTheProfile,
      async act(request) {
        await service.remove(viewerOf(request), (request.params as { id: string }).id);
        return { notice: 'SEARCH_DELETED' };
      },
    }),
  );

  app.post(
    PROFILE_FORM_ROUTES.savedSearchAlert,
    { schema: { hide: true } },
    memberForm({
      ...fromTheProfile,
      async act(request, fields) {
        const parsed = savedSearchUpdateSchema.safeParse({ alert: fields.alert });
        if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', '', parsed.error.message);
        await service.update(viewerOf(request), (request.params as { id: string }).id, parsed.data);
        return { notice: 'ALERT_UPDATED' };
      },
    }),
  );

  app.post(
    PROFILE_FORM_ROUTES.editSavedSearch,
    { schema: { hide: true } },
    memberForm({
      // A refusal goes back to the editor (its return field), a change to the list.
      ...fromTheProfile,
      async act(request, fields) {
        // The editor always sends its name: a name left out is a name left blank.
        const parsed = savedSearchUpdateSchema.safeParse({ name: fields.name ?? '', alert: fields.alert });
        if (!parsed.success) {
          const code = editRefusal(parsed.error.issues);
          throw new AppError(400, code, '', parsed.error.message);
        }
        await service.update(viewerOf(request), (request.params as { id: string }).id, parsed.data);
        return { notice: 'SEARCH_UPDATED', to: PROFILE_SAVED_SEARCHES };
      },
    }),
  );
}
