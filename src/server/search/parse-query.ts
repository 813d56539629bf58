import type { z } from 'zod';
import { messages } from '../../shared/messages';
import { AppError } from '../http/errors';

/** A query string that does not parse is the one 400 shape, with one detail per bad field. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const details = parsed.error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw new AppError(400, 'VALIDATION_FAILED', messages.api.badRequest.title, messages.api.badRequest.message, details);
}
