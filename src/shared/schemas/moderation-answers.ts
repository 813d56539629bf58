/**
 * What the API answers about reports and moderation, as schemas and their types: the routes
 * declare them, the serializer checks each answer (strict objects), and the OpenAPI document is
 * made from them.
 */
import { MODERATION_ACTIONS, REPORT_REASONS } from '../moderation';
import { LISTING_LOCATIONS, POSTING_STATUSES } from '../options';
import { z } from './zod';

const iso = z.string();

const queueReportSchema = z.strictObject({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  reporterName: z.string(),
  createdAt: iso,
});
export type QueueReport = z.output<typeof queueReportSchema>;

const queueItemSchema = z.strictObject({
  posting: z.strictObject({
    id: z.string(),
    listingLocation: z.enum(LISTING_LOCATIONS),
    dorm: z.string().nullable(),
    address: z.string().nullable(),
    status: z.enum(POSTING_STATUSES),
    description: z.string().nullable(),
    adminName: z.string(),
    adminEmail: z.string(),
    adminUserId: z.string(),
    adminSuspended: z.boolean(),
    hidden: z
      .strictObject({ kind: z.enum(['auto', 'moderator', 'suspended']), reason: z.string().nullable(), at: iso })
      .nullable(),
    appealedAt: iso.nullable(),
  }),
  /** Different students with open reports. */
  reporterCount: z.number().int(),
  /** Open reports per reason. */
  reasons: z.array(z.strictObject({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  reports: z.array(queueReportSchema),
});
export type QueueItem = z.output<typeof queueItemSchema>;

const auditEntrySchema = z.strictObject({
  id: z.string(),
  action: z.enum([...MODERATION_ACTIONS, 'auto-hide']),
  /** The moderator's e-mail, or null for the automatic rule. */
  moderatorEmail: z.string().nullable(),
  postingId: z.string().nullable(),
  postingLabel: z.string().nullable(),
  targetEmail: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: iso,
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const moderationQueueSchema = z.strictObject({ items: z.array(queueItemSchema) });
export const moderationAuditSchema = z.strictObject({ items: z.array(auditEntrySchema) });
/** POST /api/postings/:id/reports: sent, and whether the posting is now hidden (enough reporters). */
export const reportAnswerSchema = z.strictObject({ reported: z.literal(true), hidden: z.boolean() });
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;
/** A moderator's action was carried out. */
export const moderationDoneSchema = z.strictObject({ done: z.literal(true) });
export type ModerationDone = z.infer<typeof moderationDoneSchema>;
