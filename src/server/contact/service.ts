import { messages } from '../../shared/messages';
import type { ContactMessageInput } from '../../shared/schemas/contact';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import { renderMail } from '../mail/mailer';
import { enqueueMail } from '../mail/outbox';
import { insertContactMessage } from './queries';

export interface ContactDeps {
  db: Database;
  productName: string;
  contactTo: string;
}

/**
 * Keeps the message and its e-mail to the team (the sender as Reply-To) in one transaction: once
 * the sender sees 'Message Sent!', the outbox delivers it, however long the mail server is down.
 */
export async function sendContactMessage(deps: ContactDeps, input: ContactMessageInput, userId: string | null) {
  const body = renderMail({
    productName: deps.productName,
    paragraphs: [`New message from ${input.name} <${input.email}> through the contact form:`, input.message],
  });
  try {
    await deps.db.transaction(async (tx) => {
      await insertContactMessage(tx, { ...input, userId });
      await enqueueMail(tx, [
        {
          kind: 'contact',
          to: deps.contactTo,
          replyTo: input.email,
          subject: `${deps.productName} contact form: ${input.name}`,
          ...body,
        },
      ]);
    });
  } catch (error) {
    throw Object.assign(
      new AppError(500, 'CONTACT_FAILED', messages.contact.failed, messages.contact.failedMessage(deps.contactTo)),
      { cause: error },
    );
  }
}
