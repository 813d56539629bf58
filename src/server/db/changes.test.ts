import { describe, expect, it } from 'vitest';
import { type Change, ChangeFeed, parseChange } from './changes';

describe('database change announcements', () => {
  it('reads each payload the triggers send', () => {
    expect(parseChange('postings')).toEqual({ kind: 'postings' });
    expect(parseChange('bookmarks:u1')).toEqual({ kind: 'bookmarks', userId: 'u1' });
    expect(parseChange('bookmarks')).toEqual({ kind: 'bookmarks', userId: null });
    expect(parseChange('user:u1')).toEqual({ kind: 'user', userId: 'u1' });
    expect(parseChange('users')).toEqual({ kind: 'user', userId: null });
    expect(parseChange('live:u1')).toEqual({ kind: 'live', userId: 'u1' });
    expect(parseChange('posting:p1')).toEqual({ kind: 'posting', postingId: 'p1' });
    expect(parseChange('posting')).toEqual({ kind: 'posting', postingId: null });
    expect(parseChange('sharing:u1')).toEqual({ kind: 'sharing', userId: 'u1' });
    expect(parseChange('sharing')).toEqual({ kind: 'sharing', userId: null });
    expect(parseChange('something else')).toBeUndefined();
  });

  it('tells subscribers when announcements may have been missed, once per loss', () => {
    const feed = new ChangeFeed();
    const heard: Change[] = [];
    feed.subscribe((change) => heard.push(change));
    expect(feed.live).toBe(false);
    feed.setLive(false);
    feed.setLive(true);
    feed.deliver('postings');
    feed.setLive(false);
    feed.setLive(false);
    expect(heard).toEqual([{ kind: 'postings' }, { kind: 'unheard' }]);
    expect(feed.live).toBe(false);
  });
});
