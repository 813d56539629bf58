/**
 * What the API answers about saved searches, as schemas and their types: the routes declare them, the serializer checks each answer (strict objects), and the OpenAPI document is
 * made from them. A saved search's filters are answered as stored: the filter schema's output.
 */
import { ACADEMIC_YEARS, GENDERS, LISTING_LOCATIONS } from '../options';
import { ALERT_FREQUENCIES } from '../saved-searches';
import { type SearchFilters, SORT_ORDERS, SUBLET_CHOICES } from './filter-params';
import { HIDE_FULFILLED_CHOICES, SHOW_STALE_CHOICES } from './filters';
import { z } from './zod';

const storedFiltersSchema = z.strictObject({
  location: z.enum(LISTING_LOCATIONS),
  groupSize: z.number().int().optional(),
  housingAim: z.number().int().optional(),
  dorm: z.string().optional(),
  gender: z.enum(GENDERS).optional(),
  classYear: z.enum(ACADEMIC_YEARS).optional(),
  sublet: z.enum(SUBLET_CHOICES).optional(),
  maxRent: z.number().int().optional(),
  moveIn: z.string().optional(),
  moveOut: z.string().optional(),
  sort: z.enum(SORT_ORDERS),
  hideFulfilled: z.enum(HIDE_FULFILLED_CHOICES).optional(),
  showStale: z.enum(SHOW_STALE_CHOICES).optional(),
  walkPlace: z.string().optional(),
  walkMinutes: z.number().int().optional(),
}) satisfies z.ZodType<SearchFilters>;

export const savedSearchViewSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  alert: z.enum(ALERT_FREQUENCIES),
  filters: storedFiltersSchema,
  createdAt: z.string(),
});
export type SavedSearchView = z.output<typeof savedSearchViewSchema>;

export const savedSearchListSchema = z.strictObject({ items: z.array(savedSearchViewSchema) });

export const unsubscribeViewSchema = z.strictObject({
  name: z.string(),
  alert: z.enum(ALERT_FREQUENCIES),
});
/** The unsubscribe page's question: which search, and whether its alert is already off. */
export type UnsubscribeView = z.output<typeof unsubscribeViewSchema>;

/**
 * The unsubscribe link's query: its id and signed token. Anything else (a repeated or overlong
 * value) reads as absent, so every broken link gets the same "not valid" answer from the service.
 */
export const unsubscribeQuerySchema = z.object({
  id: z.string().max(100).optional().catch(undefined),
  token: z.string().max(200).optional().catch(undefined),
});
