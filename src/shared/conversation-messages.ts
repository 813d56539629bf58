/**
 * Conversations' limits and strings (issue 19), apart from the zod schemas so that the Messages
 * page loads them without zod (its first-load budget). schemas/conversations.ts re-exports them.
 */
import { REPORT_DETAILS_MAX_LENGTH } from './moderation';

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
  /** A live stream refused because this server holds as many as it may (503, Retry-After). */
  liveBusy: {
    title: 'Live Updates Busy',
    message: 'Live updates are busy right now. This page will reconnect by itself in a few seconds.',
  },
  notFound: { title: 'Conversation Not Found', message: 'This conversation does not exist or you are not part of it.' },
  messageNotFound: 'This message does not exist or has been removed.',
  empty: 'Please write a message.',
  tooLong: `Please keep your message to ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters or fewer.`,
  notText: 'A message must be text.',
  /** A retried send names itself with the key its page made (not something a person types). */
  badClientKey: 'This message could not be sent. Please reload the page and try again.',
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
  /** Said after an Unblock, in the page or, without the scripts, as the profile's notice. */
  unblocked: 'The student is no longer blocked. They can write to you and ping your postings again.',
  blockSelf: 'You cannot block yourself.',
  blockNotFound: 'There is no such student.',
  deletedStudent: 'A deleted student',
  /** Under a message that asks for money the way housing scams do (issue 30): its reader's only. */
  scamWarning: {
    label: 'Safety note',
    note: 'Be careful: never send money, a deposit or gift cards before you have seen the place and met the people. Report this message if it asks you to.',
    report: 'Report this message',
    /** In the unread-message e-mail, when a message it quotes is flagged. */
    mail: 'Be careful: never send money, a deposit or gift cards before you have seen the place and met the people. If a message here asks you to, open the conversation and report it.',
  },
  settingsTitle: 'Setting Not Saved',
  settingsInvalid: 'Choose whether to get e-mails about unread messages.',
  unsubscribeInvalid: {
    title: 'Link Not Valid',
    message: 'This unsubscribe link is not valid. Turn the e-mails off on your profile instead.',
  },
  unsubscribed: 'You will no longer get e-mails about unread messages. Turn them back on on your profile.',
  unsubscribePage: {
    title: 'E-mails About Unread Messages',
    question: 'Stop the e-mails that tell you about messages you have not read? Your conversations stay as they are.',
    button: 'Turn off these e-mails',
    busy: 'Turning off...',
  },
  rateLimited: (max: number, minutes: number) => ({
    title: 'Too Many Messages',
    message: `You can send at most ${max} messages in ${minutes} minutes. Please wait a moment, then try again.`,
  }),
} as const;
