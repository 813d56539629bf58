/** Ping Interest: what the form sends, what the admin answers, and what the lists show. */

import { messages } from '../messages';
import { type ListingLocation, PING_MESSAGE_MAX_LENGTH, type PingStatus, type PostingStatus } from '../options';
import { pingMessages } from '../ping-messages';
import { z } from './zod';

/** The form: the sender's name and e-mail come from their account, so only the message is sent. */
export const pingRequestSchema = z.object(
  {
    message: z
      .string({ error: messages.api.badRequest.message })
      .trim()
      .max(PING_MESSAGE_MAX_LENGTH, pingMessages.messageTooLong(PING_MESSAGE_MAX_LENGTH))
      .optional()
      .default(''),
  },
  { error: messages.api.badRequest.message },
);

/** The admin's answer to a pending ping. */
export const pingAnswerSchema = z.object(
  { status: z.enum(['accepted', 'declined'], pingMessages.badAnswer) },
  { error: pingMessages.badAnswer },
);
export type PingAnswer = z.infer<typeof pingAnswerSchema>['status'];

/** The posting a ping is about, enough to name it and link to it. */
export interface PingPostingRef {
  id: string;
  listingLocation: ListingLocation;
  dorm: string | null;
  address: string | null;
  status: PostingStatus;
}

/** A ping in the admin's inbox. */
export interface ReceivedPing {
  id: string;
  posting: PingPostingRef;
  senderName: string;
  senderEmail: string;
  message: string | null;
  status: PingStatus;
  createdAt: string;
  answeredAt: string | null;
  /** The viewer may accept or decline it (the group's admin or a co-admin); a member reads it only. */
  viewerMayAnswer: boolean;
  /** Its conversation (issue 19): GET /api/conversations/:id; null only for a ping written outside the API. */
  conversationId: string | null;
}

/** A ping in the sender's list. */
export interface SentPing {
  id: string;
  posting: PingPostingRef;
  message: string | null;
  status: PingStatus;
  createdAt: string;
  answeredAt: string | null;
  /** Its conversation (issue 19): GET /api/conversations/:id; null only for a ping written outside the API. */
  conversationId: string | null;
}

export interface PingPage<Item> {
  items: Item[];
  nextCursor: string | null;
}

/** The viewer's latest ping of one posting, on the detail view. */
export interface ViewerPing {
  id: string;
  status: PingStatus;
  createdAt: string;
}
