/**
 * Saved searches (issue 14): a name, an alert frequency and the search itself, read with the same
 * filter schema as /postings, so a saved search means exactly what the page showed.
 */

import { ALERT_FREQUENCIES, SAVED_SEARCH_NAME_MAX, savedSearchMessages } from '../saved-searches';
import { searchFiltersSchema } from './filters';
import { z } from './zod';

const name = z
  .string({ error: savedSearchMessages.nameRequired })
  .trim()
  .min(1, savedSearchMessages.nameRequired)
  .max(SAVED_SEARCH_NAME_MAX, savedSearchMessages.nameTooLong(SAVED_SEARCH_NAME_MAX));

const alert = z.enum(ALERT_FREQUENCIES, { error: savedSearchMessages.badAlert });

/** POST /api/saved-searches. */
export const savedSearchCreateSchema = z.object({
  name,
  alert: alert.default('daily'),
  filters: searchFiltersSchema,
});
export type SavedSearchCreate = z.input<typeof savedSearchCreateSchema>;

/** PATCH /api/saved-searches/:id: what the profile can change. */
export const savedSearchUpdateSchema = z
  .object({ name: name.optional(), alert: alert.optional() })
  .refine((value) => value.name !== undefined || value.alert !== undefined, savedSearchMessages.nothingToChange);
export type SavedSearchUpdate = z.input<typeof savedSearchUpdateSchema>;

// What the API answers: the types of the schemas its routes declare.
export type { SavedSearchView, UnsubscribeView } from './saved-search-answers';
