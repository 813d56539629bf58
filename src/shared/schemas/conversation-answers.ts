/**
 * What the API answers about conversations (conversations.ts's types), as schemas: the routes
 * declare them, the serializer checks each answer (strict objects), and the OpenAPI document is
 * made from them (decision 0026).
 */
import { REPORT_REASONS } from '../moderation';
import { PING_STATUSES, POSTING_STATUSES } from '../options';
import {
  type BlockList,
  CLOSED_REASONS,
  CONVERSATION_SIDES,
  type ContactShare,
  type ConversationPage,
  type ConversationPostingRef,
  type ConversationSettings,
  type ConversationSummary,
  type ConversationView,
  type MessageReportItem,
  type MessageView,
  type ParticipantView,
  type ReadAnswer,
} from './conversations';
import { z } from './zod';

const postingRefSchema = z.strictObject({
  id: z.string(),
  place: z.string(),
  status: z.enum(POSTING_STATUSES),
}) satisfies z.ZodType<ConversationPostingRef>;

export const messageViewSchema = z.strictObject({
  seq: z.number().int(),
  conversationId: z.string(),
  senderId: z.string().nullable(),
  senderName: z.string(),
  fromYou: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  scamWarning: z.boolean(),
}) satisfies z.ZodType<MessageView>;

const summarySchema = z.strictObject({
  id: z.string(),
  pingId: z.string(),
  posting: postingRefSchema,
  pingStatus: z.enum(PING_STATUSES),
  viewerSide: z.enum(CONVERSATION_SIDES),
  otherParty: z.string(),
  lastMessage: messageViewSchema.nullable(),
  unread: z.number().int(),
}) satisfies z.ZodType<ConversationSummary>;

export const conversationPageSchema = z.strictObject({
  items: z.array(summarySchema),
  nextCursor: z.string().nullable(),
}) satisfies z.ZodType<ConversationPage>;

export const contactShareAnswerSchema = z.strictObject({
  email: z.boolean(),
  phone: z.boolean(),
  instagram: z.boolean(),
}) satisfies z.ZodType<ContactShare>;

const participantSchema = z.strictObject({
  userId: z.string(),
  name: z.string(),
  side: z.enum(CONVERSATION_SIDES),
  role: z.enum(['admin', 'coadmin', 'member']).nullable(),
  isYou: z.boolean(),
  contact: z.strictObject({
    email: z.string().nullable(),
    phone: z.string().nullable(),
    instagram: z.string().nullable(),
  }),
}) satisfies z.ZodType<ParticipantView>;

export const conversationViewSchema = z.strictObject({
  id: z.string(),
  pingId: z.string(),
  posting: postingRefSchema,
  pingStatus: z.enum(PING_STATUSES),
  viewerSide: z.enum(CONVERSATION_SIDES),
  participants: z.array(participantSchema),
  writable: z.boolean(),
  closedReason: z.enum(CLOSED_REASONS).nullable(),
  closedLine: z.string().nullable(),
  waitingForGroup: z.boolean(),
  readSeq: z.number().int(),
  messages: z.array(messageViewSchema),
  hasEarlier: z.boolean(),
  myShare: contactShareAnswerSchema,
}) satisfies z.ZodType<ConversationView>;

export const readAnswerSchema = z.strictObject({
  readSeq: z.number().int(),
  total: z.number().int(),
}) satisfies z.ZodType<ReadAnswer>;

export const blockListSchema = z.strictObject({
  items: z.array(z.strictObject({ userId: z.string(), name: z.string(), blockedAt: z.string() })),
}) satisfies z.ZodType<BlockList>;

export const conversationSettingsAnswerSchema = z.strictObject({
  unreadEmail: z.boolean(),
}) satisfies z.ZodType<ConversationSettings>;

const reportItemSchema = z.strictObject({
  id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  reporterName: z.string(),
  createdAt: z.string(),
  message: messageViewSchema,
  conversationId: z.string(),
  posting: postingRefSchema,
  context: z.array(messageViewSchema),
}) satisfies z.ZodType<MessageReportItem>;

export const messageReportListSchema = z.strictObject({ items: z.array(reportItemSchema) });
