import { ACADEMIC_YEAR_LABELS, GENDER_LABELS, RENT_TYPE_LABELS, type RentType } from '../../shared/options';
import type { PublicConfig } from '../../shared/schemas/college';
import { type FilterField, fieldsFor, SUBLET_LABELS } from '../../shared/schemas/filter-params';
import type { SearchFilters } from '../../shared/schemas/filters';
import type { PostingCard as Card, PostingPin, PostingWalk } from '../../shared/schemas/posting-view';
import { shuttleLabel, walkLabel } from '../../shared/walk-labels';
import type { Zone } from '../shell/clock';
import { calendarDate, dollars, type RelativeUnit, relativeTime } from '../ui/format-en-us';

/** The dorm's label (on campus) or the address (off campus). */
export function placeLabel(config: PublicConfig, posting: { dorm: string | null; address: string | null }): string {
  if (posting.dorm) return config.dorms.find((d) => d.key === posting.dorm)?.label ?? posting.dorm;
  return posting.address ?? '';
}

/** The building image a card or carousel starts with when the posting has no photo of its own. */
export function defaultImage(config: PublicConfig, posting: { dorm: string | null }): { src: string; alt: string } {
  const dorm = posting.dorm ? config.dorms.find((d) => d.key === posting.dorm) : undefined;
  return dorm
    ? { src: dorm.image, alt: `Illustration of ${dorm.label}` }
    : { src: config.offCampusImage, alt: 'Illustration of off-campus housing' };
}

export function cardImage(config: PublicConfig, card: Card): { src: string; alt: string } {
  if (card.imageUrl) return { src: card.imageUrl, alt: `Photo of ${placeLabel(config, card)}` };
  return defaultImage(config, card);
}

/** '$1,200 / month (Per Person)'; null without rent. */
export function rentText(monthlyRent: number | null, rentType: RentType | null): string | null {
  if (monthlyRent === null) return null;
  return `${dollars(monthlyRent)} / month${rentType ? ` (${RENT_TYPE_LABELS[rentType]})` : ''}`;
}

/** 'June 1, 2027' from an ISO date, read as a calendar date (no time-zone shift). */
export function dateText(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(`${iso}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? iso : calendarDate(date, { month: 'long', utc: true });
}

const UNITS: [RelativeUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * 'today', '3 days ago', 'last month'... from an ISO timestamp (under a minute: 'just now'), `now`
 * being the page's clock (useClock).
 */
export function timeAgo(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeTime(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** 'Updated 3 days ago'. */
export const updatedText = (iso: string, now: number) => `Updated ${timeAgo(iso, now)}`;

/** 'November 23, 2026' from an ISO timestamp, in the page's time zone (useClock: the reader's, once the page is the browser's). */
export function dayText(iso: string, zone: Zone): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : calendarDate(date, { month: 'long', utc: zone === 'utc' });
}

/** 'Nov 23, 2026, 4:05 PM' from an ISO timestamp, in the page's time zone (useClock). */
export function dateTimeText(iso: string, zone: Zone): string {
  return new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(zone === 'utc' ? { timeZone: 'UTC' } : {}),
  });
}

/** What a chip says for one active filter, or null for fields that are not filters (sort). */
export function chipText(config: PublicConfig, field: FilterField, filters: SearchFilters): string | null {
  switch (field) {
    case 'groupSize':
      return `Group of ${filters.groupSize}`;
    case 'housingAim':
      return `${filters.housingAim}-man housing`;
    case 'dorm':
      return config.dorms.find((d) => d.key === filters.dorm)?.label ?? String(filters.dorm);
    case 'gender':
      return filters.gender ? GENDER_LABELS[filters.gender] : null;
    case 'classYear':
      return filters.classYear ? `Rising ${ACADEMIC_YEAR_LABELS[filters.classYear]}` : null;
    case 'sublet':
      return filters.sublet ? `Sublets only: ${SUBLET_LABELS[filters.sublet]}` : null;
    case 'maxRent':
      return `Up to ${dollars(filters.maxRent ?? 0)} per person`;
    case 'moveIn':
      return `Move-in ${dateText(filters.moveIn ?? null)}`;
    case 'moveOut':
      return `Move-out ${dateText(filters.moveOut ?? null)}`;
    case 'hideFulfilled':
      return 'Fulfilled hidden';
    case 'showStale':
      return 'Stale shown';
    case 'walkMinutes':
      return `Within ${filters.walkMinutes} minutes' walk of ${
        config.campusPlaces.find((p) => p.key === filters.walkPlace)?.name ?? String(filters.walkPlace)
      }`;
    default:
      return null;
  }
}

/** The active filters in words, as the chips say them (for saved searches). */
export function describeFilters(config: PublicConfig, filters: SearchFilters): string[] {
  return fieldsFor(filters.location)
    .filter((field) => filters[field] !== undefined)
    .map((field) => chipText(config, field, filters))
    .filter((text): text is string => text !== null);
}

/** "≈ 10 min walk to Main Campus", or the shuttle's "≈ 5 min walk to the ... stop, then 8 min ride to ...". */
export function walkText(walk: PostingWalk): string {
  return walk.via
    ? shuttleLabel(walk.minutes, walk.via.stopName, walk.via.rideMinutes, walk.placeName)
    : walkLabel(walk.minutes, walk.placeName);
}

/** What a card says of the walks: the nearest place on foot, and the shuttle. */
export function cardWalks(walks: readonly PostingWalk[]): PostingWalk[] {
  const onFoot = walks.find((walk) => walk.via === null);
  const shuttle = walks.find((walk) => walk.via !== null);
  return [onFoot, shuttle].filter((walk): walk is PostingWalk => walk !== undefined);
}

const degrees = (n: number) => n.toFixed(5);

/** The pin in words: the exact point, or the area around it. */
export function pinText(pin: PostingPin): string {
  return pin.exact
    ? `Exact location: ${degrees(pin.latitude)}, ${degrees(pin.longitude)}`
    : `Approximate area: within about ${pin.radiusMeters ?? 200} m of ${degrees(pin.latitude)}, ${degrees(pin.longitude)} (the exact pin is shown once the group accepts your ping)`;
}
