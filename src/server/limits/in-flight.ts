/**
 * Caps on work in progress in this server process (issue 22, docs/decisions/0022): uploads being
 * read (per student and in all) and images being decoded. Memory and CPU belong to one process,
 * so these live in memory, unlike the per-student limits over time (student-limits.ts).
 */
import { limitMessages, UPLOADS_IN_FLIGHT_PER_STUDENT, UPLOADS_IN_FLIGHT_TOTAL } from '../../shared/limits';
import { AppError } from '../http/errors';

export interface UploadGate {
  /** Takes a place or throws (429 for this student, 503 when the server is full); returns its release. */
  enter(userId: string): () => void;
  /** Uploads in progress now (for tests and the log). */
  readonly inFlight: number;
}

export function createUploadGate({
  perStudent = UPLOADS_IN_FLIGHT_PER_STUDENT,
  total = UPLOADS_IN_FLIGHT_TOTAL,
}: {
  perStudent?: number;
  total?: number;
} = {}): UploadGate {
  const byStudent = new Map<string, number>();
  let inFlight = 0;
  return {
    enter(userId) {
      const own = byStudent.get(userId) ?? 0;
      if (own >= perStudent) {
        const { title, message } = limitMessages.uploadsPerStudent;
        throw new AppError(429, 'UPLOAD_IN_PROGRESS', title, message);
      }
      if (inFlight >= total) {
        const { title, message } = limitMessages.uploadsTotal;
        throw new AppError(503, 'UPLOADS_BUSY', title, message);
      }
      byStudent.set(userId, own + 1);
      inFlight += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= 1;
        const left = (byStudent.get(userId) ?? 1) - 1;
        if (left > 0) byStudent.set(userId, left);
        else byStudent.delete(userId);
      };
    },
    get inFlight() {
      return inFlight;
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
