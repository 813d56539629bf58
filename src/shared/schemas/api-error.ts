/**
 * The one error shape (src/shared/api-error.ts) as a schema, for the API's answers: every route
 * declares it for its 4xx and 5xx answers, so the OpenAPI document says what a refusal looks like
 * and the serializer checks each one. Server side only (the client reads errors with isApiErrorBody).
 */
import type { ApiErrorBody } from '../api-error';
import { z } from './zod';

const apiErrorSchema = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    title: z.string(),
    message: z.string(),
    details: z.array(z.string()).optional(),
  }),
}) satisfies z.ZodType<ApiErrorBody>;

/** Spread into a route's `response`: what its refusals and failures answer. */
export const problemAnswers = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;
