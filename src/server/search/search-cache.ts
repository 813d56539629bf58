import { LRUCache } from 'lru-cache';
import type { Change, ChangeFeed } from '../db/changes';

const MAX_PAGES = 2_000;
const MAX_VIEWERS = 20_000;
// Announcements keep entries exact; the age limit only bounds memory held by quiet entries.
const MAX_AGE_MS = 5 * 60_000;

/**
 * Remembers search pages (the same for every viewer) and each viewer's bookmarked posting ids,
 * and forgets them the moment the database announces a change (src/server/db/changes.ts).
 * A load that overlaps a change is returned but not kept, so nothing older than the last
 * announcement is ever served; while announcements cannot be heard, nothing is kept at all.
 * See docs/decisions/0006.
 */
export class SearchCache<Page extends object> {
  private readonly pages = new LRUCache<string, Page>({ max: MAX_PAGES, ttl: MAX_AGE_MS });
  private readonly bookmarks = new LRUCache<string, ReadonlySet<string>>({ max: MAX_VIEWERS, ttl: MAX_AGE_MS });
  /** Bumped by every postings announcement: a page load that began before it is not kept. */
  private postingsEpoch = 0;
  /** The load of each viewer's bookmarks now in flight; an announcement for them cancels it. */
  private readonly bookmarkLoads = new Map<string, symbol>();

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((change) => this.forget(change));
  }

  async page(key: string, load: () => Promise<Page>): Promise<Page> {
    if (!this.feed.live) return load();
    const known = this.pages.get(key);
    if (known) return known;
    const epoch = this.postingsEpoch;
    const page = await load();
    if (epoch === this.postingsEpoch && this.feed.live) this.pages.set(key, page);
    return page;
  }

  async bookmarkedIds(userId: string, load: () => Promise<string[]>): Promise<ReadonlySet<string>> {
    if (!this.feed.live) return new Set(await load());
    const known = this.bookmarks.get(userId);
    if (known) return known;
    const ticket = Symbol(userId);
    this.bookmarkLoads.set(userId, ticket);
    const ids = new Set(await load());
    if (this.bookmarkLoads.get(userId) === ticket) {
      this.bookmarkLoads.delete(userId);
      if (this.feed.live) this.bookmarks.set(userId, ids);
    }
    return ids;
  }

  private forget(change: Change): void {
    if (change.kind === 'postings' || change.kind === 'unheard') {
      this.postingsEpoch += 1;
      this.pages.clear();
    }
    if (change.kind === 'bookmarks' && change.userId !== null) {
      this.bookmarks.delete(change.userId);
      this.bookmarkLoads.delete(change.userId);
    } else if (change.kind === 'bookmarks' || change.kind === 'unheard') {
      this.bookmarks.clear();
      this.bookmarkLoads.clear();
    }
  }
}
