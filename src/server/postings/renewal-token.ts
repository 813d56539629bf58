/**
 * The links of the 'Still looking?' e-mail (issue 14): `<payload>.<signature>`, where the payload
 * names the posting, the action, the reminder's nonce and when the link was made, and the
 * signature is an HMAC-SHA256 of it under the server's secret. A tampered token fails the
 * signature; a genuine one works only while the posting still carries that nonce, which using
 * either link clears (single use), and only for the stale period after it was made (issue 22).
 */

import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../shared/ids';
import { RENEWAL_ACTIONS, type RenewalAction } from '../../shared/schemas/freshness';

export interface RenewalClaim {
  postingId: string;
  nonce: string;
  action: RenewalAction;
}

export interface ReadRenewalClaim extends RenewalClaim {
  /** When the link was made; null for a link made before links carried it (treated as expired). */
  issuedAt: Date | null;
}

const SECONDS = /^\d{1,12}$/;
const PURPOSE = 'quadmates-renewal-v1';

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${payload}`).digest();
}

export function createRenewalToken(secret: string, claim: RenewalClaim, issuedAt: Date = new Date()): string {
  const seconds = Math.floor(issuedAt.getTime() / 1000);
  const payload = Buffer.from(`${claim.postingId}|${claim.nonce}|${claim.action}|${seconds}`, 'utf8').toString(
    'base64url',
  );
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The claim of a token this server signed, or null for anything else (malformed, tampered). */
export function readRenewalToken(secret: string, token: string): ReadRenewalClaim | null {
  if (token.length > 300) return null;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = sign(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [postingId, nonce, action, seconds, ...extra] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
  if (extra.length > 0 || !postingId || !nonce || !isUuid(postingId) || !isUuid(nonce)) return null;
  if (!RENEWAL_ACTIONS.includes(action as RenewalAction)) return null;
  if (seconds !== undefined && !SECONDS.test(seconds)) return null;
  return {
    postingId,
    nonce,
    action: action as RenewalAction,
    issuedAt: seconds === undefined ? null : new Date(Number(seconds) * 1000),
  };
}
