/**
 * Finding a typed address (issue 33): a signed-in student's search, counted against their
 * per-student limit, asked of the college's own geocoder. Without one configured there is nothing
 * to ask: the route answers 404, as for any address the site does not have.
 */
import { type GeocodeResult, geocodeMessages } from '../../shared/schemas/geocode';
import type { Database } from '../db/client';
import { AppError, errors } from '../http/errors';
import { spendLimit } from '../limits/student-limits';
import { type Geocoder, GeocoderError } from './geocoder';

export interface GeocodeService {
  find(userId: string, query: string): Promise<GeocodeResult[]>;
}

export function createGeocodeService({ db, geocoder }: { db: Database; geocoder: Geocoder | null }): GeocodeService {
  return {
    async find(userId, query) {
      if (!geocoder) throw errors.notFound(geocodeMessages.notConfigured.message, geocodeMessages.notConfigured.title);
      // Counted before the geocoder is asked, in a transaction of its own: the student's row is not
      // held locked while another service answers.
      await db.transaction((tx) => spendLimit(tx, userId, 'geocodes'));
      try {
        return await geocoder.search(query);
      } catch (error) {
        if (!(error instanceof GeocoderError)) throw error;
        const words = geocodeMessages[error.reason];
        throw error.reason === 'timeout'
          ? new AppError(504, 'GEOCODER_TIMEOUT', words.title, words.message)
          : new AppError(502, 'GEOCODER_FAILED', words.title, words.message);
      }
    },
  };
}
