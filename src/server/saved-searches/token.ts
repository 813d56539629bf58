/**
 * Unsubscribe links: an HMAC of the saved search's id and its owner's id under the app's AUTH
 * secret. The link turns off that one search's alert and nothing else; it works without signing
 * in, cannot be forged, and a token of one search (or another student's) fails for any other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'quadmates:saved-search-unsubscribe:v1';

export function unsubscribeToken(secret: string, savedSearchId: string, userId: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${savedSearchId}\n${userId}`).digest('base64url');
}

export function verifyUnsubscribeToken(secret: string, savedSearchId: string, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, savedSearchId, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
