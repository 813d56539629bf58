/**
 * What every part of the groups service shares: its dependencies, the group's mails, the college
 * address check, and the viewer's access to a posting (who may do what: src/shared/authorization.ts).
 */

import { can, type GroupPlace, roleOf } from '../../shared/authorization';
import { INVITATION_RESEND_MINUTES } from '../../shared/schemas/groups';
import { isCollegeEmail } from '../auth/domain-policy';
import type { Viewer } from '../auth/viewer';
import type { AppConfig } from '../config';
import type { Database, Executor } from '../db/client';
import { postingNotFound } from './errors';
import { createGroupMails } from './mails';
import * as q from './queries';

export const DAY_MS = 24 * 60 * 60_000;
export const RESEND_MS = INVITATION_RESEND_MINUTES * 60_000;

export const sameAddress = (a: string | null, b: string) =>
  a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The viewer's place in a posting's group, and whose posting it is. */
export interface GroupAccess extends GroupPlace {
  adminUserId: string;
}

export interface GroupServiceDeps {
  db: Database;
  config: AppConfig;
  placeLabel: (posting: { dorm: string | null; address: string | null }) => string;
}

export function createGroupContext({ db, config, placeLabel }: GroupServiceDeps) {
  const mails = createGroupMails(config);
  const { emailDomain, allowedEmailSubdomains } = config.college.college;
  const isCollege = (email: string) => isCollegeEmail(email, emailDomain, allowedEmailSubdomains);

  /** The viewer's access to a posting (its admin, or their joined row's role). */
  async function accessOf(
    executor: Executor,
    posting: { id: string; adminUserId: string },
    viewerId: string,
  ): Promise<GroupAccess> {
    const joined = posting.adminUserId === viewerId ? null : await q.joinedRole(executor, posting.id, viewerId);
    return { adminUserId: posting.adminUserId, viewerRole: roleOf(posting.adminUserId, viewerId, joined) };
  }

  /**
   * accessOf for a route that names a posting: a hidden posting is missing to anyone who may not
   * see it (issue 30), as on its detail page; a 403 would tell that it exists.
   */
  async function visibleAccessOf(
    executor: Executor,
    posting: { id: string; adminUserId: string; hiddenAt: Date | null },
    viewer: Viewer,
  ): Promise<GroupAccess> {
    const access = await accessOf(executor, posting, viewer.id);
    if (!can(viewer, 'posting.view', { ...access, hidden: posting.hiddenAt !== null })) throw postingNotFound();
    return access;
  }

  return { db, placeLabel, mails, emailDomain, isCollege, accessOf, visibleAccessOf };
}

export type GroupContext = ReturnType<typeof createGroupContext>;
