/**
 * What 'Best fit' may cost (issue 22, docs/decisions/0021). Each student has a rate limit and at most
 * one fit search running (a second waits its turn, more are refused); across students only a few
 * run at once, so cheaper statements interleave with theirs on the embedded database's one thread
 * and keep pooled connections free on PostgreSQL; on PostgreSQL each fit statement has a timeout.
 */
import { setImmediate as yieldTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { bestFitMessages } from '../../shared/best-fit-messages';
import type { Database, Executor } from '../db/client';
import { AppError } from '../http/errors';
import { createWorkQueue } from '../limits/in-flight';

/** Fit searches one student may start in any minute (a page of results is one search). */
export const FIT_PER_MINUTE = 30;
const MINUTE_MS = 60_000;
/** Fit searches one student may have admitted at once: one running, one waiting its turn. */
const FIT_HELD_PER_STUDENT = 2;
/** Fit searches running at once: one on the embedded database (one thread), a few of the pool's connections on PostgreSQL. */
const FIT_CONCURRENCY = { pglite: 1, postgres: 3 } as const;
/** Fit searches waiting for a turn; more are refused rather than queued without bound. */
const FIT_QUEUE_LIMIT = 200;
/** How long one fit statement may run on PostgreSQL (PGlite cannot time a statement out). */
const FIT_STATEMENT_TIMEOUT_MS = 3_000;

/** PostgreSQL's query_canceled: the statement ran past statement_timeout. */
const isStatementTimeout = (error: unknown) => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
};

export interface FitGuardOptions {
  db: Database;
  kind: 'pglite' | 'postgres';
  statementTimeoutMs?: number;
  /** For tests: the clock of the rate limit. */
  now?: () => number;
}

export class FitGuard {
  private readonly runInTurn: ReturnType<typeof createWorkQueue>;
  /** Per student: the start of their current minute and how many fit searches it admitted. */
  private readonly minutes = new LRUCache<string, { start: number; count: number }>({ max: 50_000 });
  /** Per student: fit searches admitted and not finished, and the end of the last one's turn. */
  private readonly held = new Map<string, { count: number; turn: Promise<void> }>();
  private readonly now: () => number;

  /**
   * The embedded database answers from this thread and its promises settle at once, so a chain of
   * statements would never let the event loop read another request: each statement first yields.
   */
  private readonly yielding: Executor;

  constructor(private readonly options: FitGuardOptions) {
    this.runInTurn = createWorkQueue(FIT_CONCURRENCY[options.kind], {
      queueLimit: FIT_QUEUE_LIMIT,
      whenFull: () => {
        const { title, message } = bestFitMessages.crowded;
        return new AppError(503, 'FIT_BUSY', title, message);
      },
    });
    this.now = options.now ?? Date.now;
    const { db } = options;
    this.yielding = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver);
        return async (query: Parameters<Database['execute']>[0]) => {
          await yieldTurn();
          return target.execute(query);
        };
      },
    });
  }

  /** Runs one fit search of `userId` under every limit; `work` gets the executor its statements use. */
  async run<T>(userId: string, work: (executor: Executor) => Promise<T>): Promise<T> {
    const mine = this.held.get(userId);
    if (mine && mine.count >= FIT_HELD_PER_STUDENT) {
      throw new AppError(429, 'FIT_IN_PROGRESS', bestFitMessages.busy.title, bestFitMessages.busy.message);
    }
    this.countAttempt(userId);
    // Admitted: wait for this student's previous search to end, then for a turn among everyone's.
    const previous = mine?.turn ?? Promise.resolve();
    let finish = () => {};
    const turn = new Promise<void>((resolve) => {
      finish = resolve;
    });
    this.held.set(userId, { count: (mine?.count ?? 0) + 1, turn: previous.then(() => turn) });
    try {
      await previous;
      return await this.runInTurn(() => this.execute(work));
    } finally {
      finish();
      const now = this.held.get(userId);
      if (now && now.count > 1) now.count -= 1;
      else this.held.delete(userId);
    }
  }

  private countAttempt(userId: string): void {
    const now = this.now();
    const minute = this.minutes.get(userId);
    if (!minute || now - minute.start >= MINUTE_MS) {
      this.minutes.set(userId, { start: now, count: 1 });
      return;
    }
    if (minute.count >= FIT_PER_MINUTE) {
      const wait = Math.max(1, Math.ceil((minute.start + MINUTE_MS - now) / 1000));
      const { title, message } = bestFitMessages.rateLimited(FIT_PER_MINUTE, wait);
      throw new AppError(429, 'FIT_RATE_LIMITED', title, message);
    }
    minute.count += 1;
  }

  private async execute<T>(work: (executor: Executor) => Promise<T>): Promise<T> {
    // PGlite runs in this process without timers inside a statement: its statements are kept small
    // instead, and a transaction would hold its one connection between them.
    if (this.options.kind === 'pglite') return work(this.yielding);
    const timeout = this.options.statementTimeoutMs ?? FIT_STATEMENT_TIMEOUT_MS;
    try {
      return await this.options.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('statement_timeout', ${String(timeout)}, true)`);
        return work(tx);
      });
    } catch (error) {
      if (isStatementTimeout(error)) {
        const { title, message } = bestFitMessages.tooSlow;
        throw new AppError(503, 'FIT_TIMEOUT', title, message);
      }
      throw error;
    }
  }
}
