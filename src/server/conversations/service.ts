/**
 * Conversations (issue 19, docs/decisions/0027): a conversation per ping between its sender and the
 * posting's group; messages, read positions, contact sharing by consent, reports, blocks and the
 * unread-e-mail setting. Who may do what is decided in src/shared/authorization.ts. Every message and the live events
 * it causes are written in one transaction, the events last (queries.lockRecipients).
 */
import { can, closedByPing } from '../../shared/authorization';
import { isUuid } from '../../shared/ids';
import { messages as appMessages } from '../../shared/messages';
import type { ReportReason } from '../../shared/moderation';
import type { PingStatus } from '../../shared/options';
import { createScamCheck, type ScamCheck } from '../../shared/scam-warnings';
import {
  type BlockList,
  type ContactShare,
  type ConversationPage,
  type ConversationSettings,
  type ConversationSummary,
  type ConversationView,
  conversationMessages as cm,
  type MessageReportItem,
  type MessageView,
  type ParticipantView,
  REPORT_CONTEXT_MESSAGES,
  type ReadAnswer,
} from '../../shared/schemas/conversations';
import type { Viewer } from '../auth/session';
import type { AppConfig } from '../config';
import type { Database, Executor } from '../db/client';
import { AppError, errors } from '../http/errors';
import { lockStudent, spendLimit, UnrecordedRequests } from '../limits/student-limits';
import { placeLabel } from '../postings/freshness';
import { accessOf, type ConversationAccess, writeDecision as decideWrite, otherSide } from './access';
import * as q from './queries';
import { checkUnreadEmailToken } from './unread-mail';

const REPORT_QUEUE_LIMIT = 100;

type LiveEvent =
  | { userId: string; type: 'message'; data: { conversationId: string; message: MessageView } }
  | { userId: string; type: 'unread'; data: { total: number } }
  | { userId: string; type: 'conversation'; data: { conversationId: string; pingStatus: PingStatus } }
  | { userId: string; type: 'agreement'; data: { postingId: string } };

const notFound = () => new AppError(404, 'CONVERSATION_NOT_FOUND', cm.notFound.title, cm.notFound.message);
const sendRefused = (status: number, code: string, message: string) =>
  new AppError(status, code, cm.sendFailedTitle, message);
const reportRefused = (status: number, code: string, message: string) =>
  new AppError(status, code, cm.reportTitle, message);
const blockRefused = (status: number, code: string, message: string) =>
  new AppError(status, code, cm.blockTitle, message);

/**
 * A message as one participant sees it. The scam check (issue 30) runs whenever a view is made (a
 * read; each recipient's live event as the message is sent), for its readers only: nothing about it
 * is stored, its sender is never told, and a college's changed rules apply to every message read.
 */
export function messageView(row: q.MessageRow, viewerId: string, scam: ScamCheck): MessageView {
  const fromYou = row.sender_user_id !== null && row.sender_user_id === viewerId;
  return {
    seq: Number(row.seq),
    conversationId: row.conversation_id,
    senderId: row.sender_user_id,
    senderName: row.sender_user_id === null ? cm.deletedStudent : (row.sender_name ?? cm.deletedStudent),
    fromYou,
    body: row.body,
    createdAt: row.created_at,
    scamWarning: !fromYou && scam.warns(row.body),
  };
}

function encodeCursor(row: q.SummaryRow): string {
  return Buffer.from(`${row.sort_seq}|${row.id}`, 'utf8').toString('base64url');
}

