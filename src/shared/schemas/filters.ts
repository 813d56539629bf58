/**
 * The search filters (spec sections 3 and 5): one zod schema read by the server from the query
 * string and by the client from the page URL, so a shared link means the same search everywhere.
 * Every field is optional; blank means no constraint.
 */
import { z } from 'zod';
import {
  ACADEMIC_YEARS,
  GENDERS,
  GROUP_SIZE_MAX,
  GROUP_SIZE_MIN,
  HOUSING_AIM_MAX,
  HOUSING_AIM_MIN,
  LISTING_LOCATIONS,
  POSTINGS_PAGE_SIZE,
} from '../options';

export const SUBLET_CHOICES = ['yes', 'no'] as const;
export type SubletChoice = (typeof SUBLET_CHOICES)[number];
export const SUBLET_LABELS: Record<SubletChoice, string> = { yes: 'Yes', no: 'No' };

export const SORT_ORDERS = ['newest', 'rent'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SORT_LABELS: Record<SortOrder, string> = { newest: 'Newest first', rent: 'Lowest rent first' };

/** Highest 'maximum monthly rent per person' a filter accepts, in whole dollars. */
export const MAX_RENT_FILTER = 100_000;
export const MAX_PAGE_SIZE = 50;

/** '' and absent both mean "no constraint"; query strings and selects produce ''. */
const blank = (value: unknown) => (value === '' || value === null ? undefined : value);

const intIn = (min: number, max: number, label: string) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(max, `${label} must be at most ${max}`)
      .optional(),
  );

/** Case-insensitive choice: 'Senior', 'SENIOR' and 'senior' all mean senior. */
const choiceOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? blank(value.trim().toLowerCase()) : blank(value)),
    z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }).optional(),
  );

const isoDate = (label: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2027-06-01`)
      .refine((value) => {
        const date = new Date(`${value}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
      }, `${label} must be a real calendar date`)
      .optional(),
  );

/** The filter fields alone (what the URL of /postings carries besides paging). */
export const searchFiltersSchema = z
  .object({
    location: z.preprocess(blank, z.enum(LISTING_LOCATIONS).default('oncampus')),
    /** numberPeopleInGroup: matched exactly against the posting's seeking count (spec 5). */
    groupSize: intIn(GROUP_SIZE_MIN, GROUP_SIZE_MAX, 'Group size'),
    /** housingAim: the posting's exact target size. */
    housingAim: intIn(HOUSING_AIM_MIN, HOUSING_AIM_MAX, 'Housing aim'),
    /** preferredDorm: a dorm key of the college config (checked by the server against it). */
    dorm: z.preprocess(
      blank,
      z
        .string()
        .max(64)
        .regex(/^[A-Za-z0-9-]+$/, 'Dorm must be a dorm key')
        .optional(),
    ),
    gender: choiceOf(GENDERS, 'Gender'),
    classYear: choiceOf(ACADEMIC_YEARS, 'Class year'),
    sublet: choiceOf(SUBLET_CHOICES, 'Sublets only'),
    /** Off campus: the most a person will pay a month, compared with the posting's rent per person. */
    maxRent: intIn(1, MAX_RENT_FILTER, 'Maximum rent'),
    /** Off campus: the wanted stay; a posting matches when its rental period overlaps it. */
    moveIn: isoDate('Move-in date'),
    moveOut: isoDate('Move-out date'),
    sort: z.preprocess(blank, z.enum(SORT_ORDERS).default('newest')),
  })
  .superRefine((filters, ctx) => {
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
    if (filters.moveIn && filters.moveOut && filters.moveOut < filters.moveIn) {
      ctx.addIssue({ code: 'custom', path: ['moveOut'], message: 'Move-out date cannot be before move-in date' });
    }
  });

export type SearchFilters = z.infer<typeof searchFiltersSchema>;

/** GET /api/postings: the filters plus paging. */
export const searchQuerySchema = z.intersection(
  searchFiltersSchema,
  z.object({
    cursor: z.preprocess(blank, z.string().max(200).optional()),
    limit: z.preprocess(blank, z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(POSTINGS_PAGE_SIZE)),
  }),
);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Paging of the profile lists. */
export const listQuerySchema = z.object({
  cursor: z.preprocess(blank, z.string().max(200).optional()),
  limit: z.preprocess(blank, z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(POSTINGS_PAGE_SIZE)),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Fields that apply to each location; the others are ignored (and dropped from the URL). */
export const ON_CAMPUS_FIELDS = ['groupSize', 'housingAim', 'dorm', 'gender', 'classYear', 'sublet'] as const;
export const OFF_CAMPUS_FIELDS = [
  'groupSize',
  'housingAim',
  'maxRent',
  'moveIn',
  'moveOut',
  'sublet',
  'gender',
  'classYear',
  'sort',
] as const;
export type FilterField = (typeof ON_CAMPUS_FIELDS)[number] | (typeof OFF_CAMPUS_FIELDS)[number];

export function fieldsFor(location: SearchFilters['location']): readonly FilterField[] {
  return location === 'oncampus' ? ON_CAMPUS_FIELDS : OFF_CAMPUS_FIELDS;
}

/** Keeps only the fields of the filters' location: a dorm never constrains an off-campus search. */
export function normaliseFilters(filters: SearchFilters): SearchFilters {
  const allowed = new Set<string>(fieldsFor(filters.location));
  const out: Record<string, unknown> = { location: filters.location, sort: 'newest' };
  for (const [key, value] of Object.entries(filters)) {
    if (allowed.has(key) && value !== undefined) out[key] = value;
  }
  return out as SearchFilters;
}

/** The filters as query-string pairs (blank fields and defaults left out), for URLs and the API. */
export function filtersToParams(filters: Partial<SearchFilters>): URLSearchParams {
  const params = new URLSearchParams();
  params.set('location', filters.location ?? 'oncampus');
  const allowed = fieldsFor(filters.location ?? 'oncampus');
  for (const key of allowed) {
    const value = filters[key];
    if (value === undefined || value === '') continue;
    if (key === 'sort' && value === 'newest') continue;
    params.set(key, String(value));
  }
  return params;
}

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
