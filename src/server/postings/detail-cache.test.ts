import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../db/changes';
import { PostingDetailCache } from './detail-cache';
import type { PostingSource } from './queries';

function liveCache() {
  const feed = new ChangeFeed();
  feed.setLive(true);
  return { feed, cache: new PostingDetailCache(feed) };
}

/** A posting's source as far as the cache looks into it: its id, a version, its joined members. */
function source(id: string, version: number, memberIds: string[] = []): PostingSource {
  return {
    posting: { id, description: `v${version}` },
    images: [],
    latestPings: new Map(),
    members: memberIds.map((userId) => ({ row: { userId, state: 'joined' } })),
  } as unknown as PostingSource;
}

const versionOf = (found: PostingSource | null) => found?.posting.description;

/** A load the test finishes when it wants, to put an announcement in the middle of it. */
function pendingLoad() {
  let finish!: (value: PostingSource | null) => void;
  let calls = 0;
  const promise = new Promise<PostingSource | null>((resolve) => {
    finish = resolve;
  });
  return {
    load: () => {
      calls += 1;
      return promise;
    },
    finish,
    calls: () => calls,
  };
}

describe("a posting's detail source", () => {
  it('is served from memory until a change to that posting is announced, and only that one', async () => {
    const { feed, cache } = liveCache();
    await cache.source('p1', async () => source('p1', 1));
    await cache.source('p2', async () => source('p2', 1));
    expect(versionOf(await cache.source('p1', async () => source('p1', 2)))).toBe('v1');
    feed.deliver('posting:p1');
    expect(versionOf(await cache.source('p1', async () => source('p1', 2)))).toBe('v2');
    expect(versionOf(await cache.source('p2', async () => source('p2', 2)))).toBe('v1');
  });

  it("is forgotten when a joined member's account or sharing changes, on each of their groups only", async () => {
    const { feed, cache } = liveCache();
    await cache.source('p1', async () => source('p1', 1, ['ann']));
    await cache.source('p2', async () => source('p2', 1, ['ann', 'bob']));
    await cache.source('p3', async () => source('p3', 1, ['bob']));
    feed.deliver('user:ann');
    expect(versionOf(await cache.source('p1', async () => source('p1', 2)))).toBe('v2');
    expect(versionOf(await cache.source('p2', async () => source('p2', 2)))).toBe('v2');
    expect(versionOf(await cache.source('p3', async () => source('p3', 2)))).toBe('v1');
    feed.deliver('sharing:bob');
    expect(versionOf(await cache.source('p3', async () => source('p3', 3)))).toBe('v3');
  });

  it('is all forgotten when every posting, account or sharing may have changed, or announcements were missed', async () => {
    for (const payload of ['posting', 'users', 'sharing']) {
      const { feed, cache } = liveCache();
      await cache.source('p1', async () => source('p1', 1));
      feed.deliver(payload);
      expect(versionOf(await cache.source('p1', async () => source('p1', 2)))).toBe('v2');
    }
    const { feed, cache } = liveCache();
    await cache.source('p1', async () => source('p1', 1));
    feed.setLive(false);
    feed.setLive(true);
    expect(versionOf(await cache.source('p1', async () => source('p1', 2)))).toBe('v2');
  });

  it('survives announcements about search pages, bookmarks and other accounts', async () => {
    const { feed, cache } = liveCache();
    await cache.source('p1', async () => source('p1', 1, ['ann']));
    for (const payload of ['postings', 'bookmarks:ann', 'bookmarks', 'user:bob', 'sharing:bob', 'posting:p2']) {
      feed.deliver(payload);
    }
    expect(versionOf(await cache.source('p1', async () => source('p1', 2)))).toBe('v1');
  });

  it('is not kept when a change that may touch it is announced while it loads', async () => {
    for (const payload of ['posting:p1', 'user:ann', 'sharing:ann', 'posting']) {
      const { feed, cache } = liveCache();
      const slow = pendingLoad();
      const answer = cache.source('p1', slow.load);
      feed.deliver(payload);
      slow.finish(source('p1', 1, ['ann']));
      expect(versionOf(await answer)).toBe('v1');
      expect(versionOf(await cache.source('p1', async () => source('p1', 2)))).toBe('v2');
    }
  });

  it('is loaded once for requests that miss together, and not shared with requests after a change', async () => {
    const { feed, cache } = liveCache();
    const slow = pendingLoad();
    const first = cache.source('p1', slow.load);
    const second = cache.source('p1', slow.load);
    expect(slow.calls()).toBe(1);
    feed.deliver('posting:p1');
    const afterChange = cache.source('p1', async () => source('p1', 2));
    slow.finish(source('p1', 1));
    expect(versionOf(await first)).toBe('v1');
    expect(versionOf(await second)).toBe('v1');
    expect(versionOf(await afterChange)).toBe('v2');
    expect(versionOf(await cache.source('p1', async () => source('p1', 3)))).toBe('v2');
  });

  it('is never kept while announcements cannot be heard, nor when there is no such posting', async () => {
    const { feed, cache } = liveCache();
    expect(await cache.source('p1', async () => null)).toBeNull();
    expect(versionOf(await cache.source('p1', async () => source('p1', 1)))).toBe('v1');
    feed.setLive(false);
    expect(versionOf(await cache.source('p1', async () => source('p1', 2)))).toBe('v2');
    expect(versionOf(await cache.source('p1', async () => source('p1', 3)))).toBe('v3');
    feed.setLive(true);
    expect(versionOf(await cache.source('p1', async () => source('p1', 4)))).toBe('v4');
  });

  it('lets a failed load fail, and the next request load again', async () => {
    const { cache } = liveCache();
    await expect(cache.source('p1', async () => Promise.reject(new Error('database gone')))).rejects.toThrow();
    expect(versionOf(await cache.source('p1', async () => source('p1', 1)))).toBe('v1');
  });
});
