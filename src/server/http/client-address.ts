/**
 * The client's address, decided once by Fastify from TRUST_PROXY and used by every rate limit
 * (better-auth's and ours). Nothing else reads X-Forwarded-For: with TRUST_PROXY unset a client
 * cannot give itself a fresh rate-limit bucket by sending that header.
 */
import type { FastifyRequest } from 'fastify';
import type { TrustProxy } from '../config';

/**
 * The header better-auth reads the client's address from (`advanced.ipAddress.ipAddressHeaders`).
 * The server sets it on every request it hands to better-auth and drops any copy a client sent.
 */
export const CLIENT_ADDRESS_HEADER = 'x-quadmates-client-address';

/** Headers a client could use to claim another address; never passed on to better-auth. */
const ADDRESS_CLAIMS = new Set([CLIENT_ADDRESS_HEADER, 'x-forwarded-for', 'x-real-ip', 'forwarded']);

/**
 * Fastify's `trustProxy` for the config's value. A hop count becomes a function: Fastify 5 treats
 * a bare number as "trust nothing" (it cannot check the peer), while TRUST_PROXY=1 means the
 * server is only reachable through one proxy, whose X-Forwarded-For entry names the client.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** A request's headers for better-auth, with the address Fastify computed as the only address. */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || ADDRESS_CLAIMS.has(name.toLowerCase())) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return headers;
}
