/**
 * Reports and moderation (issue 14). Any member may report a posting once (not their own), and at
 * most STUDENT_LIMITS.reports postings a day; reports from AUTO_HIDE_REPORTERS different students
 * whose accounts are a day old hide it until a moderator looks (decision 0022). Moderators (named in
 * the college config) dismiss the reports, hide the posting (its admin is e-mailed why and appeals
 * by editing it, which puts it back in the queue while it stays hidden), or suspend the admin's
 * account. Each action, the automatic hide included, is recorded in moderation_action in the same
 * transaction as the change, and its e-mail is written to the outbox there too.
 */

import { can, roleOf } from '../../shared/authorization';
import { isUuid } from '../../shared/ids';
import { messages } from '../../shared/messages';
import { moderationMessages } from '../../shared/moderation';
import { pageAddress } from '../../shared/page-addresses';
import {
  AUTO_HIDE_MIN_ACCOUNT_AGE_HOURS,
  AUTO_HIDE_REPORTERS,
  type AuditEntry,
  type QueueItem,
  REPORT_REASONS,
  type ReportReason,
} from '../../shared/schemas/moderation';
import type { Viewer } from '../auth/session';
import { type AppConfig, moderatorCheck } from '../config';
import type { Database } from '../db/client';
import { AppError, errors } from '../http/errors';
import { spendLimit } from '../limits/student-limits';
import { renderMail } from '../mail/mailer';
import { enqueueMail } from '../mail/outbox';
import { placeLabel } from '../postings/freshness';
import * as q from './queries';

const QUEUE_LIMIT = 100;
const AUDIT_LIMIT = 200;

const postingNotFound = () =>
  errors.notFound(messages.postingAccess.notFound.message, messages.postingAccess.notFound.title);
