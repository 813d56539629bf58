/**
 * The pace an upload's body must keep while it holds one of the server's upload places (issue 30,
 * item 2; numbers in src/shared/deadlines.ts): a minimum of bytes in every window, and an overall
 * deadline. A sender trickling a byte every few seconds would otherwise hold a place, and with
 * enough of them every place, for as long as they liked.
 */
import type { Readable } from 'node:stream';
import {
  UPLOAD_DEADLINE_MS,
  UPLOAD_MIN_BYTES_PER_WINDOW,
  UPLOAD_PACE_WINDOW_MS,
  UPLOAD_PLACE_WAIT_MS,
  UPLOAD_PLACE_WAITING_MAX,
} from '../../shared/deadlines';

export interface UploadPace {
  windowMs: number;
  minBytesPerWindow: number;
  deadlineMs: number;
  /** How long an upload waits for a place when all are taken (the upload gate's wait). */
  placeWaitMs: number;
  /** Uploads that may wait for a place at once. */
  placeWaitingMax: number;
}

export function uploadPace(overrides: Partial<UploadPace> = {}): UploadPace {
  return {
    windowMs: UPLOAD_PACE_WINDOW_MS,
    minBytesPerWindow: UPLOAD_MIN_BYTES_PER_WINDOW,
    deadlineMs: UPLOAD_DEADLINE_MS,
    placeWaitMs: UPLOAD_PLACE_WAIT_MS,
    placeWaitingMax: UPLOAD_PLACE_WAITING_MAX,
    ...overrides,
  };
}

export type TooSlow = 'below the minimum pace' | 'past the deadline';

/**
 * Counts the bytes of `body` as its reader takes them and calls `tooSlow` once, at the end of the
 * first window that brought fewer than the minimum or at the deadline, unless the body has ended
 * first. Attach it once the body is being read (a 'data' listener would start a paused stream).
 * Returns the function that stops watching.
 */
export function watchUploadPace(body: Readable, pace: UploadPace, tooSlow: (why: TooSlow) => void): () => void {
  let inWindow = 0;
  const counted = (chunk: Buffer) => {
    inWindow += chunk.length;
  };
  const windows = setInterval(() => {
    if (inWindow < pace.minBytesPerWindow) cut('below the minimum pace');
    else inWindow = 0;
  }, pace.windowMs);
  const deadline = setTimeout(() => cut('past the deadline'), pace.deadlineMs);
  windows.unref();
  deadline.unref();
  const stop = () => {
    clearInterval(windows);
    clearTimeout(deadline);
    body.off('data', counted);
    body.off('end', stop);
  };
  const cut = (why: TooSlow) => {
    stop();
    tooSlow(why);
  };
  body.on('data', counted);
  // Once the whole body is in, the server's own work (decoding the images) is not the sender's pace.
  body.on('end', stop);
  return stop;
}
