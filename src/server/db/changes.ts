/**
 * Committed changes that caches must hear of, as announced by the database triggers of migrations
 * 0002 and later on the channel CHANGES_CHANNEL: whoever wrote (this server, another server, a script), the
 * announcement comes from the database itself, so no write path can forget to send it.
 */
import pg from 'pg';

export const CHANGES_CHANNEL = 'quadmates_changes';

export type Change =
  /** Postings, their images or their pings changed: any search page may be stale. */
  | { kind: 'postings' }
  /** One user's bookmarks changed (userId), or everyone's (null, e.g. a truncated table). */
  | { kind: 'bookmarks'; userId: string | null }
  /** A user's account or one of their sessions changed or went (userId), or everyone's (null). */
  | { kind: 'user'; userId: string | null }
  /** New e-mail waits in the outbox: a worker should look now. */
  | { kind: 'outbox' }
  /**
   * What one posting's detail answer is made of changed (migration 0016): the posting, its images,
   * pings or member rows (postingId), or every posting's (null, e.g. a truncated table).
   */
  | { kind: 'posting'; postingId: string | null }
  /** What one student shares as a group member changed (userId), or everyone's (null). */
  | { kind: 'sharing'; userId: string | null }
  /** A student's live stream has new events (issue 19, migration 0012). */
  | { kind: 'live'; userId: string }
  /** Announcements may have been missed (the listening connection was lost): forget everything. */
  | { kind: 'unheard' };

export function parseChange(payload: string): Change | undefined {
  if (payload === 'postings') return { kind: 'postings' };
  if (payload === 'outbox') return { kind: 'outbox' };
  if (payload === 'bookmarks') return { kind: 'bookmarks', userId: null };
  if (payload.startsWith('bookmarks:')) return { kind: 'bookmarks', userId: payload.slice('bookmarks:'.length) };
  if (payload === 'users') return { kind: 'user', userId: null };
  if (payload === 'posting') return { kind: 'posting', postingId: null };
  if (payload.startsWith('posting:')) return { kind: 'posting', postingId: payload.slice('posting:'.length) };
  if (payload === 'sharing') return { kind: 'sharing', userId: null };
  if (payload.startsWith('sharing:')) return { kind: 'sharing', userId: payload.slice('sharing:'.length) };
  if (payload.startsWith('live:')) return { kind: 'live', userId: payload.slice('live:'.length) };
  if (payload.startsWith('user:')) return { kind: 'user', userId: payload.slice('user:'.length) };
  return undefined;
}

export class ChangeFeed {
  private readonly listeners = new Set<(change: Change) => void>();
  private hearing = false;

  /** True while every announcement is being heard; caches must not serve from memory otherwise. */
  get live(): boolean {
    return this.hearing;
  }

  subscribe(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A raw announcement from the database. */
  deliver(payload: string): void {
    const change = parseChange(payload);
    if (change) this.emit(change);
  }

  setLive(live: boolean): void {
    if (this.hearing && !live) this.emit({ kind: 'unheard' });
    this.hearing = live;
  }

  private emit(change: Change): void {
    for (const listener of this.listeners) listener(change);
  }
}

const RECONNECT_DELAY_MS = 1_000;
/** How the listening connection shows in pg_stat_activity. */
export const WATCHER_APPLICATION_NAME = 'quadmates-changes';

/**
 * The connection class of the pool: every pooled connection listens too, before the pool hands
 * it out. A connection hears its own announcements before its COMMIT answers, so this server's
 * own writes reach its caches before the writer goes on.
 */
export function listeningConnection(feed: ChangeFeed): typeof pg.Client {
  class ListeningConnection extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(
      callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void),
    ): Promise<pg.Client> | undefined {
      const ready = (async () => {
        await super.connect();
        this.on('notification', (message) => {
          if (message.channel === CHANGES_CHANNEL && message.payload !== undefined) feed.deliver(message.payload);
        });
        await this.query(`LISTEN ${CHANGES_CHANNEL}`);
        return this;
      })();
      if (!callback) return ready;
      const done = callback as (err: Error | null, c?: pg.Client) => void;
      ready.then(
        (client) => done(null, client),
        (error: Error) => done(error),
      );
      return undefined;
    }
  }
  return ListeningConnection;
}

/**
 * A dedicated connection that hears every server's announcements; while it is down the feed is
 * not live (caches step aside) and it reconnects every second.
 */
export function watchChanges(connectionString: string, feed: ChangeFeed): { stop(): Promise<void> } {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    feed.setLive(false);
    client.end().catch(() => {});
    if (!stopped) retry = setTimeout(connect, RECONNECT_DELAY_MS).unref();
  };

  async function connect(): Promise<void> {
    retry = undefined;
    const client = new pg.Client({ connectionString, application_name: WATCHER_APPLICATION_NAME });
    current = client;
    client.on('notification', (message) => {
      if (message.channel === CHANGES_CHANNEL && message.payload !== undefined) feed.deliver(message.payload);
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (current === client && !stopped) feed.setLive(true);
    } catch {
      lost(client);
    }
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = undefined;
      feed.setLive(false);
      await client?.end().catch(() => {});
    },
  };
}
