/**
 * What the API answers about conversations, as schemas and their types: the routes
 * declare them, the serializer checks each answer (strict objects), and the OpenAPI document is
 * made from them (decision 0026).
 */
import { REPORT_REASONS } from '../moderation';
import { PING_STATUSES, POSTING_STATUSES } from '../options';
import { CLOSED_REASONS, CONVERSATION_SIDES, type ContactShare, type ConversationSettings } from './conversations';
import { z } from './zod';

const postingRefSchema = z.strictObject({
  id: z.string(),
  /** The dorm's name or the address. */
  place: z.string(),
  status: z.enum(POSTING_STATUSES),
});
/** The posting a conversation is about. */
export type ConversationPostingRef = z.output<typeof postingRefSchema>;

export const messageViewSchema = z.strictObject({
  seq: z.number().int(),
  conversationId: z.string(),
  /** The sender's account id; null when the account was deleted. */
  senderId: z.string().nullable(),
  /** The sender's name, or 'A deleted student'. */
  senderName: z.string(),
  fromYou: z.boolean(),
  /** Plain text, never HTML. */
  body: z.string(),
  createdAt: z.string(),
  /**
   * The message asks for money the way housing scams do (the college's `scamWarnings`): its reader
   * is shown the safety note (conversationMessages.scamWarning). Never true for its sender.
   */
  scamWarning: z.boolean(),
});
/** One message as a participant sees it. `seq` orders every message and is the read position. */
export type MessageView = z.output<typeof messageViewSchema>;

const summarySchema = z.strictObject({
  id: z.string(),
  pingId: z.string(),
  posting: postingRefSchema,
  pingStatus: z.enum(PING_STATUSES),
  viewerSide: z.enum(CONVERSATION_SIDES),
  /** The other side: the sender's name for the group, the admin's name for the sender. */
  otherParty: z.string(),
  lastMessage: messageViewSchema.nullable(),
  unread: z.number().int(),
});
/** A row of the conversation list. */
export type ConversationSummary = z.output<typeof summarySchema>;

export const conversationPageSchema = z.strictObject({
  items: z.array(summarySchema),
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.output<typeof conversationPageSchema>;

export const contactShareAnswerSchema = z.strictObject({
  email: z.boolean(),
  phone: z.boolean(),
  instagram: z.boolean(),
}) satisfies z.ZodType<ContactShare>;

const sharedContactSchema = z.strictObject({
  email: z.string().nullable(),
  phone: z.string().nullable(),
  instagram: z.string().nullable(),
});
/** The contact details a participant chose to show in this conversation (null: not shown, or none saved). */
export type SharedContact = z.output<typeof sharedContactSchema>;

const participantSchema = z.strictObject({
  userId: z.string(),
  name: z.string(),
  side: z.enum(CONVERSATION_SIDES),
  /** For the group's side: admin, co-admin or member; null for the sender. */
  role: z.enum(['admin', 'coadmin', 'member']).nullable(),
  isYou: z.boolean(),
  contact: sharedContactSchema,
});
export type ParticipantView = z.output<typeof participantSchema>;

export const conversationViewSchema = z.strictObject({
  id: z.string(),
  pingId: z.string(),
  posting: postingRefSchema,
  pingStatus: z.enum(PING_STATUSES),
  viewerSide: z.enum(CONVERSATION_SIDES),
  participants: z.array(participantSchema),
  /** The viewer may send a message now. */
  writable: z.boolean(),
  /** Why not, when the conversation is read-only for everyone (or for the viewer): the line to show. */
  closedReason: z.enum(CLOSED_REASONS).nullable(),
  closedLine: z.string().nullable(),
  /** While pending, the sender may write again only after the group replied (conversationMessages.waitForGroup). */
  waitingForGroup: z.boolean(),
  /** The viewer's read position. */
  readSeq: z.number().int(),
  /** Oldest first; one page (see messagePageQuerySchema). */
  messages: z.array(messageViewSchema),
  /** More messages before the first one here. */
  hasEarlier: z.boolean(),
  /** What the viewer shares in this conversation. */
  myShare: contactShareAnswerSchema,
});
/** GET /api/conversations/:id. */
export type ConversationView = z.output<typeof conversationViewSchema>;

export const readAnswerSchema = z.strictObject({
  readSeq: z.number().int(),
  /** Unread messages left in all of the viewer's conversations. */
  total: z.number().int(),
});
/** POST /api/conversations/:id/read. */
export type ReadAnswer = z.output<typeof readAnswerSchema>;

export const blockListSchema = z.strictObject({
  items: z.array(z.strictObject({ userId: z.string(), name: z.string(), blockedAt: z.string() })),
});
export type BlockList = z.output<typeof blockListSchema>;

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
  /** Messages up to the reported one (REPORT_CONTEXT_MESSAGES), oldest first. */
  context: z.array(messageViewSchema),
});
/** A reported message in the moderators' queue, with the conversation's recent messages. */
export type MessageReportItem = z.output<typeof reportItemSchema>;

export const messageReportListSchema = z.strictObject({ items: z.array(reportItemSchema) });
