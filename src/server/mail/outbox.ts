/**
 * The mail outbox (docs/decisions/0007). Every e-mail is written as a row in the same transaction
 * as the change that causes it (a ping, an answer, a contact message, a sign-up), so an e-mail is
 * never lost and never sent for a change that rolled back. A worker on every server claims due
 * rows (FOR UPDATE SKIP LOCKED, with a lease), hands them to the mailer and marks them sent; a
 * failure is retried with exponential backoff, so a mail server that is down only delays mail.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import type { Mailer, MailMessage } from './mailer';
import { SMTP_TIMEOUTS_MS } from './mailer';
import {
  type ClaimedMessage,
  claimDue,
  insertMessages,
  markAttemptFailed,
  markSent,
  renewClaim,
} from './outbox-queries';

/** A message to send: what the mailer needs, what it is, and optionally the event it belongs to. */
export interface OutgoingMail extends Omit<MailMessage, 'messageId'> {
  kind: string;
  /** Set when an event must be mailed at most once (e.g. `ping-expired:<id>`). */
  dedupeKey?: string;
}

/** Writes messages to the outbox with `db`: pass the transaction of the change they announce. */
export function enqueueMail(db: Executor, mails: readonly OutgoingMail[]): Promise<void> {
  return insertMessages(
    db,
    mails.map((mail) => ({
      kind: mail.kind,
      recipient: mail.to,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      link: mail.link ?? null,
      headers: mail.headers ?? null,
      dedupeKey: mail.dedupeKey ?? null,
    })),
  );
}

/** Longer than one delivery can take (every SMTP timeout added up), so a lease never runs out mid-send. */
const OUTBOX_LEASE_MS =
  2 * (SMTP_TIMEOUTS_MS.connection + SMTP_TIMEOUTS_MS.greeting + SMTP_TIMEOUTS_MS.socket) + 60_000;
/** Attempts before a message is marked failed: with the backoff below, about two days of retries. */
export const OUTBOX_MAX_ATTEMPTS = 50;
const BACKOFF_BASE_MS = 15_000;
const BACKOFF_MAX_MS = 60 * 60_000;
const BATCH = 20;

/** 15 s, 30 s, 1 min, ... doubling up to an hour, each spread by up to ±20% so retries do not stampede. */
export function backoffDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** An SMTP 5xx answer means the server refused this message for good; anything else may pass later. */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null | undefined)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

export interface OutboxWorkerDeps {
  db: Executor;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The host part of Message-IDs (the public URL's host). */
  messageIdDomain: string;
  /** How long a claim holds; OUTBOX_LEASE_MS unless a test needs leases that run out quickly. */
  leaseMs?: number;
  /** Told how each delivery attempt ended (the server's metrics count them). */
  delivered?: (outcome: keyof DeliveryReport) => void;
}

export class OutboxWorker {
  constructor(private readonly deps: OutboxWorkerDeps) {}

  /** Delivers every message that is due now, a batch at a time, until none is left. */
  async deliverDue(): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
    const leaseMs = this.deps.leaseMs ?? OUTBOX_LEASE_MS;
    for (;;) {
      const token = randomUUID();
      const batch = await claimDue(this.deps.db, token, BATCH, leaseMs);
      for (const message of batch) {
        // The batch's lease covers one delivery, not twenty slow ones: each message's lease is
        // renewed as its turn comes, and one another worker took meanwhile is left to that worker.
        if (!(await renewClaim(this.deps.db, message.id, token, leaseMs))) continue;
        const outcome = await this.deliver(message, token);
        report[outcome] += 1;
        this.deps.delivered?.(outcome);
      }
      if (batch.length < BATCH) return report;
    }
  }

  private async deliver(message: ClaimedMessage, token: string): Promise<keyof DeliveryReport> {
    const { db, mailer, log, messageIdDomain } = this.deps;
    try {
      await mailer.send({
        to: message.recipient,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        link: message.link ?? undefined,
        headers: message.headers ?? undefined,
        messageId: `<${message.id}@${messageIdDomain}>`,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = isPermanentFailure(error) || message.attempts >= OUTBOX_MAX_ATTEMPTS;
      const delayMs = backoffDelayMs(message.attempts);
      await markAttemptFailed(db, message.id, token, reason.slice(0, 1000), giveUp ? { giveUp } : { giveUp, delayMs });
      if (giveUp) {
        log.error(
          { outbox: { id: message.id, kind: message.kind, attempts: message.attempts }, err: error },
          'e-mail could not be delivered; it stays in the outbox as failed',
        );
        return 'failed';
      }
      log.warn(
        { outbox: { id: message.id, kind: message.kind, attempts: message.attempts } },
        `e-mail delivery failed (${reason}); retrying in ${Math.round(delayMs / 1000)} s`,
      );
      return 'retrying';
    }
    await markSent(db, message.id, token);
    return 'sent';
  }
}
