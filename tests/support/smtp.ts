import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../../scripts/lib/server-process';

export interface TestSmtpServer {
  /** SMTP_URL for the app. */
  url: string;
  messages: Email[];
  /** Waits for the next message to `to` (case-insensitive) that matches `subject`. */
  waitForMail(to: string, subject?: RegExp, timeoutMs?: number): Promise<Email>;
  stop(): Promise<void>;
}

/** A local SMTP server that keeps every message it receives, parsed with postal-mime. */
export async function startSmtpServer(port?: number): Promise<TestSmtpServer> {
  port ??= await freePort();
  const messages: Email[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            messages.push(email);
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  const find = (to: string, subject?: RegExp) =>
    messages.find(
      (m) =>
        (m.to ?? []).some((a) => a.address?.toLowerCase() === to.toLowerCase()) &&
        (!subject || subject.test(m.subject ?? '')),
    );

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, subject, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find(to, subject);
          if (!found) return false;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that contains `part`. */
export function linkIn(email: Email, part: string): string {
  const link = (email.text ?? '').match(/https?:\/\/\S+/g)?.find((url) => url.includes(part));
  if (!link) throw new Error(`no link containing ${part} in:\n${email.text}`);
  return link;
}
