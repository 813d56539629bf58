/**
 * One server's open live streams (issue 19, docs/decisions/0027; bounded by issue 30,
 * docs/decisions/0031). Each student's events are rows of live_event written in the transaction
 * that caused them; a row's `seq` is the event's `id:`. The database announces each new row
 * ('live:<userId>' on the changes channel, migration 0012) to every server, which reads that
 * student's rows after what each of their streams has sent: a stream that reconnects with
 * Last-Event-ID gets exactly the rows after it, nothing twice. Rows of one student commit in `seq`
 * order (queries.lockRecipients), so reading "after the last sent" never skips one that commits late.
 *
 * What one student can hold here is bounded: a few streams each (a new one ends the oldest), a
 * replay of at most REPLAY_MAX_EVENTS (further behind, the stream is told to `resync`), and a
 * stream whose reader does not read is paused at its socket's high-water mark and ended when it
 * stays stalled or its buffer grows past STREAM_BUFFER_MAX_BYTES.
 */
import type { Change, ChangeFeed } from '../db/changes';
import type { Database } from '../db/client';
import { REPLAY_MAX_EVENTS, STREAMS_PER_SERVER, STREAMS_PER_STUDENT } from './live-limits';
import * as q from './queries';

/**
 * What a write did: `full` when the socket took it but wants no more until `drain` (the stream is
 * paused), `closed` when the stream had ended or ended on it (its buffer past the bound).
 */
export type WriteOutcome = 'written' | 'full' | 'closed';

export interface LiveStream {
  readonly userId: string;
  /** The last event sent; undefined until the stream knows where it starts. */
  lastSeq: number | undefined;
  /** True while the socket has not drained what was written: nothing more is written to it. */
  readonly paused: boolean;
  /** Bytes written to the stream that its socket has not yet taken. */
  readonly buffered: number;
  write(chunk: string): WriteOutcome;
  /** Ends the stream; `notice` (an SSE frame) is its last words. */
  close(notice?: string): void;
}

/** The frame that tells a stream it was ended because its student opened a newer one elsewhere. */
export const REPLACED_FRAME = 'event: replaced\ndata: {}\n\n';

