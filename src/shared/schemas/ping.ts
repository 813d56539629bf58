/** Ping Interest: what the form sends, what the admin answers, and what the lists show. */

import { messages } from '../messages';
import { PING_MESSAGE_MAX_LENGTH } from '../options';
import { pingMessages } from '../ping-messages';
import { z } from './zod';

// What the lists show: the types of the schemas the routes answer with.
export type { PingPostingRef, ReceivedPing, SentPing } from './ping-answers';
export type { ViewerPing } from './posting-answers';

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

export interface PingPage<Item> {
  items: Item[];
  nextCursor: string | null;
}
