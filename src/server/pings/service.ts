/**
 * The rules of Ping Interest (docs/product-spec.md, sections 3 to 5 and 8): who may ping, one open ping per sender
 * and posting, an hourly limit, and the admin's answers. Each change and the e-mail it causes are
 * written in one transaction (the e-mail to the outbox), so neither exists without the other.
 */
import { can, refusal, roleOf } from '../../shared/authorization';
import { isUuid } from '../../shared/ids';
import { messages } from '../../shared/messages';
import { PING_EXPIRY_DAYS, PING_STATUS_LABELS, type PingStatus } from '../../shared/options';
import { pingMessages } from '../../shared/ping-messages';
import type { PingAnswer, PingPage, PingPostingRef, ReceivedPing, SentPing } from '../../shared/schemas/ping';
import type { Viewer } from '../auth/session';
import type { AppConfig } from '../config';
import type { Database, Executor } from '../db/client';
import { AppError, errors } from '../http/errors';
import { spendLimit } from '../limits/student-limits';
import { enqueueMail } from '../mail/outbox';
import { createPingMails, placeOf } from './mails';
import * as q from './queries';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const EXPIRY_BATCH = 200;

const postingNotFound = () =>
  errors.notFound(messages.postingAccess.notFound.message, messages.postingAccess.notFound.title);
const pingNotFound = () =>
  new AppError(404, 'PING_NOT_FOUND', pingMessages.notFound.title, pingMessages.notFound.message);

/** Postgres' unique_violation: another request opened the same ping a moment earlier. */
const isUniqueViolation = (error: unknown) => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

function postingRef(row: q.PingListRow | q.PingForAnswer): PingPostingRef {
  return {
    id: row.posting_id,
    listingLocation: row.listing_location,
    dorm: row.dorm,
    address: row.address,
    status: row.posting_status,
  };
}

/** A ping as its posting's group sees it, with the posting it is about. */
function receivedPing(row: q.PingRow, posting: PingPostingRef, viewerMayAnswer: boolean): ReceivedPing {
  return {
    id: row.id,
    posting,
    senderName: row.sender_name,
    senderEmail: row.searcher_email,
    message: row.message,
    status: row.status,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
    viewerMayAnswer,
    conversationId: row.conversation_id,
  };
}

function encodeCursor(row: q.PingRow): string {
  return Buffer.from(`${row.created_at}|${row.id}`, 'utf8').toString('base64url');
}

function decodeCursor(value: string | undefined): q.PingCursor | undefined {
  if (value === undefined) return undefined;
  const [createdAt, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !createdAt || !id || !isUuid(id) || !/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(createdAt)) {
    throw errors.badRequest(messages.api.invalidCursor, ['cursor: is not a cursor of this list']);
  }
  return { createdAt, id };
}

function toPage<Item>(rows: q.PingListRow[], limit: number, toItem: (row: q.PingListRow) => Item): PingPage<Item> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items: items.map(toItem), nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** What pings need of conversations (issue 19), given by the app so the features stay apart. */
export interface PingConversations {
  /**
   * A block between the would-be sender and the posting's group: 'by-sender' when the sender blocked
   * someone in it (they are told), 'of-sender' when someone in it blocked the sender (the ping is
   * withheld, and the sender is not told), else 'none'.
   */
  blockBetween(tx: Executor, senderId: string, postingId: string): Promise<'none' | 'by-sender' | 'of-sender'>;
  /** Opens the ping's conversation in the ping's transaction; answers its id. A withheld one reaches the sender only. */
  open(
    tx: Executor,
    ping: { id: string; postingId: string; senderId: string; message: string | null; withheld: boolean },
  ): Promise<string>;
  /** The pings' status changed (answered, closed, expired) in this transaction: their conversations' streams hear it. */
  statusChanged(tx: Executor, pingIds: readonly string[]): Promise<void>;
}

export interface PingServiceDeps {
  db: Database;
  config: AppConfig;
  conversations: PingConversations;
}

