import type { FastifyBaseLogger } from 'fastify';

/** Work to do before an account is deleted, e.g. removing stored files of the postings it owns. */
export type AccountCleanup = (userId: string) => Promise<void>;

/**
 * Database rows owned by a user go with it through foreign-key cascades. Anything outside the
 * database (stored images) is removed by cleanups that features register here; a failing
 * cleanup is logged and does not stop the deletion (docs/product-spec.md: file deletion failures are only logged).
 */
export class AccountCleanups {
  private readonly cleanups: AccountCleanup[] = [];

  add(cleanup: AccountCleanup): void {
    this.cleanups.push(cleanup);
  }

  async run(userId: string, log: Pick<FastifyBaseLogger, 'error'>): Promise<void> {
    for (const cleanup of this.cleanups) {
      try {
        await cleanup(userId);
      } catch (error) {
        log.error({ err: error, userId }, 'account cleanup failed');
      }
    }
  }
}
