import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

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
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** nodemailer over SMTP_URL. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
      });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Without SMTP_URL: each message is written to DATA_DIR/mailbox as an .eml file and summarised on
 * the log (recipient, subject, link), so a newcomer on the embedded defaults can follow the link.
 */
export function createFileMailer(mailboxDir: string, from: string, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
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
      });
      mkdirSync(mailboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^\w.@-]+/g, '_');
      const file = path.join(mailboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info(
        { mail: { to: message.to, subject: message.subject, link: message.link, file } },
        `mail to ${message.to}: ${message.subject}${message.link ? ` — ${message.link}` : ''}`,
      );
    },
    async close() {},
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);

/**
 * Both parts of a message from paragraphs and an optional button link. Every piece of text is
 * escaped for the HTML part, so user-supplied text can never inject markup.
 */
export function renderMail(input: {
  productName: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}) {
  const text = [
    ...input.paragraphs,
    ...(input.action ? [`${input.action.label}: ${input.action.url}`] : []),
    '',
    `— ${input.productName}`,
  ].join('\n\n');
  const body = input.paragraphs
    .map((p) => `<p style="margin:0 0 16px">${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
  const button = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="background:#8a100b;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(input.action.label)}</a></p><p style="font-size:13px;color:#555">Or open this link: ${escapeHtml(input.action.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f1a17;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${body}${button}<p style="color:#555">— ${escapeHtml(input.productName)}</p></body></html>`;
  return { text, html };
}
