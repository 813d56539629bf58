import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../db/changes';
import { MemberSessionCache } from './member-session-cache';
import type { Viewer } from './session';

const viewer = (id: string): Viewer => ({
  id,
  name: `Student ${id}`,
  email: `${id}@bc.edu`,
  emailVerified: true,
  termsAcceptedAt: new Date('2026-09-01T00:00:00Z'),
  termsVersion: '2026-09',
  termsAccepted: true,
  isModerator: false,
});
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000);

function liveCache() {
  const feed = new ChangeFeed();
  feed.setLive(true);
  return { feed, cache: new MemberSessionCache(feed) };
}

describe('the member session cache', () => {
  it('answers for the exact signed cookie it was given, not for a forged signature', () => {
    const { cache } = liveCache();
    cache.remember('token1.signatureA', viewer('ann'), inAWeek());
    expect(cache.get('token1.signatureA')?.id).toBe('ann');
    expect(cache.get('token1.forged')).toBeUndefined();
    expect(cache.get('token2.signatureA')).toBeUndefined();
  });

  it('forgets every session of a user whose account or session changed, and only theirs', () => {
    const { feed, cache } = liveCache();
    cache.remember('laptop.sig', viewer('ann'), inAWeek());
    cache.remember('phone.sig', viewer('ann'), inAWeek());
    cache.remember('bob.sig', viewer('bob'), inAWeek());
    feed.deliver('user:ann');
    expect(cache.get('laptop.sig')).toBeUndefined();
    expect(cache.get('phone.sig')).toBeUndefined();
    expect(cache.get('bob.sig')?.id).toBe('bob');
    feed.deliver('users');
    expect(cache.get('bob.sig')).toBeUndefined();
  });

  it('keeps nothing past the end of the session itself', () => {
    const { cache } = liveCache();
    cache.remember('over.sig', viewer('ann'), new Date(Date.now() - 1));
    expect(cache.get('over.sig')).toBeUndefined();
  });

  it('serves nothing while announcements cannot be heard, and forgets what it had', () => {
    const { feed, cache } = liveCache();
    cache.remember('ann.sig', viewer('ann'), inAWeek());
    feed.setLive(false);
    expect(cache.get('ann.sig')).toBeUndefined();
    cache.remember('ann.sig', viewer('ann'), inAWeek());
    feed.setLive(true);
    expect(cache.get('ann.sig')).toBeUndefined();
  });

  it('is not touched by postings or bookmark announcements', () => {
    const { feed, cache } = liveCache();
    cache.remember('ann.sig', viewer('ann'), inAWeek());
    feed.deliver('postings');
    feed.deliver('bookmarks:ann');
    expect(cache.get('ann.sig')?.id).toBe('ann');
  });
});
