/**
 * Per-student limits (issue 22, docs/decisions/0022): how many postings, images, reports,
 * invitations and pings one student may spend in a sliding window. The numbers and sentences are
 * in src/shared/limits.ts. Counting happens in the database, inside the action's own transaction
 * with the student's row locked, so every server shares one count and two requests at once cannot
 * both slip under the limit; a refused or failed action rolls back and counts nothing.
 */
import { LRUCache } from 'lru-cache';
import { STUDENT_LIMITS, type StudentLimitKind } from '../../shared/limits';
import type { Executor } from '../db/client';
import { AppError } from '../http/errors';
import * as q from './queries';

function limitReached(kind: StudentLimitKind): AppError {
  const limit = STUDENT_LIMITS[kind];
  return new AppError(429, limit.code, limit.title, limit.message(limit.max));
}

const windowStart = (kind: StudentLimitKind, now: number) => new Date(now - STUDENT_LIMITS[kind].windowMs);

/**
 * A cheap early refusal, before any work (a request body read, an image decoded): the student has
 * already used the whole window. Not a guarantee; spendLimit is.
 */
export async function assertUnderLimit(db: Executor, userId: string, kind: StudentLimitKind): Promise<void> {
  const used = await q.usedSince(db, userId, kind, windowStart(kind, Date.now()));
  if (used >= STUDENT_LIMITS[kind].max) throw limitReached(kind);
}

/**
 * Inside the action's transaction: locks the student, counts what they used in the window and
 * records `amount` more, or throws the limit's 429 when that would go over. `counted` replaces the
 * usage table for an action that already leaves a dated row of its own (a ping); nothing is
 * recorded then.
 */
export async function spendLimit(
  tx: Executor,
  userId: string,
  kind: StudentLimitKind,
  amount = 1,
  counted?: (since: Date) => Promise<number>,
): Promise<void> {
  const now = Date.now();
  const since = windowStart(kind, now);
  await q.lockStudent(tx, userId);
  const used = counted ? await counted(since) : await q.usedSince(tx, userId, kind, since);
  if (used + amount > STUDENT_LIMITS[kind].max) throw limitReached(kind);
  if (counted) return;
  await q.forgetUsageBefore(tx, userId, kind, since);
  await q.recordUsage(tx, userId, kind, amount);
}

/**
 * For an action that leaves a dated row of its own and already holds a lock serialising it (a
 * roommate agreement's edit, under its posting's lock): counts those rows in the window and throws
 * the limit's 429 when `amount` more would go over. Records nothing and takes no other lock.
 */
export async function checkCounted(
  kind: StudentLimitKind,
  counted: (since: Date) => Promise<number>,
  amount = 1,
): Promise<void> {
  const used = await counted(windowStart(kind, Date.now()));
  if (used + amount > STUDENT_LIMITS[kind].max) throw limitReached(kind);
}

/**
 * Takes the lock spendLimit takes, for an action that must decide under it whether it spends at all
 * (whether it changes anything): the student's counted actions then run one at a time.
 */
export async function lockStudent(tx: Executor, userId: string): Promise<void> {
  await q.lockStudent(tx, userId);
}

/** Students whose unrecorded requests one server remembers (a few MB at most). */
const UNRECORDED_STUDENTS = 10_000;

/**
 * Requests that change nothing (a share saved as it already is, a read mark behind the read
 * position) count against their kind's limit too, so a flood of them is refused, but they write
 * nothing, not even a usage row: this server's memory counts them over the same sliding window,
 * apart from the changes counted in the database. They cost one server a read each, like any page
 * load; the changes, which write rows and send events, keep their exact count across servers.
 */
export class UnrecordedRequests {
  /** Per student and kind: the times of the requests still in the window (at most the limit's max). */
  private readonly times = new LRUCache<string, number[]>({ max: UNRECORDED_STUDENTS });

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one more request, or throws the kind's 429 when the window already holds its max. */
  spend(userId: string, kind: StudentLimitKind): void {
    const now = this.now();
    const since = now - STUDENT_LIMITS[kind].windowMs;
    const key = `${kind}:${userId}`;
    const times = (this.times.get(key) ?? []).filter((time) => time > since);
    if (times.length >= STUDENT_LIMITS[kind].max) {
      this.times.set(key, times);
      throw limitReached(kind);
    }
    times.push(now);
    this.times.set(key, times);
  }
}
