/**
 * A posting's pin as an answer shows it (issue 33): the exact point, or the centre of the area of
 * PIN_AREA_RADIUS_METRES that holds it. Who sees which is the shared vocabulary's
 * 'posting.seeExactPin' (authorization.ts).
 */
import type { PostingPin } from './schemas/posting-view';
import { PIN_AREA_RADIUS_METRES } from './walking';

/** A posting row's pin columns. */
export interface PinColumns {
  pinLatitude: number | null;
  pinLongitude: number | null;
  pinExact: boolean;
  pinAreaLatitude: number | null;
  pinAreaLongitude: number | null;
}

/** The exact pin, or null without one. */
export function exactPin(row: PinColumns): PostingPin | null {
  if (row.pinLatitude === null || row.pinLongitude === null) return null;
  return { latitude: row.pinLatitude, longitude: row.pinLongitude, exact: true, radiusMeters: null };
}

/** The pin everyone may see: exact when the admin chose it, else the area's centre; null without a pin. */
export function publicPin(row: PinColumns): PostingPin | null {
  if (row.pinExact) return exactPin(row);
  if (row.pinLatitude === null || row.pinAreaLatitude === null || row.pinAreaLongitude === null) return null;
  return {
    latitude: row.pinAreaLatitude,
    longitude: row.pinAreaLongitude,
    exact: false,
    radiusMeters: PIN_AREA_RADIUS_METRES,
  };
}
