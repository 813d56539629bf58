/** Path parameters shared by routes: ids are UUIDs (a malformed one is a 400, never a 500). */
import { z } from './zod';

const uuidSchema = z.string().uuid();

/** `/:id` where the id is a UUID. */
export const idParamSchema = z.object({ id: uuidSchema });

/** `/:id/members/:memberId`: a posting and one of its member rows. */
export const memberParamSchema = z.object({ id: uuidSchema, memberId: uuidSchema });

/** `/:token`: an opaque link token (bounded). */
export const tokenParamSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * `/:id` of a record that is looked up (a posting, a ping, a saved search): an unknown or
 * malformed id answers the feature's own 404 (the "not found" words of docs/product-spec.md), so any text is let
 * through to the service, which tells a well-formed id with isUuid. Fastify's router refuses a
 * parameter over 100 characters before this.
 */
export const lookupIdParamSchema = z.object({ id: z.string() });
