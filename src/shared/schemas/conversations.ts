/**
 * Conversations (issue 19): after a ping, its sender and the posting's group talk here. The request
 * schemas are what the server validates with; the view types are what the API answers (the server's
 * routes declare the same shapes as zod answers, src/server/conversations/routes.ts). The model and
 * its rules: docs/decisions/0027.
 */
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS, type ReportReason } from '../moderation';
import type { PingStatus, PostingStatus } from '../options';
import { z } from './zod';

/** A message is text only, at most this many characters (after trimming). */
export const MESSAGE_MAX_LENGTH = 2_000;
/** Messages per page of one conversation (default and most). */
export const MESSAGE_PAGE_SIZE = 50;
export const MESSAGE_PAGE_MAX = 100;
/** Conversations per page of the list. */
export const CONVERSATION_PAGE_SIZE = 20;
/** How long a message may stay unread before its reader is e-mailed, and how often at most per conversation. */
export const UNREAD_EMAIL_AFTER_MINUTES = 10;
export const UNREAD_EMAIL_EVERY_MINUTES = 60;
/** Messages a moderator sees around a reported one. */
export const REPORT_CONTEXT_MESSAGES = 10;

/** Which side of the conversation a participant is on. */
export const CONVERSATION_SIDES = ['sender', 'group'] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

/** Why a conversation takes no new messages: the ping's end, or (without saying so) a block. */
export const CLOSED_REASONS = ['declined', 'expired', 'closed', 'unavailable'] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

/** The strings of conversations (exact; the UI shows what the server says). */
export const conversationMessages = {
  sendFailedTitle: 'Message Not Sent',
  notFound: { title: 'Conversation Not Found', message: 'This conversation does not exist or you are not part of it.' },
  messageNotFound: 'This message does not exist or has been removed.',
  empty: 'Please write a message.',
  tooLong: `Please keep your message to ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters or fewer.`,
  notText: 'A message must be text.',
  /** While the ping is pending, its sender writes again once the group has replied. */
  waitForGroup:
    'Your ping is waiting for the group. You can write again once someone in the group replies, or after they accept it.',
  /** The line a read-only conversation shows, and the refusal of a message to it. */
  closed: {
    declined: 'The group declined this ping, so this conversation is read-only.',
    expired: 'This ping expired without an answer, so this conversation is read-only.',
    closed: 'This posting was marked Fulfilled, so this conversation is read-only.',
    unavailable: 'This conversation is closed to new messages.',
  } satisfies Record<ClosedReason, string>,
  readFailed: 'That is not a message of this conversation.',
  reportTitle: 'Report Not Sent',
  reportReason: 'Please choose a reason for the report.',
  detailsText: 'Details must be text.',
  detailsTooLong: `Details must be at most ${REPORT_DETAILS_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  reportOwn: 'You cannot report your own message.',
  alreadyReported: 'You have already reported this message. A moderator will look at it.',
  blockTitle: 'Block Not Changed',
  blockSelf: 'You cannot block yourself.',
  blockNotFound: 'There is no such student.',
  deletedStudent: 'A deleted student',
  settingsTitle: 'Setting Not Saved',
  settingsInvalid: 'Choose whether to get e-mails about unread messages.',
  unsubscribeInvalid: {
    title: 'Link Not Valid',
    message: 'This unsubscribe link is not valid. Turn the e-mails off on your profile instead.',
  },
  unsubscribed: 'You will no longer get e-mails about unread messages. Turn them back on on your profile.',
  rateLimited: (max: number, minutes: number) => ({
    title: 'Too Many Messages',
    message: `You can send at most ${max} messages in ${minutes} minutes. Please wait a moment, then try again.`,
  }),
} as const;

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
