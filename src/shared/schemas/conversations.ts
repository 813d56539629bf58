/**
 * Conversations (issue 19): after a ping, its sender and the posting's group talk here. The request
 * schemas are what the server validates with; the view types are what the API answers (the server's
 * routes declare the same shapes as zod answers, src/server/conversations/routes.ts). The model and
 * its rules: docs/decisions/0027.
 */

import {
  CONVERSATION_PAGE_SIZE,
  conversationMessages,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_MAX,
  MESSAGE_PAGE_SIZE,
} from '../conversation-messages';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from '../moderation';
import type { PingStatus } from '../options';
import type { MessageView } from './conversation-answers';
import { z } from './zod';

export {
  CLOSED_REASONS,
  type ClosedReason,
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_SIDES,
  type ConversationSide,
  conversationMessages,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_MAX,
  MESSAGE_PAGE_SIZE,
  REPORT_CONTEXT_MESSAGES,
  UNREAD_EMAIL_AFTER_MINUTES,
  UNREAD_EMAIL_EVERY_MINUTES,
} from '../conversation-messages';
// What the API answers: the types of the schemas its routes declare.
export type {
  BlockList,
  ConversationPage,
  ConversationPostingRef,
  ConversationSummary,
  ConversationView,
  MessageReportItem,
  MessageView,
  ParticipantView,
  ReadAnswer,
  SharedContact,
} from './conversation-answers';

/** POST /api/conversations/:id/messages. */
export const sendMessageSchema = z.object(
  {
    body: z
      .string({ error: conversationMessages.notText })
      .trim()
      .min(1, conversationMessages.empty)
      .max(MESSAGE_MAX_LENGTH, conversationMessages.tooLong),
    /**
     * Names this send: the page sends the same key again when it retries, and a key already saved
     * answers the saved message (200) instead of a second one.
     */
    clientKey: z.string().uuid(conversationMessages.badClientKey).optional(),
  },
  { error: conversationMessages.empty },
);

/** POST /api/conversations/:id/read: everything up to and including this message is read. */
export const markReadSchema = z.object({ seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

/** PUT /api/conversations/:id/share: which of the viewer's contact details this conversation shows. */
export const contactShareSchema = z.object({ email: z.boolean(), phone: z.boolean(), instagram: z.boolean() });
export type ContactShare = z.infer<typeof contactShareSchema>;

/** POST /api/conversations/:id/messages/:seq/report. */
export const messageReportSchema = z.object(
  {
    reason: z.enum(REPORT_REASONS, { error: conversationMessages.reportReason }),
    details: z
      .string({ error: conversationMessages.detailsText })
      .trim()
      .max(REPORT_DETAILS_MAX_LENGTH, conversationMessages.detailsTooLong)
      .optional()
      .transform((value) => (value ? value : null)),
  },
  { error: conversationMessages.reportReason },
);

/** The unread e-mails' unsubscribe link (no sign-in): ?user=&token=. */
export const unsubscribeQuerySchema = z.object({ user: z.string().min(1).max(100), token: z.string().min(1).max(200) });

/** PUT /api/me/conversation-settings. */
export const conversationSettingsSchema = z.object(
  { unreadEmail: z.boolean({ error: conversationMessages.settingsInvalid }) },
  { error: conversationMessages.settingsInvalid },
);
export type ConversationSettings = z.infer<typeof conversationSettingsSchema>;

/** `/:id/messages/:seq`. */
export const messageParamSchema = z.object({
  id: z.string().uuid(),
  seq: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
/** `/api/me/blocks/:userId` (account ids are opaque text). */
export const userParamSchema = z.object({ userId: z.string().min(1).max(100) });

/** GET /api/conversations/:id: `before` pages back, `after` catches up; both are message sequences. */
export const messagePageQuerySchema = z.object({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
});
export const conversationListQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(CONVERSATION_PAGE_SIZE),
});

/**
 * The live stream (GET /api/events, Server-Sent Events): every event's `id:` is its sequence,
 * sent back as `Last-Event-ID` on reconnect to receive exactly what was missed.
 */
export type LiveEvent =
  | { type: 'message'; data: { conversationId: string; message: MessageView } }
  | { type: 'unread'; data: { total: number } }
  /** The ping was answered, its posting Fulfilled, or it expired: refetch the conversation for its line. */
  | { type: 'conversation'; data: { conversationId: string; pingStatus: PingStatus } };
