import { LRUCache } from 'lru-cache';
import type { Change, ChangeFeed } from '../db/changes';
import type { Viewer } from './viewer';

/**
 * How long a member's session is trusted without asking better-auth again. Changes are heard at
 * once (below); this only makes better-auth see an active session often enough to extend it.
 */
const MEMBER_SESSION_MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  /** The whole signed cookie value better-auth verified; a different signature is a miss. */
  signedValue: string;
  viewer: Viewer;
}

/**
 * Remembers the answer better-auth gave for a member's session cookie, so a browsing member's
 * requests skip the signature check and the two session queries (decision 0006). Only members
 * (verified, current terms) are kept, so a gate that opens is never stale. Whatever closes one
 * (sign-out, revocation, password reset, account change or deletion, on any server) is a change
 * to the user or session tables, which the database announces; the entry goes at once. While
 * announcements cannot be heard, nothing is served from here.
 */
export class MemberSessionCache {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES, ttl: MEMBER_SESSION_MAX_AGE_MS });

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((change) => this.forget(change));
  }

  /** The member behind a signed session cookie value (`token.signature`), if known and fresh. */
  get(signedValue: string): Viewer | undefined {
    if (!this.feed.live) return undefined;
    const entry = this.entries.get(tokenOf(signedValue));
    return entry?.signedValue === signedValue ? entry.viewer : undefined;
  }

  remember(signedValue: string, viewer: Viewer, sessionExpiresAt: Date): void {
    const ttl = Math.min(MEMBER_SESSION_MAX_AGE_MS, sessionExpiresAt.getTime() - Date.now());
    if (ttl > 0 && this.feed.live) this.entries.set(tokenOf(signedValue), { signedValue, viewer }, { ttl });
  }

  private forget(change: Change): void {
    if (change.kind === 'unheard' || (change.kind === 'user' && change.userId === null)) {
      this.entries.clear();
    } else if (change.kind === 'user') {
      for (const [token, entry] of this.entries.entries()) {
        if (entry.viewer.id === change.userId) this.entries.delete(token);
      }
    }
  }
}

/** better-auth signs the session cookie as `${token}.${signature}`. */
function tokenOf(signedValue: string): string {
  const dot = signedValue.lastIndexOf('.');
  return dot === -1 ? signedValue : signedValue.slice(0, dot);
}
