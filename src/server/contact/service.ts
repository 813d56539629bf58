import { messages } from '../../shared/messages';
import type { ContactMessageInput } from '../../shared/schemas/contact';
import type { Database } from '../db/client';
import { AppError } from '../http/errors';
import type { Mailer } from '../mail/mailer';
import { renderMail } from '../mail/mailer';
import { insertContactMessage } from './queries';

export interface ContactDeps {
  db: Database;
  mailer: Mailer;
  productName: string;
  contactTo: string;
}

/**
 * Keeps the message first (so nothing is lost if mail fails), then forwards it to the team with
 * the sender as Reply-To. A mail failure still fails the request so the sender knows to retry.
 */
export async function sendContactMessage(deps: ContactDeps, input: ContactMessageInput, userId: string | null) {
  await insertContactMessage(deps.db, { ...input, userId });
  const body = renderMail({
    productName: deps.productName,
    paragraphs: [`New message from ${input.name} <${input.email}> through the contact form:`, input.message],
  });
  try {
    await deps.mailer.send({
      to: deps.contactTo,
      replyTo: input.email,
      subject: `${deps.productName} contact form: ${input.name}`,
      ...body,
    });
  } catch (error) {
    throw Object.assign(
      new AppError(502, 'MAIL_FAILED', messages.contact.failed, messages.contact.failedMessage(deps.contactTo)),
      { cause: error },
    );
  }
}
