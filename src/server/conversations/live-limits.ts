/**
 * What one student, and one server, may hold of the live stream (issue 30, docs/decisions/0031).
 * Numbers only, so the config and the benches read them without the stream's code.
 */

/**
 * A reconnecting stream is sent at most this many missed events; further behind, it gets one
 * `resync` event and the page reads again what it shows. A few hundred covers any tab that slept
 * through a normal day's messages, and bounds the work one Last-Event-ID can ask for.
 */
export const REPLAY_MAX_EVENTS = 200;
/** Streams one student may hold on one server: tabs and devices. The sixth ends the oldest. */
export const STREAMS_PER_STUDENT = 5;
/** Streams one server holds in all; past it a new one answers 503 with Retry-After. */
export const STREAMS_PER_SERVER = 2_000;
/** A stream whose unsent bytes pass this (its reader is not reading) is ended. */
export const STREAM_BUFFER_MAX_BYTES = 256 * 1024;
/** A stream paused this long without its socket draining is ended: its reader has stopped reading. */
export const STREAM_STALL_MAX_MS = 60_000;
