/**
 * Unsubscribe links: `<issued at, in seconds>.<HMAC>` of the saved search's id, its owner's id and
 * that time, under the app's AUTH secret. The link turns off that one search's alert and nothing
 * else; it works without signing in, cannot be forged, a token of one search (or another
 * student's) fails for any other, and it expires a year after it was made (issue 22).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'quadmates:saved-search-unsubscribe:v2';
/** Links mailed before they carried a date: recognised, so they can be told apart as expired. */
const UNDATED_PURPOSE = 'quadmates:saved-search-unsubscribe:v1';
const UNSUBSCRIBE_LINK_MAX_AGE_MS = 365 * 24 * 60 * 60_000;

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

function sameText(a: string, b: string): boolean {
  const given = Buffer.from(a);
  const expected = Buffer.from(b);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeToken(secret: string, savedSearchId: string, userId: string, issuedAt = new Date()): string {
  const seconds = Math.floor(issuedAt.getTime() / 1000);
  return `${seconds}.${mac(secret, `${PURPOSE}\n${savedSearchId}\n${userId}\n${seconds}`)}`;
}

/** 'valid', 'expired' (genuine but older than a year, or from before links were dated) or 'invalid'. */
export function checkUnsubscribeToken(
  secret: string,
  savedSearchId: string,
  userId: string,
  token: string,
  now = Date.now(),
): 'valid' | 'expired' | 'invalid' {
  const dated = /^(\d{1,12})\.([\w-]+)$/.exec(token);
  if (!dated) {
    return sameText(token, mac(secret, `${UNDATED_PURPOSE}\n${savedSearchId}\n${userId}`)) ? 'expired' : 'invalid';
  }
  const [, seconds = '', signature = ''] = dated;
  if (!sameText(signature, mac(secret, `${PURPOSE}\n${savedSearchId}\n${userId}\n${seconds}`))) return 'invalid';
  return now - Number(seconds) * 1000 > UNSUBSCRIBE_LINK_MAX_AGE_MS ? 'expired' : 'valid';
}
