/**
 * The e-mail for what was not read (issue 19, decision 0027): a participant who has not read a
 * message within UNREAD_EMAIL_AFTER_MINUTES gets one e-mail for that conversation with the new
 * messages (escaped by renderMail) and a link, at most once per conversation every
 * UNREAD_EMAIL_EVERY_MINUTES, through the outbox; never for a suspended sender's messages, never
 * when the student turned these e-mails off. Each carries one-click unsubscribe (RFC 8058), a
 * signed link that turns them off without signing in.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { quotedName } from '../../shared/account-names';
import { pageAddress } from '../../shared/page-addresses';
import { createScamCheck } from '../../shared/scam-warnings';
import {
  conversationMessages as cm,
  UNREAD_EMAIL_AFTER_MINUTES,
  UNREAD_EMAIL_EVERY_MINUTES,
} from '../../shared/schemas/conversations';
import type { AppConfig } from '../config';
import { type Database, type Executor, queryRows } from '../db/client';
import { renderMail } from '../mail/mailer';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { placeLabel } from '../postings/freshness';

const MINUTE_MS = 60_000;
/** Messages older than this are never mailed about (a job that was down does not mail last month). */
const LOOKBACK_MS = 2 * 24 * 60 * MINUTE_MS;
const BATCH = 200;
/** Messages quoted in one e-mail; the link shows the rest. */
const QUOTED = 10;

const PURPOSE = 'quadmates:conversation-email-unsubscribe:v1';
/** Signed links carry their date and expire (decision 0023). */
const LINK_MAX_AGE_MS = 365 * 24 * 60 * MINUTE_MS;
const mac = (secret: string, userId: string, seconds: string) =>
  createHmac('sha256', secret).update(`${PURPOSE}\n${userId}\n${seconds}`).digest('base64url');

/** `<issued at, in seconds>.<HMAC>` of the student's id and that time, under the app's AUTH secret. */
export function unreadEmailUnsubscribeToken(secret: string, userId: string, issuedAt = new Date()): string {
  const seconds = String(Math.floor(issuedAt.getTime() / 1000));
  return `${seconds}.${mac(secret, userId, seconds)}`;
}

export function checkUnreadEmailToken(secret: string, userId: string, token: string, now = Date.now()): boolean {
  const dated = /^(\d{1,12})\.([\w-]+)$/.exec(token);
  if (!dated) return false;
  const [, seconds = '', signature = ''] = dated;
  const given = Buffer.from(signature);
  const expected = Buffer.from(mac(secret, userId, seconds));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return now - Number(seconds) * 1000 <= LINK_MAX_AGE_MS;
}

interface Candidate {
  conversation_id: string;
  user_id: string;
  email: string;
  read_from: number | string;
  dorm: string | null;
  address: string | null;
}

interface Unread {
  seq: number | string;
  sender_name: string | null;
  sender_user_id: string | null;
  body: string;
}

const visible = sql.raw(
  `NOT EXISTS (SELECT 1 FROM "user" su WHERE su.id = m.sender_user_id AND su.suspended_at IS NOT NULL)`,
);

function candidates(db: Executor, now: Date): Promise<Candidate[]> {
  const due = new Date(now.getTime() - UNREAD_EMAIL_AFTER_MINUTES * MINUTE_MS).toISOString();
  const since = new Date(now.getTime() - LOOKBACK_MS).toISOString();
  const again = new Date(now.getTime() - UNREAD_EMAIL_EVERY_MINUTES * MINUTE_MS).toISOString();
  return queryRows<Candidate>(
    db,
    sql`WITH recent AS (
        SELECT DISTINCT m.conversation_id FROM conversation_message m
        WHERE m.created_at > ${since}::timestamptz AND m.created_at <= ${due}::timestamptz),
      people AS (
        SELECT c.id AS conversation_id, g.searcher_user_id AS user_id, c.posting_id
          FROM recent r JOIN conversation c ON c.id = r.conversation_id JOIN ping g ON g.id = c.ping_id
        UNION
        -- The group's side, unless the ping was withheld (issue 30): then the sender's alone.
        SELECT c.id, p.admin_user_id, c.posting_id
          FROM recent r JOIN conversation c ON c.id = r.conversation_id JOIN posting p ON p.id = c.posting_id
          JOIN ping wg ON wg.id = c.ping_id AND NOT wg.withheld
        UNION
        SELECT c.id, pm.user_id, c.posting_id
          FROM recent r JOIN conversation c ON c.id = r.conversation_id
          JOIN ping wg ON wg.id = c.ping_id AND NOT wg.withheld
          JOIN posting_member pm ON pm.posting_id = c.posting_id AND pm.state = 'joined' AND pm.user_id IS NOT NULL)
      SELECT pe.conversation_id, pe.user_id, u.email,
        greatest(coalesce(cp.read_seq, 0), coalesce(cp.emailed_seq, 0)) AS read_from, p.dorm, p.address
      FROM people pe
      JOIN "user" u ON u.id = pe.user_id AND u.suspended_at IS NULL
      JOIN posting p ON p.id = pe.posting_id
      LEFT JOIN conversation_participant cp ON cp.conversation_id = pe.conversation_id AND cp.user_id = pe.user_id
      LEFT JOIN conversation_setting s ON s.user_id = pe.user_id
      WHERE coalesce(s.unread_email, true)
        AND (cp.emailed_at IS NULL OR cp.emailed_at <= ${again}::timestamptz)
        AND EXISTS (SELECT 1 FROM conversation_message m
          WHERE m.conversation_id = pe.conversation_id
            AND m.seq > greatest(coalesce(cp.read_seq, 0), coalesce(cp.emailed_seq, 0))
            AND m.sender_user_id IS DISTINCT FROM pe.user_id AND ${visible}
            AND m.created_at <= ${due}::timestamptz AND m.created_at > ${since}::timestamptz)
      LIMIT ${BATCH}`,
  );
}

