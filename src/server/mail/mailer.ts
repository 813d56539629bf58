import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { escapeHtml } from '../http/escape-html';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** HTML body; build it with `renderMail` so user text is escaped. */
  html: string;
  replyTo?: string;
  /** The main link the message carries, shown in the file mailbox's log line. */
  link?: string;
  /** Extra header lines, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * A stable Message-ID (the outbox row's id): should a crash ever repeat a delivery that the
   * server had already accepted, the receiving side sees the same message, not a new one.
   */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * Bounds on one SMTP delivery. The outbox lease (src/server/mail/outbox.ts) is longer than their
 * sum, so no other worker can claim a message while a delivery of it is still in flight.
 */
export const SMTP_TIMEOUTS_MS = { connection: 10_000, greeting: 10_000, socket: 30_000 } as const;

/** nodemailer over SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUTS_MS.connection,
    greetingTimeout: SMTP_TIMEOUTS_MS.greeting,
    socketTimeout: SMTP_TIMEOUTS_MS.socket,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
        headers: message.headers,
        messageId: message.messageId,
      });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * The file mailbox's summary of one message as a block that stands out among one-line request
 * logs, each field on its own line: the link alone at the end of its line, so a terminal makes it
 * clickable.
 */
function mailBanner(message: Pick<MailMessage, 'to' | 'subject' | 'link'>, file: string): string {
  const rule = '─'.repeat(60);
  return [
    `✉ MAIL ${rule}`,
    `│ To:      ${message.to}`,
    `│ Subject: ${message.subject}`,
    ...(message.link ? [`│ Link:    ${message.link}`] : []),
    `│ Saved:   ${file}`,
    `└${rule}──────`,
  ].join('\n');
}

/**
 * Without SMTP_URL: each message is written to DATA_DIR/mailbox as an .eml file (0600: it holds
 * sign-in links) and summarised on the log. `development`: the summary is a block of its own
 * (`mailBanner`) with the message's link, so a newcomer on the embedded defaults can follow it.
 * Elsewhere the log names recipient, subject and file but never the link: a log is read by more
 * people than a mailbox, and a verification or reset link opens the account.
 */
export function createFileMailer(
  mailboxDir: string,
  from: string,
  log: Pick<FastifyBaseLogger, 'info'>,
  { development = false }: { development?: boolean } = {},
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
        headers: message.headers,
        messageId: message.messageId,
      });
      mkdirSync(mailboxDir, { recursive: true, mode: 0o700 });
      const safeTo = message.to.replace(/[^\w.@-]+/g, '_');
      const file = path.join(mailboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      if (development) {
        log.info(
          { mail: { to: message.to, subject: message.subject, link: message.link, file } },
          `\n${mailBanner(message, file)}`,
        );
      } else {
        log.info(
          { mail: { to: message.to, subject: message.subject, file } },
          `mail to ${message.to}: ${message.subject}`,
        );
      }
    },
    async close() {},
  };
}

/**
 * Both parts of a message from paragraphs and an optional button link. Every piece of text is
 * escaped for the HTML part, so user-supplied text can never inject markup.
 */
export function renderMail(input: {
  productName: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Several buttons (e.g. 'Still looking' and 'Mark Fulfilled'), after `action` if both are given. */
  actions?: { label: string; url: string }[];
  /** Small print after the signature: why this message came and a link to stop it. */
  footer?: { text: string; link: { label: string; url: string } };
}) {
  const actions = [...(input.action ? [input.action] : []), ...(input.actions ?? [])];
  const text = [
    ...input.paragraphs,
    ...actions.map((action) => `${action.label}: ${action.url}`),
    '',
    `— ${input.productName}`,
    ...(input.footer ? [`${input.footer.text} ${input.footer.link.label}: ${input.footer.link.url}`] : []),
  ].join('\n\n');
  const body = input.paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
  const button = actions
    .map(
      (action) =>
        `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#8a100b;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#555">Or open this link: ${escapeHtml(action.url)}</p>`,
    )
    .join('');
  const footer = input.footer
    ? `<p style="font-size:13px;color:#555;border-top:1px solid #ddd;padding-top:12px">${escapeHtml(input.footer.text)} <a href="${escapeHtml(input.footer.link.url)}" style="color:#555">${escapeHtml(input.footer.link.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1a17;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${body}${button}<p style="color:#555">— ${escapeHtml(input.productName)}</p>${footer}</body></html>`;
  return { text, html };
}
