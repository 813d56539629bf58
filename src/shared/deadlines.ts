/**
 * How long a request may take to arrive (issue 30, item 2), with the sentences a student reads when
 * theirs did not. The server's own timeouts (headers, idle connections, the connection cap) are in
 * src/server/http/server-limits.ts; these are the ones a student can meet.
 */

/**
 * An upload (posting create and edit) must keep arriving: at least UPLOAD_MIN_BYTES_PER_WINDOW in
 * every UPLOAD_PACE_WINDOW_MS (32 KiB in 10 s, about 26 kbit/s: any connection that can send a
 * photo at all is far faster, while a sender trickling a byte every few seconds loses its place
 * within 10 s).
 */
export const UPLOAD_PACE_WINDOW_MS = 10_000;
export const UPLOAD_MIN_BYTES_PER_WINDOW = 32 * 1024;
/**
 * And the whole body must arrive within this long of its place being taken: ten phone photos
 * (about 30 MB) need 1.4 Mbit/s, the largest allowed body (10 x 10 MB) 4.5 Mbit/s. It bounds how
 * long any sender, however steady, can hold one of the server's few upload places.
 */
export const UPLOAD_DEADLINE_MS = 3 * 60_000;
/**
 * An upload that finds every place taken waits this long for one, in turn, before the server says
 * it is busy: places freed by a cut-off upload go to those waiting first, so a sender who reconnects
 * at once cannot take them back ahead of another student. Longer than the pace window, so an upload
 * trickling below the minimum is cut off while the next one waits.
 */
export const UPLOAD_PLACE_WAIT_MS = 15_000;
/** Uploads waiting for a place at once; more are told the server is busy without waiting. */
export const UPLOAD_PLACE_WAITING_MAX = 8;

export const deadlineMessages = {
  /** An upload that fell below the minimum pace, or did not end in time: 408, and nothing of it is kept. */
  uploadTooSlow: {
    title: 'Upload Too Slow',
    message:
      'Your photos did not arrive in time, so nothing was saved. Check your connection and try again, or try with fewer or smaller photos.',
  },
  /** Any other request whose headers or body did not arrive in time (the server's own timeouts). */
  requestTimeout: {
    title: 'Request Timed Out',
    message: 'What you sent took too long to arrive. Please check your connection and try again.',
  },
};