const reportFailed = (status: number, code: string, message: string) =>
  new AppError(status, code, moderationMessages.reportFailedTitle, message);

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function createModerationService({ db, config }: { db: Database; config: AppConfig }) {
  const isModerator = moderatorCheck(config);
  const { productName } = config.college;
  const detailUrl = (id: string) => `${config.publicUrl}${pageAddress.posting(id)}`;

  async function report(
    viewer: Viewer,
    postingId: string,
    input: { reason: ReportReason; details: string | null },
  ): Promise<{ reported: true; hidden: boolean }> {
    if (!isUuid(postingId)) throw postingNotFound();
    return db.transaction(async (tx) => {
      const target = await q.lockPosting(tx, postingId);
      if (!target) throw postingNotFound();
      // Here the posting's admin is its only student: its group reports it like anyone else.
      const posting = { viewerRole: roleOf(target.adminUserId, viewer.id, null) };
      if (!can(viewer, 'posting.view', { ...posting, hidden: target.hiddenAt !== null })) throw postingNotFound();
      if (!can(viewer, 'posting.report', posting)) {
        throw reportFailed(403, 'OWN_POSTING', moderationMessages.ownPosting);
      }
      const inserted = await q.insertReport(tx, {
        postingId,
        reporterUserId: viewer.id,
        reason: input.reason,
        details: input.details,
      });
      if (!inserted) throw reportFailed(409, 'ALREADY_REPORTED', moderationMessages.alreadyReported);
      // After the insert, so a second report of the same posting still hears 'already reported'.
      await spendLimit(tx, viewer.id, 'reports');
      if (target.hiddenAt !== null) return { reported: true as const, hidden: true };
      const reporters = await q.countSeasonedReporters(tx, postingId, AUTO_HIDE_MIN_ACCOUNT_AGE_HOURS);
      if (reporters < AUTO_HIDE_REPORTERS) return { reported: true as const, hidden: false };
      await q.hidePosting(tx, postingId, 'auto', moderationMessages.autoHiddenReason);
      await q.recordAction(tx, {
        moderatorUserId: null,
        moderatorEmail: null,
        action: 'auto-hide',
        postingId,
        postingLabel: `${placeLabel(config, target)} (${target.adminName})`,
        targetUserId: target.adminUserId,
        reason: `Reports from ${reporters} different students with accounts older than a day.`,
      });
      return { reported: true as const, hidden: true };
    });
  }

  /** The queue; the route's guard admits moderators only. */
  async function queue(): Promise<{ items: QueueItem[] }> {
    const rows = await q.listQueue(db, QUEUE_LIMIT);
    const reports = await q.openReportsOf(
      db,
      rows.map((row) => row.id),
    );
    const items = rows.map((row): QueueItem => {
      const own = reports.filter((r) => r.posting_id === row.id);
      const counts = new Map<ReportReason, number>();
      for (const r of own) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1);
      return {
        posting: {
          id: row.id,
          listingLocation: row.listing_location,
          dorm: row.dorm,
          address: row.address,
          status: row.status,
          description: row.description,
          adminName: row.admin_name,
          adminEmail: row.admin_email,
          adminUserId: row.admin_user_id,
          adminSuspended: row.admin_suspended,
          hidden:
            row.hidden_at && row.hidden_kind
              ? { kind: row.hidden_kind, reason: row.hidden_reason, at: iso(row.hidden_at) as string }
              : null,
          appealedAt: iso(row.appealed_at),
        },
        reporterCount: new Set(own.map((r) => r.reporter_user_id)).size,
        reasons: REPORT_REASONS.filter((reason) => counts.has(reason)).map((reason) => ({
          reason,
          count: counts.get(reason) ?? 0,
        })),
        reports: own.map((r) => ({
          id: r.id,
          reason: r.reason,
          details: r.details,
          reporterName: r.reporter_name,
          createdAt: iso(r.created_at) as string,
        })),
      };
    });
    return { items };
  }

  /** The audit; the route's guard admits moderators only. */
  async function audit(): Promise<{ items: AuditEntry[] }> {
    const rows = await q.listActions(db, AUDIT_LIMIT);
    return {
      items: rows.map((row) => ({
        id: row.id,
        action: row.action,
        moderatorEmail: row.moderatorEmail,
        postingId: row.postingId,
        postingLabel: row.postingLabel,
        targetEmail: row.targetEmail,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  }

  async function act(
    viewer: Viewer,
    postingId: string,
    action: 'dismiss' | 'hide' | 'suspend',
    reason: string,
  ): Promise<{ done: true }> {
    if (!isUuid(postingId)) throw postingNotFound();
    if (action !== 'dismiss' && reason.length === 0) {
      throw new AppError(400, 'VALIDATION_FAILED', messages.api.badRequest.title, moderationMessages.reasonRequired, [
        moderationMessages.reasonRequired,
      ]);
    }
    await db.transaction(async (tx) => {
      const target = await q.lockPosting(tx, postingId);
      if (!target) throw postingNotFound();
      const admin = await q.findUser(tx, target.adminUserId);
      if (!admin) throw postingNotFound();
      const place = placeLabel(config, target);
      const record = {
        moderatorUserId: viewer.id,
        moderatorEmail: viewer.email,
        action,
        postingId,
        postingLabel: `${place} (${target.adminName})`,
        targetUserId: admin.id,
        targetEmail: admin.email,
        reason: reason || null,
      };
      if (action === 'dismiss') {
        // Nothing wrong: the reports close and the posting shows again (unless its admin is suspended).
        await q.resolveReports(tx, postingId);
        if (target.hiddenAt !== null && target.hiddenKind !== 'suspended') await q.unhidePosting(tx, postingId);
        else await q.clearAppeal(tx, postingId);
      } else if (action === 'hide') {
        await q.resolveReports(tx, postingId);
        await q.hidePosting(tx, postingId, 'moderator', reason);
        await enqueueMail(tx, [
          {
            kind: 'posting-hidden',
            to: admin.email,
            subject: `Your posting at ${place} was hidden by a moderator`,
            link: detailUrl(postingId),
            ...renderMail({
              productName,
              paragraphs: [
                `Hi ${admin.name},`,
                `A moderator of ${productName} hid your posting at ${place}, so other students no longer see it.`,
                `The reason given: ${reason}`,
                'If you can fix what is wrong, edit the posting: your edit goes to a moderator, who can show it again.',
              ],
              action: { label: 'Open my posting', url: detailUrl(postingId) },
            }),
          },
        ]);
      } else {
        if (isModerator(admin.email)) {
          throw errors.forbidden(moderationMessages.cannotSuspendModerator, undefined, 'CANNOT_SUSPEND_MODERATOR');
        }
        if (admin.id === viewer.id) {
          throw errors.forbidden(moderationMessages.cannotSuspendModerator, undefined, 'CANNOT_SUSPEND_MODERATOR');
        }
        await q.suspendUser(tx, admin.id, reason, moderationMessages.suspendedReason);
        await enqueueMail(tx, [
          {
            kind: 'account-suspended',
            to: admin.email,
            subject: `Your ${productName} account was suspended`,
            ...renderMail({
              productName,
              paragraphs: [
                `Hi ${admin.name},`,
                `A moderator of ${productName} suspended your account: you cannot sign in, and your postings are hidden.`,
                `The reason given: ${reason}`,
                `If you think this is a mistake, reply through the Contact page at ${config.publicUrl}/contact-us.`,
              ],
            }),
          },
        ]);
      }
      await q.recordAction(tx, record);
    });
    return { done: true };
  }

  /** Sign-in is refused for a suspended account (better-auth's session hook asks this). */
  async function isSuspended(userId: string): Promise<boolean> {
    return q.isSuspended(db, userId);
  }

  return { report, queue, audit, act, isSuspended };
}

export type ModerationService = ReturnType<typeof createModerationService>;
