/** Path parameters shared by routes: ids are UUIDs (a malformed one is a 400, never a 500). */
import { z } from './zod';

const uuidSchema = z.string().uuid();

/** `/:id` where the id is a UUID. */
export const idParamSchema = z.object({ id: uuidSchema });

/** `/:id/members/:memberId`: a posting and one of its member rows. */
export const memberParamSchema = z.object({ id: uuidSchema, memberId: uuidSchema });

/** `/:token`: an opaque link token (bounded). */
export const tokenParamSchema = z.object({ token: z.string().min(1).max(200) });
