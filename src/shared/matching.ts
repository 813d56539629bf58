/**
 * What a search filter means (docs/product-spec.md, section 5), as a pure function. The server answers searches
 * with SQL (src/server/search/queries.ts); its tests check the SQL against this definition.
 *
 * - Blank means no constraint.
 * - location: the posting's listing location.
 * - housingAim: the posting's target size (aimInteger), exactly.
 * - groupSize: compared with the posting's seeking count (curNumSeek), exactly, as the spec says.
 * - dorm: the posting's dorm key (on campus).
 * - gender / classYear: the admin's gender and academic year, case-insensitive.
 * - sublet: 'yes' keeps sublets only; 'no' leaves sublets out.
 * - maxRent (off campus): rent per person at most this; a posting without rent does not match.
 *   Rent per person is derived on write from the rent and its type, so totals compare fairly.
 * - moveIn / moveOut (off campus): the wanted stay must overlap the rental period; with only one
 *   of them, the period must end on or after the move-in or start on or before the move-out.
 *   A posting without dates does not match a date filter.
 * - walkMinutes (off campus, with walkPlace): the walk stored from the posting's pin to that campus
 *   place is at most this many minutes; a posting without a pin does not match. walkPlace alone
 *   only orders (the walking sort).
 * - hideFulfilled: 'yes' leaves out postings whose status is Fulfilled.
 * - showStale: stale postings (their admin did not answer 'Still looking?') are left out unless 'yes'.
 * - Hidden postings (by moderation) never match.
 */
import type { PostingStatus } from './options';
import type { SearchFilters } from './schemas/filters';

export interface MatchablePosting {
  listingLocation: 'oncampus' | 'offcampus';
  dorm: string | null;
  aimInteger: number;
  curNumSeek: number;
  adminGender: string;
  adminAcademicYear: string;
  sublet: boolean;
  rentPerPerson: number | null;
  /** ISO dates (YYYY-MM-DD). */
  rentStart: string | null;
  rentEnd: string | null;
  status?: PostingStatus;
  stale?: boolean;
  hidden?: boolean;
  /** Walking minutes to each campus place, as stored (issue 33); none without a pin. */
  walks?: readonly { placeKey: string; minutes: number }[];
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function matchesFilters(posting: MatchablePosting, filters: Partial<SearchFilters>): boolean {
  const location = filters.location ?? 'oncampus';
  if (posting.listingLocation !== location) return false;
  if (filters.housingAim !== undefined && posting.aimInteger !== filters.housingAim) return false;
  if (filters.groupSize !== undefined && posting.curNumSeek !== filters.groupSize) return false;
  if (filters.gender !== undefined && !same(posting.adminGender, filters.gender)) return false;
  if (filters.classYear !== undefined && !same(posting.adminAcademicYear, filters.classYear)) return false;
  if (filters.sublet !== undefined && posting.sublet !== (filters.sublet === 'yes')) return false;
  if (filters.hideFulfilled === 'yes' && posting.status === 'Fulfilled') return false;
  if (posting.hidden) return false;
  if (posting.stale && filters.showStale !== 'yes') return false;
  if (location === 'oncampus') {
    if (filters.dorm !== undefined && posting.dorm !== filters.dorm) return false;
    return true;
  }
  if (filters.maxRent !== undefined && (posting.rentPerPerson === null || posting.rentPerPerson > filters.maxRent)) {
    return false;
  }
  if (filters.moveIn !== undefined && (posting.rentEnd === null || posting.rentEnd < filters.moveIn)) return false;
  if (filters.moveOut !== undefined && (posting.rentStart === null || posting.rentStart > filters.moveOut)) {
    return false;
  }
  if (filters.walkMinutes !== undefined) {
    const walk = posting.walks?.find((w) => w.placeKey === filters.walkPlace);
    if (walk === undefined || walk.minutes > filters.walkMinutes) return false;
  }
  return true;
}
