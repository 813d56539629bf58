/**
 * Walking minutes (issue 33): the straight-line distance between two points times a detour factor,
 * at a steady walking pace, rounded to 5 minutes and shown as approximate ("≈ 10 min walk to Main
 * Campus"). Computed when a posting is saved and stored with it: no routing at request time.
 */

/** Streets are not straight lines: a walk is about 1.3 times the distance as the crow flies. */
export const DETOUR_FACTOR = 1.3;
/** Metres a minute at an ordinary walking pace. */
export const WALKING_METRES_PER_MINUTE = 80;
/** Minutes are shown in steps of this many, never as a false precision. */
export const MINUTES_STEP = 5;
/** The mean radius of the Earth, in metres. */
const EARTH_RADIUS_METRES = 6_371_008.8;

export interface Point {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in metres (the haversine formula). */
export function distanceMetres(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Minutes on foot for a straight-line distance, rounded to the nearest 5 (at least 5: never "0 min"). */
export function walkingMinutesFor(metres: number): number {
  const minutes = (metres * DETOUR_FACTOR) / WALKING_METRES_PER_MINUTE;
  return Math.max(MINUTES_STEP, Math.round(minutes / MINUTES_STEP) * MINUTES_STEP);
}

/** Minutes on foot from one point to another. */
export function walkingMinutes(from: Point, to: Point): number {
  return walkingMinutesFor(distanceMetres(from, to));
}

export interface NamedPoint extends Point {
  key: string;
}

/** The walk from a posting's pin to each place, in the places' order. */
export function walksTo(pin: Point, places: readonly NamedPoint[]): { placeKey: string; minutes: number }[] {
  return places.map((place) => ({ placeKey: place.key, minutes: walkingMinutes(pin, place) }));
}

/** The stop nearest the pin on foot (the first of equals), with the walk to it; null without stops. */
export function nearestStop<Stop extends NamedPoint>(
  pin: Point,
  stops: readonly Stop[],
): { stop: Stop; minutes: number } | null {
  let best: { stop: Stop; metres: number } | null = null;
  for (const stop of stops) {
    const metres = distanceMetres(pin, stop);
    if (best === null || metres < best.metres) best = { stop, metres };
  }
  return best && { stop: best.stop, minutes: walkingMinutesFor(best.metres) };
}

/** The stored walks of one posting: minutes to each campus place by key, and to its nearest stop. */
export interface StoredWalks {
  places: readonly { placeKey: string; minutes: number }[];
  stopKey: string | null;
  stopMinutes: number | null;
}

/** The places and stops of the college config, as walks are named from them. */
export interface WalkPlaces {
  campusPlaces: readonly { key: string; name: string }[];
  shuttleStops: readonly { key: string; name: string; rideMinutes: number }[];
}

export interface WalkView {
  placeKey: string;
  placeName: string;
  minutes: number;
  via: { stopName: string; rideMinutes: number } | null;
}

/**
 * The walks a posting shows: each configured place on foot, nearest first (equals in the config's
 * order), then the nearest shuttle stop and its ride to the first place. A place or stop the config
 * no longer names is left out.
 */
export function toWalkViews(stored: StoredWalks, config: WalkPlaces): WalkView[] {
  const order = new Map(config.campusPlaces.map((place, i) => [place.key, i]));
  const names = new Map(config.campusPlaces.map((place) => [place.key, place.name]));
  const onFoot: WalkView[] = stored.places
    .filter((walk) => names.has(walk.placeKey))
    .sort((a, b) => a.minutes - b.minutes || (order.get(a.placeKey) ?? 0) - (order.get(b.placeKey) ?? 0))
    .map((walk) => ({
      placeKey: walk.placeKey,
      placeName: names.get(walk.placeKey) ?? '',
      minutes: walk.minutes,
      via: null,
    }));
  const stop = config.shuttleStops.find((s) => s.key === stored.stopKey);
  const first = config.campusPlaces[0];
  if (stop && first && stored.stopMinutes !== null) {
    onFoot.push({
      placeKey: first.key,
      placeName: first.name,
      minutes: stored.stopMinutes,
      via: { stopName: stop.name, rideMinutes: stop.rideMinutes },
    });
  }
  return onFoot;
}

/** The approximate area others see: a circle of this radius around a point near the pin. */
export const PIN_AREA_RADIUS_METRES = 200;
/** The area's centre lies at most this far from the pin, so the circle always holds it. */
export const PIN_AREA_OFFSET_METRES = 150;

const METRES_PER_DEGREE_LATITUDE = (Math.PI * EARTH_RADIUS_METRES) / 180;

/**
 * A point `metres` from `from` in the direction `bearing` (radians, clockwise from north); flat-Earth
 * arithmetic, exact enough over a few hundred metres.
 */
export function offsetPoint(from: Point, metres: number, bearing: number): Point {
  const north = metres * Math.cos(bearing);
  const east = metres * Math.sin(bearing);
  return {
    latitude: from.latitude + north / METRES_PER_DEGREE_LATITUDE,
    longitude: from.longitude + east / (METRES_PER_DEGREE_LATITUDE * Math.cos(radians(from.latitude))),
  };
}

/**
 * The centre of a pin's approximate area from two uniform random numbers in [0, 1): a point spread
 * evenly over the disc of PIN_AREA_OFFSET_METRES around the pin.
 */
export function areaCentre(pin: Point, u: number, v: number): Point {
  return offsetPoint(pin, PIN_AREA_OFFSET_METRES * Math.sqrt(u), 2 * Math.PI * v);
}
