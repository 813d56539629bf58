/**
 * The zod-free half of the search filters (filters.ts re-exports it): which fields apply to each
 * location, and the filters as a query string. Pages that only build URLs import this module and
 * do not load zod with their first paint (decision 0009).
 */
import type { AcademicYear, Gender, ListingLocation } from '../options';

/**
 * The search filters as parsed (filters.ts's schema infers exactly this, checked there). Written
 * out here so this zod-free module needs nothing from the schema's module, which imports it.
 */
// A type, not an interface: casts to and from Record<string, unknown> need its implicit index signature.
export type SearchFilters = {
  location: ListingLocation;
  groupSize?: number | undefined;
  housingAim?: number | undefined;
  dorm?: string | undefined;
  gender?: Gender | undefined;
  classYear?: AcademicYear | undefined;
  sublet?: SubletChoice | undefined;
  maxRent?: number | undefined;
  moveIn?: string | undefined;
  moveOut?: string | undefined;
  sort: SortOrder;
  hideFulfilled?: 'yes' | undefined;
  showStale?: 'yes' | undefined;
  /** Off campus (issue 33): a campus place's key, for the walking filter and the walking sort. */
  walkPlace?: string | undefined;
  /** Off campus: within this many minutes' walk of walkPlace. */
  walkMinutes?: number | undefined;
};

/** The walking filter's choices, in minutes ("within 10 minutes' walk of Main Campus"). */
export const WALK_MINUTES_CHOICES = [5, 10, 15, 20, 30, 45, 60] as const;
export const WALK_MINUTES_MAX = 120;

/** Highest 'maximum monthly rent per person' a filter accepts, in whole dollars. */
export const MAX_RENT_FILTER = 100_000;

export const SUBLET_CHOICES = ['yes', 'no'] as const;
export type SubletChoice = (typeof SUBLET_CHOICES)[number];
export const SUBLET_LABELS: Record<SubletChoice, string> = { yes: 'Yes', no: 'No' };

export const SORT_ORDERS = ['newest', 'seeking', 'rent', 'walk', 'fit'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const SORT_LABELS: Record<SortOrder, string> = {
  newest: 'Newest first',
  seeking: 'Seeking most first',
  rent: 'Lowest rent first',
  walk: 'Shortest walk first',
  fit: 'Best fit',
};
/**
 * The sorts a location offers: rent and walking time only off campus (on-campus postings have
 * neither). 'Best fit' (issue 13) is offered by the page only to a viewer with a lifestyle profile;
 * 'Shortest walk first' (issue 33) only when the college names campus places.
 */
export function sortsFor(location: 'oncampus' | 'offcampus'): readonly SortOrder[] {
  return location === 'oncampus' ? ['newest', 'seeking', 'fit'] : ['newest', 'seeking', 'rent', 'walk', 'fit'];
}

/** Fields that apply to each location; the others are ignored (and dropped from the URL). */
const ON_CAMPUS_FIELDS = [
  'groupSize',
  'housingAim',
  'dorm',
  'gender',
  'classYear',
  'sublet',
  'hideFulfilled',
  'showStale',
  'sort',
] as const;
const OFF_CAMPUS_FIELDS = [
  'groupSize',
  'housingAim',
  'maxRent',
  'moveIn',
  'moveOut',
  'sublet',
  'gender',
  'classYear',
  'hideFulfilled',
  'showStale',
  'walkPlace',
  'walkMinutes',
  'sort',
] as const;
export type FilterField = (typeof ON_CAMPUS_FIELDS)[number] | (typeof OFF_CAMPUS_FIELDS)[number];

export function fieldsFor(location: SearchFilters['location']): readonly FilterField[] {
  return location === 'oncampus' ? ON_CAMPUS_FIELDS : OFF_CAMPUS_FIELDS;
}

/** No filters at all for a location: what the schema reads from an address with none. */
export function emptyFilters(location: SearchFilters['location']): SearchFilters {
  return { location, sort: 'newest' };
}

/** Keeps only the fields of the filters' location: a dorm never constrains an off-campus search. */
export function normaliseFilters(filters: SearchFilters): SearchFilters {
  const allowed = new Set<string>(fieldsFor(filters.location));
  const out: Record<string, unknown> = { location: filters.location, sort: 'newest' };
  for (const [key, value] of Object.entries(filters)) {
    if (allowed.has(key) && value !== undefined) out[key] = value;
  }
  if (!sortsFor(filters.location).includes(out.sort as SortOrder)) out.sort = 'newest';
  return out as SearchFilters;
}

/** The filters of a location (blank fields and defaults left out), for the API's query. */
export function filtersToQuery(filters: Partial<SearchFilters>): Partial<SearchFilters> {
  const location = filters.location ?? 'oncampus';
  const query: Record<string, unknown> = { location };
  for (const key of fieldsFor(location)) {
    const value = filters[key];
    if (value === undefined || value === '') continue;
    if (key === 'sort' && value === 'newest') continue;
    query[key] = value;
  }
  return query as Partial<SearchFilters>;
}

/** The filters as query-string pairs (blank fields and defaults left out), for URLs and the API. */
export function filtersToParams(filters: Partial<SearchFilters>): URLSearchParams {
  return new URLSearchParams(Object.entries(filtersToQuery(filters)).map(([key, value]) => [key, String(value)]));
}
