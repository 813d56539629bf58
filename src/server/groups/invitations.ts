/**
 * Invitation links and the invited student's side: a link works once, for one college address, for
 * INVITATION_TTL_DAYS; the student opens it, joins or declines ("This isn't me"), and sees their
 * pending invitations. Only the token's hash is ever stored.
 */

import { createHash } from 'node:crypto';
import type { InvitationList, InvitationView } from '../../shared/schemas/groups';
import type { Viewer } from '../auth/session';
import type { Executor } from '../db/client';
import { enqueueMail } from '../mail/outbox';
import { type GroupContext, sameAddress } from './context';
import {
  alreadyJoined,
  invitationExpired,
  invitationNotFound,
  invitationOtherAccount,
  invitationUsed,
  invitationWithdrawn,
  spentError,
} from './errors';
import * as q from './queries';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function createInvitations({ db, placeLabel, mails, accessOf }: GroupContext) {
  /** GET /api/invitations/by-token/:token */
  async function byToken(viewer: Viewer, token: string): Promise<InvitationView> {
    const match = await q.findByTokenHash(db, hashToken(token));
    if (!match) throw invitationNotFound();
    if (!match.live) throw spentError(match.row.spentReason);
    const { row } = match;
    if (!row.invitationExpiresAt || row.invitationExpiresAt.getTime() <= Date.now()) throw invitationExpired();
    if (!sameAddress(row.email, viewer.email)) throw invitationOtherAccount();
    const view = await q.invitationOf(db, row.id);
    if (!view) throw invitationNotFound();
    return toInvitation(view);
  }

  /** POST /api/invitations/:id/join */
  async function join(viewer: Viewer, memberId: string, token: string | undefined): Promise<{ postingId: string }> {
    return db.transaction(async (tx) => {
      const row = await answerable(tx, viewer, memberId, token, { expiredRefused: true });
      const posting = await q.lockPosting(tx, row.postingId);
      if (!posting) throw invitationNotFound();
      const access = await accessOf(tx, posting, viewer.id);
      if (access.viewerRole !== null) throw alreadyJoined();
      await q.updateMember(tx, row.id, {
        userId: viewer.id,
        state: 'joined',
        role: 'member',
        joinedAt: new Date(),
        name: viewer.name,
        invitationTokenHash: null,
        spentTokenHash: row.invitationTokenHash,
        spentReason: 'joined',
      });
      return { postingId: row.postingId };
    });
  }

  /** POST /api/invitations/:id/decline ("This isn't me"): the address goes and the admin is told. */
  async function decline(viewer: Viewer, memberId: string, token: string | undefined): Promise<{ declined: true }> {
    return db.transaction(async (tx) => {
      const row = await answerable(tx, viewer, memberId, token, { expiredRefused: false });
      const posting = await q.lockPosting(tx, row.postingId);
      if (!posting) throw invitationNotFound();
      await q.updateMember(tx, row.id, {
        state: 'declined',
        email: null,
        invitationTokenHash: null,
        invitationExpiresAt: null,
        spentTokenHash: row.invitationTokenHash,
        spentReason: 'declined',
      });
      const admin = await q.accountOf(tx, posting.adminUserId);
      if (admin) await enqueueMail(tx, [mails.declined({ to: admin.email, postingId: posting.id, place: posting })]);
      return { declined: true as const };
    });
  }

  async function myInvitations(viewer: Viewer): Promise<InvitationList> {
    const rows = await q.pendingInvitations(db, viewer.email, new Date());
    return { items: rows.map(toInvitation) };
  }

  async function invitationCount(viewer: Viewer): Promise<{ count: number }> {
    return { count: await q.countPendingInvitations(db, viewer.email, new Date()) };
  }

  function toInvitation(row: q.InvitationRow): InvitationView {
    return {
      id: row.id,
      postingId: row.posting_id,
      adminName: row.admin_name,
      place: placeLabel(row),
      memberName: row.name,
      expiresAt: new Date(row.invitation_expires_at).toISOString(),
    };
  }

  /**
   * The row `viewer` may answer (join or decline): the invitation to their own verified address,
   * pending (and, to join, not expired). With a token, it must be the row's live link.
   */
  async function answerable(
    tx: Executor,
    viewer: Viewer,
    memberId: string,
    token: string | undefined,
    { expiredRefused }: { expiredRefused: boolean },
  ): Promise<q.MemberRow> {
    const row = await q.lockMember(tx, memberId);
    if (!row) throw invitationNotFound();
    const hash = token === undefined ? undefined : hashToken(token);
    if (hash !== undefined && row.invitationTokenHash !== hash) {
      if (row.spentTokenHash === hash) throw spentError(row.spentReason);
      throw invitationNotFound();
    }
    if (row.state === 'joined' && row.userId === viewer.id) throw invitationUsed();
    if (!sameAddress(row.email, viewer.email)) {
      // Another account learns only that a link it holds is for someone else.
      if (hash !== undefined && row.state === 'invited') throw invitationOtherAccount();
      throw invitationNotFound();
    }
    if (row.state === 'declined' || row.state === 'joined') throw invitationUsed();
    if (row.state !== 'invited') {
      if (row.spentReason === 'withdrawn') throw invitationWithdrawn();
      throw invitationNotFound();
    }
    if (expiredRefused && (!row.invitationExpiresAt || row.invitationExpiresAt.getTime() <= Date.now())) {
      throw invitationExpired();
    }
    return row;
  }

  return { byToken, join, decline, myInvitations, invitationCount };
}
