/**
 * Caps on work in progress in this server process (issue 22, docs/decisions/0022): uploads being
 * read (per student and in all) and images being decoded. Memory and CPU belong to one process,
 * so these live in memory, unlike the per-student limits over time (student-limits.ts).
 */
import { UPLOAD_PLACE_WAIT_MS, UPLOAD_PLACE_WAITING_MAX } from '../../shared/deadlines';
import { limitMessages, UPLOADS_IN_FLIGHT_PER_STUDENT, UPLOADS_IN_FLIGHT_TOTAL } from '../../shared/limits';
import { AppError } from '../http/errors';

export interface UploadGate {
  /**
   * Takes a place and resolves to its release. When every place is taken the upload waits its turn
   * (first come, first served) up to the gate's wait; it is refused at once with 429 when its
   * student already holds or awaits their share, and with 503 when no place frees in time or too
   * many wait already. `signal` withdraws a waiting upload (its sender went away) with its reason.
   */
  enter(userId: string, signal?: AbortSignal): Promise<() => void>;
  /** Uploads in progress now (for tests and the log). */
  readonly inFlight: number;
  /** Uploads waiting for a place now. */
  readonly waiting: number;
}

function busy(): AppError {
  const { title, message } = limitMessages.uploadsTotal;
  return new AppError(503, 'UPLOADS_BUSY', title, message);
}

export function createUploadGate({
  perStudent = UPLOADS_IN_FLIGHT_PER_STUDENT,
  total = UPLOADS_IN_FLIGHT_TOTAL,
  waitMs = UPLOAD_PLACE_WAIT_MS,
  maxWaiting = UPLOAD_PLACE_WAITING_MAX,
}: {
  perStudent?: number;
  total?: number;
  /** How long an upload waits for a place before 503; 0 refuses at once. */
  waitMs?: number;
  maxWaiting?: number;
} = {}): UploadGate {
  /** Per student: uploads in progress and waiting. */
  const byStudent = new Map<string, number>();
  let inFlight = 0;
  /** Waiting uploads in order of arrival; each takes the place it is handed. */
  const queue: { take: () => void }[] = [];

  const leave = (userId: string) => {
    const left = (byStudent.get(userId) ?? 1) - 1;
    if (left > 0) byStudent.set(userId, left);
    else byStudent.delete(userId);
  };
  const place = (userId: string) => {
    inFlight += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight -= 1;
      leave(userId);
      // Handed straight to the first in line: a newcomer (a sender who reconnects the moment
      // their upload was cut off) cannot take it ahead of someone already waiting.
      queue.shift()?.take();
    };
  };

  return {
    async enter(userId, signal) {
      signal?.throwIfAborted();
      const own = byStudent.get(userId) ?? 0;
      if (own >= perStudent) {
        const { title, message } = limitMessages.uploadsPerStudent;
        throw new AppError(429, 'UPLOAD_IN_PROGRESS', title, message);
      }
      if (inFlight < total && queue.length === 0) {
        byStudent.set(userId, own + 1);
        return place(userId);
      }
      if (waitMs <= 0 || queue.length >= maxWaiting) throw busy();
      byStudent.set(userId, own + 1);
      return new Promise<() => void>((resolve, reject) => {
        const waiter = {
          take: () => {
            settle();
            resolve(place(userId));
          },
        };
        const giveUp = (error: unknown) => {
          settle();
          queue.splice(queue.indexOf(waiter), 1);
          leave(userId);
          reject(error);
        };
        const timer = setTimeout(() => giveUp(busy()), waitMs);
        const withdrawn = () => giveUp(signal?.reason);
        const settle = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', withdrawn);
        };
        signal?.addEventListener('abort', withdrawn, { once: true });
        queue.push(waiter);
      });
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/**
 * Runs at most `concurrency` tasks at once; the others wait their turn, first come first served.
 * With a `queueLimit`, a task that would wait behind that many others is refused by `whenFull`.
 */
export function createWorkQueue(
  concurrency: number,
  { queueLimit = Number.POSITIVE_INFINITY, whenFull }: { queueLimit?: number; whenFull?: () => Error } = {},
) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= queueLimit) throw whenFull?.() ?? new Error('The work queue is full.');
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running += 1;
    try {
      return await task();
    } finally {
      // Hands the place straight to the next task in line (running stays the same), so a newcomer
      // cannot overtake the queue; or frees it.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
