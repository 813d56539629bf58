/**
 * Finding a typed address on the map (issue 33): GET /api/map/geocode asks the college's own
 * geocoder (`map.geocoder` in the college config) and answers the places it found inside the map's
 * bounds, for the posting editor to fill the pin's fields with.
 */
import { z } from './zod';

/** The longest address asked for, the most places answered, and the longest label of one. */
export const GEOCODE_LIMITS = { query: 200, results: 5, label: 200 } as const;

export const geocodeQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(3, 'Type at least 3 characters of the address.')
    .max(GEOCODE_LIMITS.query, `Keep the address under ${GEOCODE_LIMITS.query} characters.`),
});

export const geocodeResultSchema = z.strictObject({
  /** What the geocoder calls the place (its address), cut to GEOCODE_LIMITS.label characters. */
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type GeocodeResult = z.output<typeof geocodeResultSchema>;

export const geocodeAnswerSchema = z.strictObject({
  results: z.array(geocodeResultSchema).max(GEOCODE_LIMITS.results),
});
export type GeocodeAnswer = z.output<typeof geocodeAnswerSchema>;

/** The sentences of the address search. */
export const geocodeMessages = {
  timeout: {
    title: 'Address Search Too Slow',
    message: 'The address search took too long to answer. Please try again, or place the pin with the fields.',
  },
  failed: {
    title: 'Address Search Unavailable',
    message: 'The address search is not answering right now. Please try again later, or place the pin with the fields.',
  },
  notConfigured: {
    title: 'Not Found',
    message: 'This site has no address search.',
  },
  /** In the editor, when nothing inside the map's area matched. */
  none: 'No place inside the map’s area matches this address.',
} as const;
