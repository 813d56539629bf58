/** The query strings of the search and of the profile lists: the filters plus paging. */
import { POSTINGS_PAGE_SIZE } from '../options';
import { blank, searchFiltersSchema } from './filters';
import { z } from './zod';

const MAX_PAGE_SIZE = 50;

const paging = {
  cursor: z.preprocess(blank, z.string().max(200).optional()),
  limit: z.preprocess(blank, z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(POSTINGS_PAGE_SIZE)),
};

/** GET /api/postings: the filters plus paging. */
export const searchQuerySchema = z.intersection(searchFiltersSchema, z.object(paging));
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Paging of the profile lists. */
export const listQuerySchema = z.object(paging);
export type ListQuery = z.infer<typeof listQuerySchema>;

/** GET /api/pings/received: paging, and 'pending' to show only the pings awaiting an answer. */
export const receivedPingsQuerySchema = listQuerySchema.extend({
  status: z.preprocess(blank, z.enum(['pending']).optional()),
});
