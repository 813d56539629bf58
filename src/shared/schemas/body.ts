/** Request-body helpers shared by the routes' schemas. */
import { z } from './zod';

/**
 * A JSON body that may be left out: no body (or null) reads as {}, so each field then says what it
 * misses in the form's own words, rather than one "expected an object".
 */
export const orEmptyBody = <S extends z.ZodType>(schema: S) => z.preprocess((value) => value ?? {}, schema);
