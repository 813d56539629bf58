import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { AccountCleanups } from './account-cleanup';
import { deleteUnverifiedAccount, listUnverifiedBefore } from './pending-queries';

/** An address nobody proved within this long is freed again (decision 0020). */
const UNVERIFIED_ACCOUNT_TTL_MS = 24 * 60 * 60 * 1000;
export const UNVERIFIED_EXPIRY_EVERY_MS = 15 * 60 * 1000;
const BATCH = 200;

export interface UnverifiedAccountExpiry {
  /** Removes the accounts left unverified for UNVERIFIED_ACCOUNT_TTL_MS; answers how many went. */
  run(now?: Date): Promise<number>;
}

export function createUnverifiedAccountExpiry(deps: {
  db: Database;
  accountCleanups: AccountCleanups;
  log: Pick<FastifyBaseLogger, 'error'>;
}): UnverifiedAccountExpiry {
  const { db, accountCleanups, log } = deps;
  return {
    async run(now = new Date()) {
      const cutoff = new Date(now.getTime() - UNVERIFIED_ACCOUNT_TTL_MS);
      let removed = 0;
      for (;;) {
        const ids = await listUnverifiedBefore(db, cutoff, BATCH);
        for (const id of ids) {
          // Files outside the database first, as for any deleted account; the delete re-checks,
          // so an address verified meanwhile keeps its account.
          await accountCleanups.run(id, log);
          if (await deleteUnverifiedAccount(db, id, cutoff)) removed += 1;
        }
        if (ids.length < BATCH) return removed;
      }
    },
  };
}
