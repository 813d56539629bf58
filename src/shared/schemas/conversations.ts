/**
 * Conversations (issue 19): after a ping, its sender and the posting's group talk here. The request
 * schemas are what the server validates with; the view types are what the API answers (the server's
 * routes declare the same shapes as zod answers, src/server/conversations/routes.ts). The model and
 * its rules: docs/decisions/0027.
 */

import {
  type ClosedReason,
  CONVERSATION_PAGE_SIZE,
  type ConversationSide,
  conversationMessages,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PAGE_MAX,
  MESSAGE_PAGE_SIZE,
} from '../conversation-messages';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '../moderation';
import type { PingStatus, PostingStatus } from '../options';
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

/** POST /api/conversations/:id/messages. */
export const sendMessageSchema = z.object(
  {
    body: z
      .string({ error: conversationMessages.notText })
      .trim()
      .min(1, conversationMessages.empty)
      .max(MESSAGE_MAX_LENGTH, conversationMessages.tooLong),
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

/** The posting a conversation is about. */
export interface ConversationPostingRef {
  id: string;
  /** The dorm's name or the address. */
  place: string;
  status: PostingStatus;
}

/** One message as a participant sees it. `seq` orders every message and is the read position. */
export interface MessageView {
  seq: number;
  conversationId: string;
  /** The sender's account id; null when the account was deleted. */
  senderId: string | null;
  /** The sender's name, or 'A deleted student'. */
  senderName: string;
  fromYou: boolean;
  /** Plain text, never HTML. */
  body: string;
  createdAt: string;
  /**
   * The message asks for money the way housing scams do (the college's `scamWarnings`): its reader
   * is shown the safety note (conversationMessages.scamWarning). Never true for its sender.
   */
  scamWarning: boolean;
}

/** A row of the conversation list. */
export interface ConversationSummary {
  id: string;
  pingId: string;
  posting: ConversationPostingRef;
  pingStatus: PingStatus;
  viewerSide: ConversationSide;
  /** The other side: the sender's name for the group, the admin's name for the sender. */
  otherParty: string;
  lastMessage: MessageView | null;
  unread: number;
}

export interface ConversationPage {
  items: ConversationSummary[];
  nextCursor: string | null;
}

/** The contact details a participant chose to show in this conversation (null: not shown, or none saved). */
export interface SharedContact {
  email: string | null;
  phone: string | null;
  instagram: string | null;
}

export interface ParticipantView {
  userId: string;
  name: string;
  side: ConversationSide;
  /** For the group's side: admin, co-admin or member; null for the sender. */
  role: 'admin' | 'coadmin' | 'member' | null;
  isYou: boolean;
  contact: SharedContact;
}

/** GET /api/conversations/:id. */
export interface ConversationView {
  id: string;
  pingId: string;
  posting: ConversationPostingRef;
  pingStatus: PingStatus;
  viewerSide: ConversationSide;
  participants: ParticipantView[];
  /** The viewer may send a message now. */
  writable: boolean;
  /** Why not, when the conversation is read-only for everyone (or for the viewer): the line to show. */
  closedReason: ClosedReason | null;
  closedLine: string | null;
  /** While pending, the sender may write again only after the group replied (conversationMessages.waitForGroup). */
  waitingForGroup: boolean;
  /** The viewer's read position. */
  readSeq: number;
  /** Oldest first; one page (see messagePageQuerySchema). */
  messages: MessageView[];
  /** More messages before the first one here. */
  hasEarlier: boolean;
  /** What the viewer shares in this conversation. */
  myShare: ContactShare;
}

/** POST /api/conversations/:id/read. */
export interface ReadAnswer {
  readSeq: number;
  /** Unread messages left in all of the viewer's conversations. */
  total: number;
}

export interface UnreadCount {
  count: number;
}

export interface BlockView {
  userId: string;
  name: string;
  blockedAt: string;
}

export interface BlockList {
  items: BlockView[];
}

/** A reported message in the moderators' queue, with the conversation's recent messages. */
export interface MessageReportItem {
  id: string;
  reason: ReportReason;
  details: string | null;
  reporterName: string;
  createdAt: string;
  message: MessageView;
  conversationId: string;
  posting: ConversationPostingRef;
  /** Messages up to the reported one (REPORT_CONTEXT_MESSAGES), oldest first. */
  context: MessageView[];
}

/**
 * The live stream (GET /api/events, Server-Sent Events): every event's `id:` is its sequence,
 * sent back as `Last-Event-ID` on reconnect to receive exactly what was missed.
 */
export type LiveEvent =
  | { type: 'message'; data: { conversationId: string; message: MessageView } }
  | { type: 'unread'; data: { total: number } }
  /** The ping was answered, its posting Fulfilled, or it expired: refetch the conversation for its line. */
  | { type: 'conversation'; data: { conversationId: string; pingStatus: PingStatus } };
