/**
 * The profile's Account section: what the account is, and deleting it. Deleting is one
 * transaction (the user's postings with their members, image rows, bookmarks and pings; their own
 * bookmarks and pings; their sessions and sign-in accounts; the user), and only after it has
 * committed are the postings' stored images removed: a failure leaves everything as it was, and
 * no row ever points at a deleted file.
 */

import type { FastifyBaseLogger } from 'fastify';
import { accountMessages } from '../../shared/account-messages';
import { messages } from '../../shared/messages';
import { type AccountDetails, confirmsEmail, type SignInMethod } from '../../shared/schemas/account';
import type { Viewer } from '../auth/session';
import type { Database } from '../db/client';
import type { GroupService } from '../groups/service';
import { AppError, errors } from '../http/errors';
import { deletePostingsOwnedBy } from '../postings/removal';
import type { Storage } from '../storage';
import * as q from './queries';

export interface AccountServiceDeps {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Each group the account administers goes to its longest-joined co-admin (decision 0024). */
  groups: GroupService;
}

const PASSWORD_PROVIDER = 'credential';

export function createAccountService({ db, storage, log, groups }: AccountServiceDeps) {
  async function details(viewer: Viewer): Promise<AccountDetails> {
    const [row, providers] = await Promise.all([q.findUser(db, viewer.id), q.listProviders(db, viewer.id)]);
    if (!row) throw errors.unauthorized();
    const methods = new Set<SignInMethod>(providers.map((id) => (id === PASSWORD_PROVIDER ? 'password' : 'oidc')));
    return {
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerified,
      memberSince: row.createdAt.toISOString(),
      signInMethods: (['password', 'oidc'] as const).filter((method) => methods.has(method)),
    };
  }

  async function remove(viewer: Viewer, confirmEmail: string): Promise<void> {
    if (!confirmsEmail(confirmEmail, viewer.email)) {
      throw errors.badRequest(accountMessages.deleteConfirmMismatch, undefined, accountMessages.deleteConfirmTitle);
    }
    let keys: string[] = [];
    try {
      await db.transaction(async (tx) => {
        keys = await deletePostingsOwnedBy(tx, groups, viewer.id);
        if (!(await q.deleteUserRow(tx, viewer.id))) throw errors.unauthorized();
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      log.error({ err: error }, 'deleting an account failed');
      throw new AppError(500, 'ACCOUNT_DELETE_FAILED', messages.api.internal.title, accountMessages.deleteFailed);
    }
    if (keys.length === 0) return;
    try {
      await storage.delete(keys);
    } catch (err) {
      // The rows are gone; the start-up sweep removes files no row references.
      log.warn({ err, keys: keys.length }, 'could not remove a deleted account’s images; the start-up sweep will');
    }
  }

  return { details, remove };
}