function eventFrame(seq: number, type: string, data: unknown): string {
  return `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** One server's open streams, by student, fed from the change feed. */
export class LiveHub {
  private readonly streams = new Map<string, Set<LiveStream>>();
  /** Students whose rows are being read, and those to read again when that is done. */
  private readonly reading = new Set<string>();
  private readonly again = new Set<string>();
  /** Announcements heard so far (any student's): a stream opening meanwhile must read its rows. */
  private announcements = 0;
  /**
   * Where each student's events stand (their replay window), read once and kept until an
   * announcement of theirs says it moved: a flood of streams from one student reads it once.
   */
  private readonly windows = new Map<string, Promise<{ latest: number; cutoff: number }>>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Database,
    changes: ChangeFeed,
    private readonly onError: (error: unknown) => void,
    readonly limits: { perStudent: number; perServer: number } = {
      perStudent: STREAMS_PER_STUDENT,
      perServer: STREAMS_PER_SERVER,
    },
  ) {
    this.unsubscribe = changes.subscribe((change) => this.heard(change));
  }

  /** Open streams. */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** Bytes this server's streams hold that their sockets have not taken yet. */
  get bufferedBytes(): number {
    let n = 0;
    for (const set of this.streams.values()) for (const stream of set) n += stream.buffered;
    return n;
  }

  /** Open streams of one student on this server. */
  streamsOf(userId: string): number {
    return this.streams.get(userId)?.size ?? 0;
  }

  /** Whether this server may take one more stream. */
  get full(): boolean {
    return this.size >= this.limits.perServer;
  }

  private heard(change: Change): void {
    if (change.kind === 'live') {
      this.announcements += 1;
      this.windows.delete(change.userId);
      this.catchUp(change.userId);
    }
    // Announcements may have been missed: read every student's rows again.
    else if (change.kind === 'unheard') {
      this.announcements += 1;
      this.windows.clear();
      for (const userId of this.streams.keys()) this.catchUp(userId);
    }
    // A student's account or sessions changed (signed out, suspended, deleted): their streams end and
    // the browser reconnects through the session check.
    else if (change.kind === 'user') {
      const users = change.userId === null ? [...this.streams.keys()] : [change.userId];
      for (const userId of users) for (const stream of this.streams.get(userId) ?? []) stream.close();
    }
  }

  /**
   * Registers a stream and sends what it missed. A student at their cap loses their oldest stream
   * (told `replaced`, so that tab waits to be looked at before reconnecting instead of taking a
   * stream back from this one).
   */
  async open(stream: LiveStream, lastEventId: number | undefined): Promise<void> {
    let set = this.streams.get(stream.userId);
    if (!set) {
      set = new Set();
      this.streams.set(stream.userId, set);
    }
    // A Set iterates in insertion order: the first is the oldest.
    for (const oldest of set) {
      if (set.size < this.limits.perStudent) break;
      oldest.close(REPLACED_FRAME);
    }
    set.add(stream);
    // Closing the oldest may have emptied and dropped the set.
    this.streams.set(stream.userId, set);
    // Registered first: an event committed from here on is announced and read after lastSeq. A
    // stream further behind than a replay resyncs here, before any of its rows is read.
    const heardBefore = this.announcements;
    const { latest, cutoff } = await this.replayWindow(stream.userId);
    if (lastEventId === undefined) stream.lastSeq = latest;
    // Beyond the newest is an id this student's events never reached (another database, a restore).
    else if (lastEventId < cutoff || lastEventId > latest) this.resync(stream, latest);
    else stream.lastSeq = lastEventId;
    // Nothing to send yet when the stream starts at the newest event and no announcement came while
    // its place was unknown (a catch-up then could not include it): a flood of new streams reads no
    // event rows. An event newer than the window is announced after the window was kept, so either
    // that announcement came meanwhile or it will find this stream in place.
    if ((stream.lastSeq ?? 0) < latest || this.announcements !== heardBefore) this.catchUp(stream.userId);
  }

  private replayWindow(userId: string): Promise<{ latest: number; cutoff: number }> {
    const kept = this.windows.get(userId);
    if (kept) return kept;
    const window = q.replayWindow(this.db, userId, REPLAY_MAX_EVENTS);
    // A failed reading is not kept: the next stream asks again.
    window.catch(() => {
      if (this.windows.get(userId) === window) this.windows.delete(userId);
    });
    this.windows.set(userId, window);
    return window;
  }

  remove(stream: LiveStream): void {
    const set = this.streams.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size > 0) return;
    this.streams.delete(stream.userId);
    this.windows.delete(stream.userId);
  }

  /** A paused stream's socket drained: send it what it has not had. */
  drained(stream: LiveStream): void {
    this.catchUp(stream.userId);
  }

  private catchUp(userId: string): void {
    if (!this.streams.has(userId)) return;
    if (this.reading.has(userId)) {
      this.again.add(userId);
      return;
    }
    this.reading.add(userId);
    void this.read(userId)
      .catch(this.onError)
      .finally(() => {
        this.reading.delete(userId);
        if (this.again.delete(userId)) this.catchUp(userId);
      });
  }

  /** The stream skips to `latest` and is told to read its page again. */
  private resync(stream: LiveStream, latest: number): void {
    stream.lastSeq = latest;
    stream.write(eventFrame(latest, 'resync', {}));
  }

  /**
   * Sends each of the student's writable streams the rows after its last. At most
   * REPLAY_MAX_EVENTS + 1 rows are read at once: a full read means some stream is further behind
   * than a replay may go, and those streams resync to the newest event instead of replaying.
   */
  private async read(userId: string): Promise<void> {
    for (;;) {
      const ready = [...(this.streams.get(userId) ?? [])].filter((s) => s.lastSeq !== undefined && !s.paused);
      if (ready.length === 0) return;
      const from = Math.min(...ready.map((s) => s.lastSeq as number));
      const rows = await q.eventsAfter(this.db, userId, from, REPLAY_MAX_EVENTS + 1);
      if (rows.length > REPLAY_MAX_EVENTS) {
        const { latest, cutoff } = await q.replayWindow(this.db, userId, REPLAY_MAX_EVENTS);
        for (const stream of ready) if ((stream.lastSeq as number) < cutoff) this.resync(stream, latest);
        // Every stream is now within a replay of the newest event (or a newer one arrived): read again.
        continue;
      }
      for (const row of rows) {
        const seq = Number(row.seq);
        const frame = eventFrame(seq, row.type, row.data);
        for (const stream of ready) {
          if (stream.paused || (stream.lastSeq as number) >= seq) continue;
          if (stream.write(frame) !== 'closed') stream.lastSeq = seq;
        }
      }
      return;
    }
  }

  close(): void {
    this.unsubscribe();
    for (const set of this.streams.values()) for (const stream of set) stream.close();
    this.streams.clear();
  }
}
