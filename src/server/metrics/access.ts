/**
 * Who may read /metrics (issue 32): a client at an address METRICS_ALLOW names (loopback unless
 * configured), judged on the address TRUST_PROXY gives, or anyone presenting METRICS_TOKEN as a
 * Bearer token. The metrics name no student, but they tell how busy the site is and where it is
 * slow, which is nobody else's business.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { TrustProxy } from '../config';

/**
 * The ranges behind the names TRUST_PROXY and METRICS_ALLOW both accept (the ones Fastify's
 * proxy-addr defines).
 */
const NAMED_RANGES: Record<string, readonly [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** Headers by which a proxy names the client it forwards. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

const familyOf = (address: string) => (isIPv4(address) ? 'ipv4' : 'ipv6');

/** An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d: it is judged as a.b.c.d. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** A test for addresses in the list (entries as config.ts checked them: addresses, CIDR ranges, names). */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, prefix, family] of named) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = familyOf(address);
    if (prefix === undefined) list.addAddress(plainAddress(address), familyOf(plainAddress(address)));
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    const plain = plainAddress(address);
    if (!isIPv4(plain) && !isIPv6(plain)) return false;
    return list.check(plain, familyOf(plain));
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export type MetricsVerdict = { allowed: true } | { allowed: false; reason: string };

export interface MetricsAccessOptions {
  allow: readonly string[];
  token: string | undefined;
  trustProxy: TrustProxy;
}

/** The caller as this check sees it: Fastify's client address (after TRUST_PROXY) and the headers. */
export interface MetricsCaller {
  ip: string;
  headers: IncomingHttpHeaders;
}

export function metricsAccess({
  allow,
  token,
  trustProxy,
}: MetricsAccessOptions): (caller: MetricsCaller) => MetricsVerdict {
  const allowed = addressMatcher(allow);
  // Compared as digests of equal length, in constant time: the answer's timing tells nothing of the token.
  const tokenDigest = token === undefined ? undefined : digest(token);
  return ({ ip, headers }) => {
    const authorization = headers.authorization;
    if (tokenDigest && typeof authorization === 'string') {
      const [scheme = '', presented = ''] = authorization.trim().split(/\s+/, 2);
      if (scheme.toLowerCase() === 'bearer' && timingSafeEqual(digest(presented), tokenDigest))
        return { allowed: true };
    }
    // Without TRUST_PROXY, a request that a proxy forwarded shows the proxy's address (often
    // loopback): the address says nothing about the client, so it opens nothing.
    if (trustProxy === false && FORWARDING_HEADERS.some((name) => headers[name] !== undefined)) {
      return {
        allowed: false,
        reason: 'it came through a proxy that TRUST_PROXY does not name, so its address proves nothing',
      };
    }
    if (allowed(ip)) return { allowed: true };
    return {
      allowed: false,
      reason: `${ip} is not in METRICS_ALLOW${token === undefined ? '' : ' and the request had no valid METRICS_TOKEN'}`,
    };
  };
}
