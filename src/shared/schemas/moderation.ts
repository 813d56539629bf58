/**
 * Reports and the moderators' queue (issue 14): what a report and a moderator's action send,
 * validated on the server. The constants and answer types are in ../moderation.ts (no zod).
 */

import {
  MODERATION_REASON_MAX_LENGTH,
  moderationMessages,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
} from '../moderation';
import { z } from './zod';

export * from '../moderation';

export const reportRequestSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: moderationMessages.reasonMissing }),
  details: z
    .string({ error: 'Details must be text.' })
    .trim()
    .max(REPORT_DETAILS_MAX_LENGTH, `Details must be at most ${REPORT_DETAILS_MAX_LENGTH} characters.`)
    .optional()
    .transform((value) => (value ? value : null)),
});

/** Why a moderator acts: required to hide or suspend, optional to dismiss. */
export const moderationRequestSchema = z.object({
  reason: z
    .string({ error: 'The reason must be text.' })
    .trim()
    .max(MODERATION_REASON_MAX_LENGTH, `The reason must be at most ${MODERATION_REASON_MAX_LENGTH} characters.`)
    .default(''),
});
