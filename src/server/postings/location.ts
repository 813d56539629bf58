/**
 * Where an off-campus posting is (issue 33), as saved and as shown: the approximate area's centre
 * drawn when the pin is placed or moved, the walking minutes computed on save, and the pin each
 * viewer may see.
 */
import { randomInt } from 'node:crypto';
import { can, type PinPlace, type Viewer } from '../../shared/authorization';
import { exactPin, type PinColumns, publicPin } from '../../shared/posting-pin';
import type { CollegeConfig } from '../../shared/schemas/college';
import type { PinBounds, PostingWrite } from '../../shared/schemas/posting';
import type { PostingPin } from '../../shared/schemas/posting-view';
import { areaCentre, nearestStop, walksTo } from '../../shared/walking';

/** The college config's places, stops and the bounds a pin must lie in. */
export interface CollegePlaces {
  campusPlaces: CollegeConfig['campusPlaces'];
  shuttleStops: CollegeConfig['shuttleStops'];
  /** The map's bounds, or undefined: anywhere on Earth. */
  pinBounds: PinBounds | undefined;
}

export const collegePlaces = (college: CollegeConfig): CollegePlaces => ({
  campusPlaces: college.campusPlaces,
  shuttleStops: college.shuttleStops,
  pinBounds: college.map?.bounds,
});

/** What is stored beside the posting's own fields when it is saved. */
export interface LocationWrite {
  pinAreaLatitude: number | null;
  pinAreaLongitude: number | null;
  walkStopKey: string | null;
  walkStopMinutes: number | null;
  /** Minutes to each campus place (rows of posting_walk). */
  walks: { placeKey: string; minutes: number }[];
}

const NO_LOCATION: LocationWrite = {
  pinAreaLatitude: null,
  pinAreaLongitude: null,
  walkStopKey: null,
  walkStopMinutes: null,
  walks: [],
};

/** A uniform random number in [0, 1) from the system's secure source (the area must not be guessable). */
const uniform = () => randomInt(0, 2 ** 32) / 2 ** 32;

interface StoredPin {
  pinLatitude: number | null;
  pinLongitude: number | null;
  pinAreaLatitude: number | null;
  pinAreaLongitude: number | null;
}

/**
 * The location columns of a save: a pin kept where it was keeps its area (a new draw on every edit
 * would let repeated saves be averaged back to the pin); a new or moved pin gets a new one.
 */
export function locationOf(write: PostingWrite, places: CollegePlaces, stored?: StoredPin): LocationWrite {
  if (write.pinLatitude === null || write.pinLongitude === null) return NO_LOCATION;
  const pin = { latitude: write.pinLatitude, longitude: write.pinLongitude };
  const kept =
    stored?.pinLatitude === pin.latitude &&
    stored.pinLongitude === pin.longitude &&
    stored.pinAreaLatitude !== null &&
    stored.pinAreaLongitude !== null;
  const area = kept
    ? { latitude: stored.pinAreaLatitude as number, longitude: stored.pinAreaLongitude as number }
    : areaCentre(pin, uniform(), uniform());
  const stop = nearestStop(pin, places.shuttleStops);
  return {
    pinAreaLatitude: area.latitude,
    pinAreaLongitude: area.longitude,
    walkStopKey: stop?.stop.key ?? null,
    walkStopMinutes: stop?.minutes ?? null,
    walks: walksTo(pin, places.campusPlaces),
  };
}

/** The pin as this viewer may see it (the shared vocabulary's 'posting.seeExactPin'). */
export function pinFor(
  viewer: Viewer | null,
  row: PinColumns,
  place: Omit<PinPlace, 'exactChosen'>,
): PostingPin | null {
  if (can(viewer, 'posting.seeExactPin', { ...place, exactChosen: row.pinExact })) return exactPin(row);
  return publicPin(row);
}