export function createPingService({ db, config, conversations }: PingServiceDeps) {
  const mails = createPingMails(config);

  /** Sends a ping from `viewer` to the admin of `postingId` (POST /api/postings/:id/pings). */
  async function send(viewer: Viewer, postingId: string, message: string): Promise<SentPing> {
    if (!isUuid(postingId)) throw postingNotFound();
    try {
      return await db.transaction(async (tx) => {
        const target = await q.lockTarget(tx, postingId);
        if (!target) throw postingNotFound();
        const posting = {
          viewerRole: roleOf(target.admin_user_id, viewer.id, await q.joinedRole(tx, postingId, viewer.id)),
          status: target.status,
          // Known once the sender is locked, below.
          viewerPingPending: false,
        };
        const refused = refusal(viewer, 'posting.ping', posting);
        // A group's own members (its admin included) do not ping it.
        if (refused === 'own-posting' || refused === 'own-group') {
          throw errors.forbidden(pingMessages.ownPost.message, pingMessages.ownPost.title, 'PING_OWN_POST');
        }
        if (refused === 'fulfilled') {
          throw new AppError(409, 'POSTING_FULFILLED', pingMessages.fulfilled.title, pingMessages.fulfilled.message);
        }
        // Someone in the group blocked the sender: the ping is answered as any ping and reaches
        // nobody (issue 30; a refusal would announce the block). The sender's own block is theirs to lift.
        const block = await conversations.blockBetween(tx, viewer.id, postingId);
        if (block === 'by-sender') {
          throw new AppError(
            409,
            'PING_SENDER_BLOCKED',
            pingMessages.youBlocked.title,
            pingMessages.youBlocked.message,
          );
        }
        const withheld = block === 'of-sender';
        await q.lockSender(tx, viewer.id);
        const viewerPingPending = await q.hasOpenPing(tx, postingId, viewer.id);
        if (!can(viewer, 'posting.ping', { ...posting, viewerPingPending })) throw alreadyPending();
        // The ping rows are the count: nothing else is recorded.
        await spendLimit(tx, viewer.id, 'pings', 1, (since) => q.countSentSince(tx, viewer.id, since));
        const row = await q.insertPing(tx, {
          postingId,
          senderId: viewer.id,
          senderName: viewer.name,
          senderEmail: viewer.email,
          message: message === '' ? null : message,
          adminId: target.admin_user_id,
          withheld,
        });
        const conversationId = await conversations.open(tx, {
          id: row.id,
          postingId,
          senderId: viewer.id,
          message: row.message,
          withheld,
        });
        if (!withheld) {
          await enqueueMail(tx, [
            mails.received({
              pingId: row.id,
              adminEmail: target.admin_email,
              senderName: viewer.name,
              senderEmail: viewer.email,
              message: row.message,
              place: placeOf(config, target),
            }),
          ]);
        }
        return {
          id: row.id,
          posting: {
            id: target.id,
            listingLocation: target.listing_location,
            dorm: target.dorm,
            address: target.address,
            status: target.status,
          },
          message: row.message,
          status: row.status,
          createdAt: row.created_at,
          answeredAt: row.answered_at,
          conversationId,
        };
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isUniqueViolation(error)) throw alreadyPending();
      throw Object.assign(new AppError(500, 'PING_FAILED', pingMessages.failed, pingMessages.tryAgain), {
        cause: error,
      });
    }
  }

  function alreadyPending() {
    return new AppError(
      409,
      'PING_ALREADY_PENDING',
      pingMessages.alreadyPending.title,
      pingMessages.alreadyPending.message,
    );
  }

  /**
   * The admin accepts or declines a pending ping and its sender is e-mailed. Giving the same answer
   * again changes nothing and sends nothing; a different answer to an answered ping is refused.
   */
  async function answer(viewer: Viewer, pingId: string, status: PingAnswer): Promise<ReceivedPing> {
    if (!isUuid(pingId)) throw pingNotFound();
    return db.transaction(async (tx) => {
      const ping = await q.lockPingForAnswer(tx, pingId, viewer.id);
      // A withheld ping exists for its sender only (who gets what any sender gets below).
      if (!ping || (ping.withheld && ping.searcher_user_id !== viewer.id)) throw pingNotFound();
      const access = {
        adminUserId: ping.posting_admin_user_id,
        viewerRole: roleOf(ping.posting_admin_user_id, viewer.id, ping.viewer_joined_role),
      };
      if (!can(viewer, 'ping.answer', access)) {
        // Nobody else learns whether the ping exists.
        if (ping.searcher_user_id !== viewer.id && access.viewerRole === null) throw pingNotFound();
        throw errors.forbidden(pingMessages.notAdmin, messages.api.forbidden.title, 'NOT_POSTING_ADMIN');
      }
      const place = placeOf(config, ping);
      const view = (row: q.PingRow): ReceivedPing => receivedPing(row, postingRef(ping), true);
      if (ping.status === status) return view(ping);
      if (ping.status !== 'pending') {
        throw new AppError(
          409,
          'PING_ALREADY_ANSWERED',
          pingMessages.alreadyAnsweredTitle,
          pingMessages.alreadyAnswered(PING_STATUS_LABELS[ping.status]),
        );
      }
      const row = await q.setAnswer(tx, pingId, status);
      await conversations.statusChanged(tx, [pingId]);
      await enqueueMail(tx, [
        status === 'accepted'
          ? mails.accepted({
              pingId,
              postingId: ping.posting_id,
              senderEmail: ping.searcher_email,
              adminName: ping.admin_name,
              adminEmail: ping.admin_email,
              place,
            })
          : mails.declined({ pingId, senderEmail: ping.searcher_email, adminName: ping.admin_name, place }),
      ]);
      return view(row);
    });
  }

  /**
   * The posting was marked Fulfilled (inside that transaction): its open pings close and each
   * sender is told once (the ping leaves pending, so a second Fulfilled finds nothing to close).
   */
  async function closeOpenPings(tx: Executor, posting: { id: string; dorm: string | null; address: string | null }) {
    const closed = await q.closeOpenPings(tx, posting.id);
    await conversations.statusChanged(
      tx,
      closed.map((ping) => ping.id),
    );
    const place = placeOf(config, posting);
    await enqueueMail(
      tx,
      closed.map((ping) => mails.closed({ pingId: ping.id, senderEmail: ping.searcher_email, place })),
    );
  }

  /** Expires pings unanswered for PING_EXPIRY_DAYS and tells their senders; returns how many. */
  async function expireOverdue(now: Date = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - PING_EXPIRY_DAYS * DAY_MS);
    let total = 0;
    for (;;) {
      const expired = await db.transaction(async (tx) => {
        const rows = await q.expirePending(tx, cutoff, EXPIRY_BATCH);
        await conversations.statusChanged(
          tx,
          rows.map((ping) => ping.id),
        );
        await enqueueMail(
          tx,
          rows.map((ping) =>
            mails.expired({
              pingId: ping.id,
              postingId: ping.posting_id,
              senderEmail: ping.searcher_email,
              place: placeOf(config, ping),
            }),
          ),
        );
        return rows.length;
      });
      total += expired;
      if (expired < EXPIRY_BATCH) return total;
    }
  }

  async function received(
    viewer: Viewer,
    options: { cursor?: string; status?: PingStatus; limit: number },
  ): Promise<PingPage<ReceivedPing>> {
    const rows = await q.listReceived(db, viewer.id, {
      cursor: decodeCursor(options.cursor),
      status: options.status,
      limit: options.limit,
    });
    return toPage(rows, options.limit, (row) =>
      receivedPing(
        row,
        postingRef(row),
        can(viewer, 'ping.answer', {
          viewerRole: roleOf(row.posting_admin_user_id ?? row.admin_user_id, viewer.id, row.viewer_joined_role),
        }),
      ),
    );
  }

  async function sent(viewer: Viewer, options: { cursor?: string; limit: number }): Promise<PingPage<SentPing>> {
    const rows = await q.listSent(db, viewer.id, { cursor: decodeCursor(options.cursor), limit: options.limit });
    return toPage(rows, options.limit, (row) => ({
      id: row.id,
      posting: postingRef(row),
      message: row.message,
      status: row.status,
      createdAt: row.created_at,
      answeredAt: row.answered_at,
      conversationId: row.conversation_id,
    }));
  }

  const awaitingCount = (viewer: Viewer) => q.countAwaiting(db, viewer.id);

  return { send, answer, closeOpenPings, expireOverdue, received, sent, awaitingCount };
}

export type PingService = ReturnType<typeof createPingService>;
