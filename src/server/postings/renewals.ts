/**
 * Keeping postings fresh (issue 22): the admin renews a posting from its detail page, or follows a
 * signed renewal link from the reminder e-mail to renew it or mark it Fulfilled, once.
 */

import { freshnessMessages } from '../../shared/freshness';
import type { RenewalPreview, RenewalResult } from '../../shared/schemas/freshness';
import type { Viewer } from '../auth/session';
import type { Executor } from '../db/client';
import { AppError } from '../http/errors';
import type { LoadAllowed, PostingServiceDeps } from './context';
import * as q from './queries';
import { readRenewalToken } from './renewal-token';
import { statusFailed } from './status';

const invalidRenewal = () =>
  new AppError(400, 'RENEWAL_LINK_INVALID', freshnessMessages.invalidLink.title, freshnessMessages.invalidLink.message);
const expiredRenewal = () =>
  new AppError(410, 'RENEWAL_LINK_EXPIRED', freshnessMessages.expiredLink.title, freshnessMessages.expiredLink.message);
const usedRenewal = () =>
  new AppError(410, 'RENEWAL_LINK_USED', freshnessMessages.usedLink.title, freshnessMessages.usedLink.message);

export function createPostingRenewals(
  {
    db,
    log,
    renewalSecret,
    renewalLinkMaxAgeMs,
    placeLabel,
  }: Pick<PostingServiceDeps, 'db' | 'log' | 'renewalSecret' | 'renewalLinkMaxAgeMs' | 'placeLabel'>,
  {
    loadAllowed,
    fulfilled,
  }: { loadAllowed: LoadAllowed; fulfilled: (tx: Executor, locked: q.PostingRow) => Promise<void> },
) {
  /** The admin confirms from the detail page that the group is still looking (like the e-mail's link). */
  async function renew(viewer: Viewer, id: string): Promise<{ updatedAt: string }> {
    await loadAllowed(viewer, id, 'posting.renew');
    return db.transaction(async (tx) => {
      await loadAllowed(viewer, id, 'posting.renew', tx, true);
      await q.renewPosting(tx, id);
      const fresh = await q.findPosting(tx, id);
      return { updatedAt: (fresh?.updatedAt ?? new Date()).toISOString() };
    });
  }

  /** The link's claim, if it is genuine and still within its time. */
  function readLink(token: string) {
    const claim = readRenewalToken(renewalSecret, token);
    if (!claim) throw invalidRenewal();
    if (!claim.issuedAt || Date.now() - claim.issuedAt.getTime() > renewalLinkMaxAgeMs) throw expiredRenewal();
    return claim;
  }

  /** What a renewal link would do; changes nothing (mail scanners may open links). */
  async function previewRenewal(token: string): Promise<RenewalPreview> {
    const claim = readLink(token);
    const row = await q.findPosting(db, claim.postingId);
    if (!row) throw usedRenewal();
    if (row.renewalNonce !== claim.nonce) throw usedRenewal();
    return { action: claim.action, postingId: row.id, place: placeLabel(row) };
  }

  /**
   * Does what a renewal link says, once: the nonce it carries is cleared in the same transaction,
   * so this link and its sibling stop working. 'fulfil' follows the status change's rules.
   */
  async function applyRenewal(token: string): Promise<RenewalResult> {
    const claim = readLink(token);
    try {
      return await db.transaction(async (tx) => {
        const locked = await q.lockPosting(tx, claim.postingId);
        if (!locked || locked.renewalNonce !== claim.nonce) throw usedRenewal();
        if (claim.action === 'renew') {
          await q.renewPosting(tx, locked.id);
          return { action: claim.action, postingId: locked.id, message: freshnessMessages.renewed };
        }
        await q.updateStatus(tx, locked.id, 'Fulfilled');
        if (locked.status !== 'Fulfilled') await fulfilled(tx, locked);
        return { action: claim.action, postingId: locked.id, message: freshnessMessages.fulfilled };
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error }, 'applying a renewal link failed');
      throw statusFailed();
    }
  }

  return { renew, previewRenewal, applyRenewal };
}
