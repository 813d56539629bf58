/**
 * The one error shape as a schema and its type, for the API's answers: every route declares it for
 * its 4xx and 5xx answers, so the OpenAPI document says what a refusal looks like and the
 * serializer checks each one. The schema is the server's only; the client reads errors with
 * isApiErrorBody (src/shared/api-error.ts) and throws them as one ApiError (src/client/api/client.ts).
 */
import { z } from './zod';

const apiErrorSchema = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    title: z.string(),
    message: z.string(),
    details: z.array(z.string()).optional(),
  }),
});
/** The one error shape every API error has (docs/architecture.md, API). */
export type ApiErrorBody = z.output<typeof apiErrorSchema>;

/** Spread into a route's `response`: what its refusals and failures answer. */
export const problemAnswers = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;
