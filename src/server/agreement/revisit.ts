/**
 * The revisit e-mail (issue 34): on each of the college config's `agreement.revisitOn` days (mid-
 * semester), from `agreement.revisitHourUtc`, every party of every stored agreement gets one e-mail
 * inviting them to look at it again, through the outbox. Once per party, posting and day, whatever
 * the servers and restarts: the marker row claimed in the e-mail's transaction (queries.ts) says so.
 * A server down on the day sends them when it is back, for REVISIT_LATE_DAYS; after that the day has
 * passed and nothing goes.
 */
import { agreementMessages } from '../../shared/agreement-signatures';
import { pageAddress } from '../../shared/page-addresses';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { renderMail } from '../mail/mailer';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { placeLabel } from '../postings/freshness';
import { claimRevisits, type RevisitRow } from './queries';

const HOUR_MS = 60 * 60_000;
/** How many days after a revisit day its e-mails may still go out (a server that was down). */
export const REVISIT_LATE_DAYS = 7;
const BATCH = 100;

/** The revisit days whose e-mails are due at `now`. */
export function revisitDaysDue(days: readonly string[], hourUtc: number, now: Date): string[] {
  return days.filter((day) => {
    const from = Date.parse(`${day}T00:00:00Z`) + hourUtc * HOUR_MS;
    return now.getTime() >= from && now.getTime() < from + REVISIT_LATE_DAYS * 24 * HOUR_MS;
  });
}

export function createAgreementRevisit({ db, config }: { db: Database; config: AppConfig }) {
  const { productName } = config.college;
  const { revisitOn, revisitHourUtc } = config.college.agreement;

  function mailFor(row: RevisitRow, day: string): OutgoingMail {
    const url = `${config.publicUrl}${pageAddress.agreement(row.posting_id)}`;
    const place = placeLabel(config, row);
    return {
      kind: 'agreement-revisit',
      to: row.email,
      subject: `Time to look at your roommate agreement again (${place})`,
      link: url,
      dedupeKey: `agreement-revisit:${row.posting_id}:${row.user_id}:${day}`,
      ...renderMail({
        productName,
        paragraphs: [
          `Hi ${row.name},`,
          `The semester is halfway through: a good time for your group at ${place} to read your roommate agreement again and see whether it still says how you live together.`,
          'Any of you can propose a change to a clause at any time. A change clears the signatures, so everyone signs the new version.',
          agreementMessages.notALease,
        ],
        action: { label: 'Open the agreement', url },
      }),
    };
  }

  /** Writes the e-mails due at `now`; answers how many. */
  async function run(now: Date = new Date()): Promise<number> {
    let sent = 0;
    for (const day of revisitDaysDue(revisitOn, revisitHourUtc, now)) {
      for (;;) {
        const count = await db.transaction(async (tx) => {
          const rows = await claimRevisits(tx, day, BATCH);
          await enqueueMail(
            tx,
            rows.map((row) => mailFor(row, day)),
          );
          return rows.length;
        });
        sent += count;
        if (count < BATCH) break;
      }
    }
    return sent;
  }

  return { run };
}

export type AgreementRevisit = ReturnType<typeof createAgreementRevisit>;
