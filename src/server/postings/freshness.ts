/**
 * Fresh listings (issue 14). A job on every server: a posting not updated for the college's
 * `freshness.remindAfterDays` gets a 'Still looking?' e-mail to its admin with two one-click links
 * (renewal-token.ts); still unanswered `freshness.staleAfterDays` later, it is marked stale and left
 * out of default search. Renewing or editing it (postings service) makes it fresh again. Claims are
 * guarded UPDATEs with SKIP LOCKED, so servers running this side by side remind each posting once.
 */
import { pageAddress } from '../../shared/page-addresses';
import { RENEWAL_ACTION_LABELS } from '../../shared/schemas/freshness';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { renderMail } from '../mail/mailer';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { claimRemindersDue, markStaleDue, type ReminderRow } from './queries';
import { createRenewalToken } from './renewal-token';

const DAY_MS = 24 * 60 * 60_000;
const BATCH = 100;

/** The dorm's label or the address: how students name a posting. */
export function placeLabel(config: AppConfig, posting: { dorm: string | null; address: string | null }): string {
  if (posting.dorm) return config.college.dorms.find((d) => d.key === posting.dorm)?.label ?? posting.dorm;
  return posting.address ?? 'your posting';
}

const renewalUrl = (config: AppConfig, token: string) => `${config.publicUrl}${pageAddress.renewal(token)}`;

function stillLookingMail(config: AppConfig, row: ReminderRow, now: Date): OutgoingMail {
  const { productName } = config.college;
  const { remindAfterDays, staleAfterDays } = config.college.freshness;
  const place = placeLabel(config, row);
  const link = (action: 'renew' | 'fulfil') =>
    renewalUrl(
      config,
      createRenewalToken(config.authSecret, { postingId: row.id, nonce: row.renewal_nonce, action }, now),
    );
  const renew = { label: RENEWAL_ACTION_LABELS.renew, url: link('renew') };
  const fulfil = { label: RENEWAL_ACTION_LABELS.fulfil, url: link('fulfil') };
  return {
    kind: 'posting-still-looking',
    to: row.admin_email,
    subject: `Still looking? Your posting at ${place}`,
    link: renew.url,
    dedupeKey: `still-looking:${row.id}:${row.renewal_nonce}`,
    ...renderMail({
      productName,
      paragraphs: [
        `Hi ${row.admin_name},`,
        `Your posting at ${place} on ${productName} has not been updated for ${remindAfterDays} days. Is your group still looking for roommates?`,
        `Choose below (each link asks you to confirm, and works once within ${staleAfterDays} days). If we do not hear from you by then, the posting is marked stale and hidden from search until you renew or edit it.`,
      ],
      actions: [renew, fulfil],
    }),
  };
}

export function createFreshnessJob({ db, config }: { db: Database; config: AppConfig }) {
  const { remindAfterDays, staleAfterDays } = config.college.freshness;

  /** Reminds the postings now due, then marks stale the reminders left unanswered. */
  async function run(now: Date = new Date()): Promise<{ reminded: number; stale: number }> {
    let reminded = 0;
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const rows = await claimRemindersDue(tx, new Date(now.getTime() - remindAfterDays * DAY_MS), now, BATCH);
        await enqueueMail(
          tx,
          rows.map((row) => stillLookingMail(config, row, now)),
        );
        return rows.length;
      });
      reminded += count;
      if (count < BATCH) break;
    }
    let stale = 0;
    for (;;) {
      const ids = await db.transaction((tx) =>
        markStaleDue(tx, new Date(now.getTime() - staleAfterDays * DAY_MS), now, BATCH),
      );
      stale += ids.length;
      if (ids.length < BATCH) break;
    }
    return { reminded, stale };
  }

  return { run };
}

export type FreshnessJob = ReturnType<typeof createFreshnessJob>;
