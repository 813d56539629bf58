import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../db/changes';
import { SearchCache } from './search-cache';

function liveCache() {
  const feed = new ChangeFeed();
  feed.setLive(true);
  return { feed, cache: new SearchCache<{ version: number }>(feed) };
}

/** A load the test finishes when it wants, to put an announcement in the middle of it. */
function pendingLoad<T>() {
  let finish!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    finish = resolve;
  });
  return { load: () => promise, finish };
}

describe('search pages', () => {
  it('are served from memory until a postings change is announced', async () => {
    const { feed, cache } = liveCache();
    let version = 1;
    const load = async () => ({ version });
    expect(await cache.page('walsh', load)).toEqual({ version: 1 });
    version = 2;
    expect(await cache.page('walsh', load)).toEqual({ version: 1 });
    feed.deliver('postings');
    expect(await cache.page('walsh', load)).toEqual({ version: 2 });
  });

  it('keep apart different searches', async () => {
    const { cache } = liveCache();
    await cache.page('walsh', async () => ({ version: 1 }));
    expect(await cache.page('stayer', async () => ({ version: 7 }))).toEqual({ version: 7 });
  });

  it('are not kept when a change is announced while they load', async () => {
    const { feed, cache } = liveCache();
    const slow = pendingLoad<{ version: number }>();
    const answer = cache.page('walsh', slow.load);
    feed.deliver('postings');
    slow.finish({ version: 1 });
    expect(await answer).toEqual({ version: 1 });
    expect(await cache.page('walsh', async () => ({ version: 2 }))).toEqual({ version: 2 });
  });

  it('are never kept while announcements cannot be heard', async () => {
    const { feed, cache } = liveCache();
    await cache.page('walsh', async () => ({ version: 1 }));
    feed.setLive(false);
    expect(await cache.page('walsh', async () => ({ version: 2 }))).toEqual({ version: 2 });
    expect(await cache.page('walsh', async () => ({ version: 3 }))).toEqual({ version: 3 });
    feed.setLive(true);
    expect(await cache.page('walsh', async () => ({ version: 4 }))).toEqual({ version: 4 });
  });

  it('survive bookmark and account announcements', async () => {
    const { feed, cache } = liveCache();
    await cache.page('walsh', async () => ({ version: 1 }));
    feed.deliver('bookmarks:someone');
    feed.deliver('user:someone');
    expect(await cache.page('walsh', async () => ({ version: 2 }))).toEqual({ version: 1 });
  });
});

describe("a viewer's bookmarks", () => {
  it('are forgotten when that viewer’s bookmarks change, and only theirs', async () => {
    const { feed, cache } = liveCache();
    await cache.bookmarkedIds('ann', async () => ['p1']);
    await cache.bookmarkedIds('bob', async () => ['p2']);
    feed.deliver('bookmarks:ann');
    expect([...(await cache.bookmarkedIds('ann', async () => ['p1', 'p3']))]).toEqual(['p1', 'p3']);
    expect([...(await cache.bookmarkedIds('bob', async () => []))]).toEqual(['p2']);
  });

  it('are all forgotten when every bookmark may have changed', async () => {
    const { feed, cache } = liveCache();
    await cache.bookmarkedIds('ann', async () => ['p1']);
    feed.deliver('bookmarks');
    expect([...(await cache.bookmarkedIds('ann', async () => []))]).toEqual([]);
  });

  it('are not kept when their change is announced while they load', async () => {
    const { feed, cache } = liveCache();
    const slow = pendingLoad<string[]>();
    const answer = cache.bookmarkedIds('ann', slow.load);
    feed.deliver('bookmarks:ann');
    slow.finish(['p1']);
    expect([...(await answer)]).toEqual(['p1']);
    expect([...(await cache.bookmarkedIds('ann', async () => []))]).toEqual([]);
  });

  it('are all forgotten, with every page, when announcements may have been missed', async () => {
    const { feed, cache } = liveCache();
    await cache.bookmarkedIds('ann', async () => ['p1']);
    await cache.page('walsh', async () => ({ version: 1 }));
    feed.setLive(false);
    feed.setLive(true);
    expect([...(await cache.bookmarkedIds('ann', async () => []))]).toEqual([]);
    expect(await cache.page('walsh', async () => ({ version: 2 }))).toEqual({ version: 2 });
  });
});
