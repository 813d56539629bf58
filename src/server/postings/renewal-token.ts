/**
 * The links of the 'Still looking?' e-mail (issue 14): `<payload>.<signature>`, where the payload
 * names the posting, the action and the reminder's nonce, and the signature is an HMAC-SHA256 of
 * it under the server's secret. A tampered token fails the signature; a genuine one works only
 * while the posting still carries that nonce, which using either link clears: single use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { RENEWAL_ACTIONS, type RenewalAction } from '../../shared/schemas/freshness';

export interface RenewalClaim {
  postingId: string;
  nonce: string;
  action: RenewalAction;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PURPOSE = 'quadmates-renewal-v1';

function sign(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${payload}`).digest();
}

export function createRenewalToken(secret: string, claim: RenewalClaim): string {
  const payload = Buffer.from(`${claim.postingId}|${claim.nonce}|${claim.action}`, 'utf8').toString('base64url');
  return `${payload}.${sign(secret, payload).toString('base64url')}`;
}

/** The claim of a token this server signed, or null for anything else (malformed, tampered). */
export function readRenewalToken(secret: string, token: string): RenewalClaim | null {
  if (token.length > 300) return null;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = sign(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [postingId, nonce, action, ...extra] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
  if (extra.length > 0 || !postingId || !nonce || !UUID.test(postingId) || !UUID.test(nonce)) return null;
  if (!RENEWAL_ACTIONS.includes(action as RenewalAction)) return null;
  return { postingId, nonce, action: action as RenewalAction };
}