function unreadMessages(db: Executor, c: Candidate): Promise<Unread[]> {
  return queryRows<Unread>(
    db,
    sql`SELECT m.seq, su.name AS sender_name, m.sender_user_id, m.body
      FROM conversation_message m LEFT JOIN "user" su ON su.id = m.sender_user_id
      WHERE m.conversation_id = ${c.conversation_id}::uuid AND m.seq > ${Number(c.read_from)}
        AND m.sender_user_id IS DISTINCT FROM ${c.user_id} AND ${visible}
      ORDER BY m.seq`,
  );
}

export function createUnreadMail({ db, config }: { db: Database; config: AppConfig }) {
  const { productName } = config.college;
  const scam = createScamCheck(config.college.scamWarnings);

  function mailFor(c: Candidate, unread: Unread[]): OutgoingMail {
    const place = placeLabel(config, c);
    const url = `${config.publicUrl}${pageAddress.conversation(c.conversation_id)}`;
    const token = unreadEmailUnsubscribeToken(config.authSecret, c.user_id);
    const query = `user=${encodeURIComponent(c.user_id)}&token=${encodeURIComponent(token)}`;
    // Mail clients post to the header's address (one click); the body's link opens a page that
    // asks first, so a scanner that follows links turns nothing off.
    const unsubscribeApiUrl = `${config.publicUrl}/api/conversation-emails/unsubscribe?${query}`;
    const unsubscribePageUrl = `${config.publicUrl}${pageAddress.messageEmailsUnsubscribe(c.user_id, token)}`;
    const last = unread.at(-1);
    const quoted = unread.slice(-QUOTED);
    const n = unread.length;
    return {
      kind: 'conversation-unread',
      to: c.email,
      subject: `${n === 1 ? 'A new message' : `${n} new messages`} about ${place} on ${productName}`,
      link: url,
      headers: { 'List-Unsubscribe': `<${unsubscribeApiUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      dedupeKey: `conversation-unread:${c.conversation_id}:${c.user_id}:${last?.seq ?? 0}`,
      ...renderMail({
        productName,
        paragraphs: [
          `You have ${n === 1 ? 'a message' : `${n} messages`} you have not read in your conversation about ${place}:`,
          ...(n > quoted.length ? [`(${n - quoted.length} earlier not shown)`] : []),
          ...quoted.map(
            // A name in quotes: the student's own words, never a sender we vouch for (issue 30).
            (m) =>
              `${m.sender_user_id === null || m.sender_name === null ? cm.deletedStudent : quotedName(m.sender_name)}: ${m.body}`,
          ),
          // The reader is warned here as in the conversation (issue 30); the quotes are never their own.
          ...(quoted.some((m) => scam.warns(m.body)) ? [cm.scamWarning.mail] : []),
        ],
        action: { label: 'Open the conversation', url },
        footer: {
          text: 'You get this e-mail because a message waited unread for 10 minutes; at most one an hour per conversation.',
          link: { label: 'Turn off these e-mails', url: unsubscribePageUrl },
        },
      }),
    };
  }

  /** Writes the e-mails that are due at `now`; answers how many. */
  async function run(now: Date = new Date()): Promise<number> {
    let sent = 0;
    for (const c of await candidates(db, now)) {
      await db.transaction(async (tx) => {
        // The participant's row, locked: two servers running the job at once mail once.
        await tx.execute(sql`INSERT INTO conversation_participant (conversation_id, user_id)
          VALUES (${c.conversation_id}::uuid, ${c.user_id}) ON CONFLICT DO NOTHING`);
        const [row] = await queryRows<{
          emailed_at: string | null;
          read_seq: number | string;
          emailed_seq: number | string;
        }>(
          tx,
          sql`SELECT emailed_at, read_seq, emailed_seq FROM conversation_participant
            WHERE conversation_id = ${c.conversation_id}::uuid AND user_id = ${c.user_id} FOR UPDATE`,
        );
        const again = now.getTime() - UNREAD_EMAIL_EVERY_MINUTES * MINUTE_MS;
        if (!row || (row.emailed_at !== null && new Date(row.emailed_at).getTime() > again)) return;
        const from = Math.max(Number(row.read_seq), Number(row.emailed_seq));
        const unread = await unreadMessages(tx, { ...c, read_from: from });
        const last = unread.at(-1);
        if (!last) return;
        await enqueueMail(tx, [mailFor(c, unread)]);
        await tx.execute(sql`UPDATE conversation_participant SET emailed_at = ${now.toISOString()}::timestamptz,
            emailed_seq = ${Number(last.seq)}
          WHERE conversation_id = ${c.conversation_id}::uuid AND user_id = ${c.user_id}`);
        sent += 1;
      });
    }
    return sent;
  }

  return { run };
}

export type UnreadMail = ReturnType<typeof createUnreadMail>;
