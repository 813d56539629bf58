import { LRUCache } from 'lru-cache';
import type { Change, ChangeFeed } from '../db/changes';
import type { PostingSource } from './queries';

const MAX_POSTINGS = 5_000;
// Announcements keep entries exact; the age limit only bounds memory held by quiet entries.
const MAX_AGE_MS = 5 * 60_000;

interface Load {
  ticket: symbol;
  promise: Promise<PostingSource | null>;
}

/**
 * Remembers what each posting's detail answer is made of that is the same for every viewer (its
 * row, images, each pinger's latest ping, its members with their accounts and sharing), and forgets
 * it the moment the database announces a change to any of it (migration 0016; a joined member's
 * account: 'user:<id>', migration 0002). What differs per viewer (bookmark, role, what they may
 * see) is derived on the way out. A load that overlaps a change is returned but not kept, so nothing
 * older than the last announcement is served; while announcements cannot be heard, nothing is kept
 * at all. Requests that miss while a load is in flight share it. See docs/decisions/0006.
 */
export class PostingDetailCache {
  private readonly sources = new LRUCache<string, PostingSource>({ max: MAX_POSTINGS, ttl: MAX_AGE_MS });
  /** The load of each posting now in flight; an announcement that may touch it cancels it. */
  private readonly loads = new Map<string, Load>();

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((change) => this.forget(change));
  }

  async source(id: string, load: () => Promise<PostingSource | null>): Promise<PostingSource | null> {
    if (!this.feed.live) return load();
    const known = this.sources.get(id);
    if (known) return known;
    const inFlight = this.loads.get(id);
    if (inFlight) return inFlight.promise;
    const ticket = Symbol(id);
    const promise = load();
    this.loads.set(id, { ticket, promise });
    try {
      const source = await promise;
      if (this.loads.get(id)?.ticket === ticket && source && this.feed.live) this.sources.set(id, source);
      return source;
    } finally {
      if (this.loads.get(id)?.ticket === ticket) this.loads.delete(id);
    }
  }

  private forget(change: Change): void {
    if (change.kind === 'posting' && change.postingId !== null) {
      this.sources.delete(change.postingId);
      this.loads.delete(change.postingId);
    } else if ((change.kind === 'user' || change.kind === 'sharing') && change.userId !== null) {
      // A joined member's name, e-mail or sharing shows on every group they are in. Which postings a
      // load in flight will show them on is not known yet: none of those loads is kept.
      const userId = change.userId;
      const showing = [...this.sources.entries()].filter(([, source]) =>
        source.members.some((member) => member.row.userId === userId),
      );
      for (const [id] of showing) this.sources.delete(id);
      this.loads.clear();
    } else if (
      change.kind === 'posting' ||
      change.kind === 'user' ||
      change.kind === 'sharing' ||
      change.kind === 'unheard'
    ) {
      this.sources.clear();
      this.loads.clear();
    }
  }
}
