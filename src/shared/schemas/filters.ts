/**
 * The search filters (docs/product-spec.md, sections 3 and 5): one zod schema read by the server from the query
 * string and by the client from the page URL, so a shared link means the same search everywhere.
 * Every field is optional; blank means no constraint.
 */

import {
  ACADEMIC_YEARS,
  GENDERS,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  HOUSING_AIM_MAX,
  HOUSING_AIM_MIN,
  LISTING_LOCATIONS,
} from '../options';
import {
  MAX_RENT_FILTER,
  normaliseFilters,
  type SearchFilters,
  SORT_ORDERS,
  SUBLET_CHOICES,
  WALK_MINUTES_MAX,
} from './filter-params';
import { z } from './zod-mini';

// Kept in a module without zod, so pages that only build URLs need not load the schemas.
export {
  emptyFilters,
  fieldsFor,
  filtersToParams,
  normaliseFilters,
  type SearchFilters,
} from './filter-params';

export const HIDE_FULFILLED_CHOICES = ['yes'] as const;
export const SHOW_STALE_CHOICES = ['yes'] as const;

/** '' and absent both mean "no constraint"; query strings and selects produce ''. */
export const blank = (value: unknown) => (value === '' || value === null ? undefined : value);
/** Reads '' as absent before `schema` (zod's preprocess, spelt the zod/mini way). */
// (Typed by hand: zod/mini's pipe() cannot infer through a generic schema.)
const orBlank = <T extends z.core.SomeType>(schema: T, read: (value: unknown) => unknown = blank) =>
  z.pipe(z.transform(read), schema as unknown as z.core.$ZodType) as unknown as z.ZodMiniPipe<
    z.ZodMiniTransform<z.input<T>, unknown>,
    T
  >;

const intIn = (min: number, max: number, label: string) =>
  orBlank(
    z.optional(
      z.coerce
        .number({ error: `${label} must be a number` })
        .check(
          z.int(`${label} must be a whole number`),
          z.minimum(min, `${label} must be at least ${min}`),
          z.maximum(max, `${label} must be at most ${max}`),
        ),
    ),
  );

/** Case-insensitive choice: 'Senior', 'SENIOR' and 'senior' all mean senior. */
const choiceOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  orBlank(z.optional(z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` })), (value) =>
    typeof value === 'string' ? blank(value.trim().toLowerCase()) : blank(value),
  );

const isoDate = (label: string) =>
  orBlank(
    z.optional(
      z.string().check(
        z.regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2027-06-01`),
        z.refine((value: string) => {
          const date = new Date(`${value}T00:00:00Z`);
          return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
        }, `${label} must be a real calendar date`),
      ),
    ),
  );

/**
 * The filter fields alone (what the URL of /postings carries besides paging). Written with
 * zod/mini: the search page parses its address with it before its first paint, and zod/mini is
 * a third of zod's size (decision 0018).
 */
export const searchFiltersSchema = z
  .object({
    location: orBlank(z._default(z.enum(LISTING_LOCATIONS), 'oncampus')),
    /** numberPeopleInGroup: matched exactly against the posting's seeking count (spec 5). */
    groupSize: intIn(GROUP_SIZE_MIN, GROUP_SIZE_MAX, 'Group size'),
    /** housingAim: the posting's exact target size. */
    housingAim: intIn(HOUSING_AIM_MIN, HOUSING_AIM_MAX, 'Housing aim'),
    /** preferredDorm: a dorm key of the college config (checked by the server against it). */
    dorm: orBlank(z.optional(z.string().check(z.maxLength(64), z.regex(/^[A-Za-z0-9-]+$/, 'Dorm must be a dorm key')))),
    gender: choiceOf(GENDERS, 'Gender'),
    classYear: choiceOf(ACADEMIC_YEARS, 'Class year'),
    sublet: choiceOf(SUBLET_CHOICES, 'Sublets only'),
    /** Off campus: the most a person will pay a month, compared with the posting's rent per person. */
    maxRent: intIn(1, MAX_RENT_FILTER, 'Maximum rent'),
    /** Off campus: the wanted stay; a posting matches when its rental period overlaps it. */
    moveIn: isoDate('Move-in date'),
    moveOut: isoDate('Move-out date'),
    sort: orBlank(z._default(z.enum(SORT_ORDERS), 'newest')),
    /** 'yes' leaves Fulfilled postings out. */
    hideFulfilled: choiceOf(HIDE_FULFILLED_CHOICES, 'Hide fulfilled'),
    /** 'yes' also shows stale postings (no answer to 'Still looking?'), which search leaves out by default. */
    showStale: choiceOf(SHOW_STALE_CHOICES, 'Show stale'),
    /** Off campus (issue 33): a campus place's key (checked by the server against the college config). */
    walkPlace: orBlank(
      z.optional(z.string().check(z.maxLength(40), z.regex(/^[a-z0-9-]+$/, 'Walk place must be a campus place key'))),
    ),
    /** Off campus: within this many minutes' walk of walkPlace. */
    walkMinutes: intIn(1, WALK_MINUTES_MAX, 'Walking minutes'),
  })
  .check(
    z.superRefine((filters, ctx) => {
      if (
        filters.groupSize !== undefined &&
        filters.housingAim !== undefined &&
        filters.housingAim <= filters.groupSize
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['housingAim'],
          message: 'Housing aim must be greater than the group size',
        });
      }
      if (filters.walkMinutes !== undefined && filters.walkPlace === undefined) {
        ctx.addIssue({ code: 'custom', path: ['walkMinutes'], message: 'Walking minutes need a place to walk to' });
      }
      if (filters.moveIn && filters.moveOut && filters.moveOut < filters.moveIn) {
        ctx.addIssue({ code: 'custom', path: ['moveOut'], message: 'Move-out date cannot be before move-in date' });
      }
    }),
  );

// The schema parses to exactly filter-params.ts's SearchFilters: a change to either fails the typecheck.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const schemaParsesToSearchFilters: Same<z.infer<typeof searchFiltersSchema>, SearchFilters> = true;
void schemaParsesToSearchFilters;

/** Reads filters from a URL's query string; invalid fields are dropped rather than breaking the page. */
export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  const parsed = searchFiltersSchema.safeParse(raw);
  if (parsed.success) return normaliseFilters(parsed.data);
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  for (const key of bad) delete raw[key];
  const retry = searchFiltersSchema.safeParse(raw);
  return normaliseFilters(retry.success ? retry.data : searchFiltersSchema.parse({}));
}