function decodeCursor(value: string | undefined): { sortSeq: number; id: string } | undefined {
  if (value === undefined) return undefined;
  const [seq, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const sortSeq = Number(seq);
  if (rest.length > 0 || !id || !isUuid(id) || !/^\d{1,15}$/.test(seq ?? '') || !Number.isSafeInteger(sortSeq)) {
    throw errors.badRequest(appMessages.api.invalidCursor, ['cursor: is not a cursor of this list']);
  }
  return { sortSeq, id };
}

export interface ConversationServiceDeps {
  db: Database;
  config: AppConfig;
}

export function createConversationService({ db, config }: ConversationServiceDeps) {
  const place = (row: { dorm: string | null; address: string | null }) => placeLabel(config, row);
  const scam = createScamCheck(config.college.scamWarnings);
  /** Share saves and read marks that changed nothing, counted in this server's memory. */
  const unrecorded = new UnrecordedRequests();

  /** The conversation and the viewer's access to it; anyone who takes no part hears 404. */
  async function readable(executor: Executor, viewer: Viewer, id: string, lock = false) {
    if (!isUuid(id)) throw notFound();
    const row = await q.findConversation(executor, id, viewer.id, lock);
    if (!row) throw notFound();
    const access = accessOf(
      { senderUserId: row.sender_user_id, postingAdminUserId: row.posting_admin_user_id },
      viewer.id,
      row.viewer_joined_role,
    );
    // A withheld ping's conversation (issue 30) is its sender's alone: the group never hears of it.
    if (!can(viewer, 'conversation.open', access) || (row.withheld && access.side !== 'sender')) throw notFound();
    return { row, access };
  }

  /** Whether the viewer may write now, and why not. */
  async function writeDecision(executor: Executor, viewer: Viewer, row: q.ConversationRow, access: ConversationAccess) {
    const group = await q.groupOf(executor, row.posting_id);
    const others = otherSide(
      access,
      row.sender_user_id,
      group.filter((id) => id !== row.sender_user_id),
    );
    const [blocked, groupHasReplied] = await Promise.all([
      // A withheld ping waits for the group like any other (its sender is not told of the block).
      row.withheld ? false : q.blockedWithAny(executor, viewer.id, others),
      q.groupHasReplied(executor, row.id, row.sender_user_id),
    ]);
    return {
      decision: decideWrite(viewer, access, { pingStatus: row.ping_status, groupHasReplied, blocked }),
      recipients: row.withheld
        ? [row.sender_user_id]
        : [row.sender_user_id, ...group.filter((id) => id !== row.sender_user_id)],
    };
  }

  /**
   * Writes live events (the caller holds the recipients' locks, q.lockRecipients), each replacing
   * the recipient's older event it supersedes: their unread total, or "read this conversation
   * again" for the same conversation. Safe for any stream: one not yet sent the old event is sent
   * the new one (its seq is higher), and one already sent it needs the new one anyway. So N changes
   * leave one event for a stream that is behind, paused or resuming with Last-Event-ID, and a
   * student keeps at most one unread row and one row a conversation; messages are never merged.
   */
  async function writeEvents(tx: Executor, events: readonly LiveEvent[]): Promise<void> {
    const superseded = events.flatMap((e): q.SupersededEvent[] => {
      if (e.type === 'unread') return [{ userId: e.userId, type: 'unread' }];
      if (e.type === 'conversation')
        return [{ userId: e.userId, type: 'conversation', conversationId: e.data.conversationId }];
      if (e.type === 'agreement') return [{ userId: e.userId, type: 'agreement', postingId: e.data.postingId }];
      return [];
    });
    await q.deleteSuperseded(tx, superseded);
    await q.insertEvents(tx, events);
  }

  /**
   * Whether a request changes anything: looked at first without a lock (one that changes nothing
   * takes none), then again under the student's lock, since another request of theirs (another tab)
   * may have made the same change meanwhile.
   */
  async function changesAnything(tx: Executor, userId: string, changes: () => Promise<boolean>): Promise<boolean> {
    if (!(await changes())) return false;
    await lockStudent(tx, userId);
    return changes();
  }

  /**
   * The live events of a new message: the message to every participant (the writer's other tabs
   * too), and each reader's new unread total. Written last in the transaction.
   */
  async function announceMessage(tx: Executor, message: q.MessageRow, recipients: readonly string[]) {
    await q.lockRecipients(tx, recipients);
    const events: LiveEvent[] = [];
    for (const userId of new Set(recipients)) {
      events.push({
        userId,
        type: 'message',
        data: { conversationId: message.conversation_id, message: messageView(message, userId, scam) },
      });
      if (userId !== message.sender_user_id) {
        events.push({ userId, type: 'unread', data: { total: await q.unreadTotal(tx, userId) } });
      }
    }
    await writeEvents(tx, events);
  }

  /**
   * Opens a ping's conversation in the ping's transaction (pings/service.ts); answers its id. A
   * withheld ping's (issue 30) is announced to its sender alone.
   */
  async function openForPing(
    tx: Executor,
    ping: { id: string; postingId: string; senderId: string; message: string | null; withheld: boolean },
  ): Promise<string> {
    const id = await q.insertConversation(tx, ping.id, ping.postingId);
    if (ping.message) {
      const first = await q.insertMessage(tx, { conversationId: id, senderId: ping.senderId, body: ping.message });
      const group = ping.withheld ? [] : await q.groupOf(tx, ping.postingId);
      await announceMessage(tx, first, [ping.senderId, ...group]);
    }
    return id;
  }

  /**
   * The pings' conversations changed in this transaction (answered, Fulfilled, expired; contact
   * details shared or taken back): everyone in them hears it, so an open conversation shows
   * whether it still takes messages and what was shared.
   */
  async function statusChanged(tx: Executor, pingIds: readonly string[]): Promise<void> {
    const rows = await q.pingConversations(tx, pingIds);
    if (rows.length === 0) return;
    await q.lockRecipients(
      tx,
      rows.flatMap((row) => row.people),
    );
    await writeEvents(
      tx,
      rows.flatMap((row) =>
        row.people.map(
          (userId): LiveEvent => ({
            userId,
            type: 'conversation',
            data: { conversationId: row.conversation_id, pingStatus: row.ping_status },
          }),
        ),
      ),
    );
  }

  /** A block between the would-be sender of a ping and the posting's group: whose, if any (the sender's first). */
  async function blockBetween(
    tx: Executor,
    senderId: string,
    postingId: string,
  ): Promise<'none' | 'by-sender' | 'of-sender'> {
    const group = await q.groupOf(tx, postingId);
    if (await q.anyBlocks(tx, [senderId], group)) return 'by-sender';
    if (await q.anyBlocks(tx, group, [senderId])) return 'of-sender';
    return 'none';
  }

  async function list(viewer: Viewer, options: { cursor?: string; limit: number }): Promise<ConversationPage> {
    const rows = await q.listMine(db, viewer.id, { cursor: decodeCursor(options.cursor), limit: options.limit });
    const items = rows.slice(0, options.limit);
    const last = items.at(-1);
    return {
      items: items.map(
        (row): ConversationSummary => ({
          id: row.id,
          pingId: row.ping_id,
          posting: { id: row.posting_id, place: place(row), status: row.posting_status },
          pingStatus: row.ping_status,
          viewerSide: row.side,
          otherParty: row.side === 'sender' ? row.admin_name : row.sender_name,
          lastMessage:
            row.last_seq === null
              ? null
              : messageView(
                  {
                    seq: row.last_seq,
                    conversation_id: row.id,
                    sender_user_id: row.last_sender_user_id,
                    sender_name: row.last_sender_name,
                    body: row.last_body ?? '',
                    created_at: row.last_created_at ?? '',
                  },
                  viewer.id,
                  scam,
                ),
          unread: Number(row.unread),
        }),
      ),
      nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null,
    };
  }

  const unreadCount = async (viewer: Viewer) => ({ count: await q.unreadTotal(db, viewer.id) });

  async function view(
    viewer: Viewer,
    id: string,
    page: { before?: number; after?: number; limit: number },
  ): Promise<ConversationView> {
    const { row, access } = await readable(db, viewer, id);
    const [people, rows, { decision }] = await Promise.all([
      q.participants(db, id),
      q.messages(db, id, page),
      writeDecision(db, viewer, row, access),
    ]);
    const more = rows.length > page.limit;
    const pageRows = rows.slice(0, page.limit);
    if (page.after === undefined) pageRows.reverse();
    const first = pageRows[0];
    const hasEarlier =
      page.after === undefined ? more : first !== undefined && (await hasBefore(id, Number(first.seq)));
    const me = people.find((p) => p.user_id === viewer.id);
    const closed = closedByPing(row.ping_status);
    const closedReason = closed ?? (!decision.allowed && decision.reason === 'unavailable' ? 'unavailable' : null);
    return {
      id: row.id,
      pingId: row.ping_id,
      posting: { id: row.posting_id, place: place(row), status: row.posting_status },
      pingStatus: row.ping_status,
      viewerSide: access.side ?? 'group',
      participants: people.map(
        (p): ParticipantView => ({
          userId: p.user_id,
          name: p.name,
          side: p.side,
          role: p.side === 'group' ? (p.role ?? 'member') : null,
          isYou: p.user_id === viewer.id,
          contact: {
            email: p.share_email ? p.email : null,
            phone: p.share_phone ? p.phone_number : null,
            instagram: p.share_instagram ? p.instagram_handle : null,
          },
        }),
      ),
      writable: decision.allowed,
      closedReason,
      closedLine: closedReason ? cm.closed[closedReason] : null,
      waitingForGroup: !decision.allowed && decision.reason === 'wait-for-group',
      readSeq: Number(me?.read_seq ?? 0),
      messages: pageRows.map((m) => messageView(m, viewer.id, scam)),
      hasEarlier,
      myShare: {
        email: me?.share_email ?? false,
        phone: me?.share_phone ?? false,
        instagram: me?.share_instagram ?? false,
      },
    };
  }

  async function hasBefore(id: string, seq: number): Promise<boolean> {
    return (await q.messages(db, id, { before: seq, limit: 0 })).length > 0;
  }

  /**
   * Sends a message. With a client key its sender already saved here (the send repeated after its
   * answer was lost), answers the saved message, `replayed`, and saves and tells nothing again.
   */
  async function send(
    viewer: Viewer,
    id: string,
    body: string,
    clientKey?: string,
  ): Promise<{ message: MessageView; replayed: boolean }> {
    return db.transaction(async (tx) => {
      // The ping's row is share-locked: an answer, a Fulfilled or an expiry waits for this message.
      const { row, access } = await readable(tx, viewer, id, true);
      const saved = async () => {
        const known =
          clientKey && (await q.messageByClientKey(tx, { conversationId: id, senderId: viewer.id, clientKey }));
        return known ? { message: messageView(known, viewer.id, scam), replayed: true } : undefined;
      };
      // Sent already, perhaps before the conversation closed: it stays sent.
      const before = await saved();
      if (before) return before;
      const { decision, recipients } = await writeDecision(tx, viewer, row, access);
      if (!decision.allowed) {
        if (decision.reason === 'wait-for-group') throw sendRefused(409, 'WAIT_FOR_GROUP', cm.waitForGroup);
        throw sendRefused(409, 'CONVERSATION_CLOSED', cm.closed[decision.reason]);
      }
      await spendLimit(tx, viewer.id, 'messages', 1, (since) => q.countSentSince(tx, viewer.id, since));
      const message = await q.insertMessageOnce(tx, { conversationId: id, senderId: viewer.id, body, clientKey });
      // The same key sent at the same moment: the insert waited for the other send, which saved it.
      if (!message) {
        const other = await saved();
        if (other) return other;
        throw new Error('a message with this client key was neither inserted nor found');
      }
      // What one writes is read.
      await q.markRead(tx, id, viewer.id, Number(message.seq));
      await announceMessage(tx, message, recipients);
      return { message: messageView(message, viewer.id, scam), replayed: false };
    });
  }

  async function markRead(viewer: Viewer, id: string, seq: number): Promise<ReadAnswer> {
    return db.transaction(async (tx) => {
      await readable(tx, viewer, id);
      const upTo = Math.min(seq, await q.lastSeq(tx, id));
      let readSeq = 0;
      const moves = async () => {
        readSeq = (await q.participantState(tx, id, viewer.id)).readSeq;
        return upTo > readSeq;
      };
      // A mark at or behind the read position writes nothing and tells no tab.
      if (!(await changesAnything(tx, viewer.id, moves))) {
        unrecorded.spend(viewer.id, 'readMarks');
        return { readSeq, total: await q.unreadTotal(tx, viewer.id) };
      }
      await spendLimit(tx, viewer.id, 'readMarks');
      readSeq = await q.markRead(tx, id, viewer.id, upTo);
      const total = await q.unreadTotal(tx, viewer.id);
      // The viewer's other tabs hear the new count.
      await q.lockRecipients(tx, [viewer.id]);
      await writeEvents(tx, [{ userId: viewer.id, type: 'unread', data: { total } }]);
      return { readSeq, total };
    });
  }

  async function share(viewer: Viewer, id: string, choice: ContactShare): Promise<ContactShare> {
    return db.transaction(async (tx) => {
      const { row } = await readable(tx, viewer, id);
      const differs = async () => {
        const { share: saved } = await q.participantState(tx, id, viewer.id);
        return saved.email !== choice.email || saved.phone !== choice.phone || saved.instagram !== choice.instagram;
      };
      // Saving what is already saved writes nothing and tells nobody.
      if (!(await changesAnything(tx, viewer.id, differs))) {
        unrecorded.spend(viewer.id, 'contactShares');
        return choice;
      }
      await spendLimit(tx, viewer.id, 'contactShares');
      await q.saveShare(tx, id, viewer.id, choice);
      // The other participants' open conversation shows (or stops showing) the details at once.
      await statusChanged(tx, [row.ping_id]);
      return choice;
    });
  }

  async function report(
    viewer: Viewer,
    id: string,
    seq: number,
    input: { reason: ReportReason; details: string | null },
  ): Promise<{ reported: true }> {
    return db.transaction(async (tx) => {
      const { access } = await readable(tx, viewer, id);
      const message = await q.findMessage(tx, id, seq);
      if (!message) throw reportRefused(404, 'MESSAGE_NOT_FOUND', cm.messageNotFound);
      if (!can(viewer, 'conversation.report', { ...access, fromViewer: message.sender_user_id === viewer.id })) {
        throw reportRefused(403, 'OWN_MESSAGE', cm.reportOwn);
      }
      const inserted = await q.insertReport(tx, { seq, reporterId: viewer.id, ...input });
      if (!inserted) throw reportRefused(409, 'ALREADY_REPORTED', cm.alreadyReported);
      await spendLimit(tx, viewer.id, 'reports');
      return { reported: true as const };
    });
  }

  async function blocks(viewer: Viewer): Promise<BlockList> {
    const rows = await q.blocks(db, viewer.id);
    return { items: rows.map((r) => ({ userId: r.user_id, name: r.name, blockedAt: r.blocked_at })) };
  }

  async function block(viewer: Viewer, userId: string): Promise<{ blocked: true }> {
    if (!can(viewer, 'student.block', { userId })) throw blockRefused(400, 'BLOCK_SELF', cm.blockSelf);
    if (!(await q.userExists(db, userId))) throw blockRefused(404, 'STUDENT_NOT_FOUND', cm.blockNotFound);
    await q.block(db, viewer.id, userId);
    return { blocked: true };
  }

  async function unblock(viewer: Viewer, userId: string): Promise<{ blocked: false }> {
    await q.unblock(db, viewer.id, userId);
    return { blocked: false };
  }

  const settings = async (viewer: Viewer): Promise<ConversationSettings> => ({
    unreadEmail: await q.unreadEmailSetting(db, viewer.id),
  });

  /** The unread e-mails' one-click unsubscribe: the signed link is the authority, no sign-in. */
  async function unsubscribeUnreadEmail(userId: string, token: string): Promise<ConversationSettings> {
    if (!checkUnreadEmailToken(config.authSecret, userId, token) || !(await q.userExists(db, userId))) {
      throw new AppError(400, 'INVALID_UNSUBSCRIBE_LINK', cm.unsubscribeInvalid.title, cm.unsubscribeInvalid.message);
    }
    await q.saveUnreadEmailSetting(db, userId, false);
    return { unreadEmail: false };
  }

  async function saveSettings(viewer: Viewer, input: ConversationSettings): Promise<ConversationSettings> {
    await q.saveUnreadEmailSetting(db, viewer.id, input.unreadEmail);
    return input;
  }

  /** The moderators' queue of reported messages, each with the conversation's recent messages (the route's guard admits moderators only). */
  async function reportedMessages(viewer: Viewer): Promise<{ items: MessageReportItem[] }> {
    const rows = await q.openReports(db, REPORT_QUEUE_LIMIT);
    const items: MessageReportItem[] = [];
    for (const r of rows) {
      const context = await q.messagesUpTo(db, r.conversation_id, Number(r.message_seq), REPORT_CONTEXT_MESSAGES);
      const reported = context.at(-1);
      if (!reported) continue;
      items.push({
        id: r.id,
        reason: r.reason,
        details: r.details,
        reporterName: r.reporter_name,
        createdAt: r.created_at,
        message: messageView(reported, viewer.id, scam),
        conversationId: r.conversation_id,
        posting: { id: r.posting_id, place: place(r), status: r.posting_status },
        context: context.map((m) => messageView(m, viewer.id, scam)),
      });
    }
    return { items };
  }

  async function dismissReport(reportId: string): Promise<{ done: true }> {
    if (!isUuid(reportId) || !(await q.resolveReport(db, reportId))) throw errors.notFound();
    return { done: true };
  }

  /**
   * Tells each party of a group's roommate agreement (issue 34) that it changed, in the caller's
   * transaction: one 'agreement' event a posting per student, replacing the one before.
   */
  async function announceAgreement(tx: Executor, postingId: string, userIds: readonly string[]): Promise<void> {
    await q.lockRecipients(tx, userIds);
    await writeEvents(
      tx,
      userIds.map((userId) => ({ userId, type: 'agreement' as const, data: { postingId } })),
    );
  }

  return {
    announceAgreement,
    openForPing,
    blockBetween,
    statusChanged,
    list,
    unreadCount,
    view,
    send,
    markRead,
    share,
    report,
    blocks,
    block,
    unblock,
    settings,
    saveSettings,
    unsubscribeUnreadEmail,
    reportedMessages,
    dismissReport,
  };
}

export type ConversationService = ReturnType<typeof createConversationService>;
