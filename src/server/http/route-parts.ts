import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Viewer } from '../auth/session';
import { AppError, errors } from './errors';

/** The signed-in viewer, whom the route's preHandler has already required. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw errors.unauthorized();
  return request.viewer;
}

/** A body that does not parse: the form's own title, one detail per distinct problem. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, title: string): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const details = [...new Set(parsed.error.issues.map((issue) => issue.message))];
  throw new AppError(400, 'VALIDATION_FAILED', title, details.join('\n'), details);
}
