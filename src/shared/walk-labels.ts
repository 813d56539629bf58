/**
 * How a walk is said (issue 33), apart from walking.ts so that the cards carry the words and not
 * the geometry.
 */

/** "≈ 10 min walk to Main Campus". */
export const walkLabel = (minutes: number, placeName: string) => `≈ ${minutes} min walk to ${placeName}`;

/** "≈ 5 min walk to the Cleveland Circle shuttle stop, then 8 min ride to Main Campus". */
export const shuttleLabel = (walkMinutes: number, stopName: string, rideMinutes: number, placeName: string) =>
  `≈ ${walkMinutes} min walk to the ${stopName} shuttle stop, then ${rideMinutes} min ride to ${placeName}`;
