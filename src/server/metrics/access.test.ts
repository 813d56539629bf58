import { describe, expect, it } from 'vitest';
import { addressMatcher, metricsAccess } from './access';

const TOKEN = 'a7f3c9e1b5d2f8a4c6e0b9d7f1a3c5e7';

describe('addressMatcher', () => {
  it('matches addresses, CIDR ranges and the named ranges, IPv4 clients on dual-stack sockets included', () => {
    const allowed = addressMatcher(['loopback', '10.1.0.0/16', '192.0.2.7', 'fd00::/8']);
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '10.1.200.3', '192.0.2.7', 'fd12::5']) {
      expect(allowed(address), address).toBe(true);
    }
    for (const address of ['10.2.0.1', '192.0.2.8', '::ffff:192.0.2.8', '203.0.113.9', 'fe80::1', '', 'not-an-ip']) {
      expect(allowed(address), address).toBe(false);
    }
  });

  it('matches nothing for an empty list (METRICS_ALLOW=none)', () => {
    const allowed = addressMatcher([]);
    expect(allowed('127.0.0.1')).toBe(false);
    expect(allowed('::1')).toBe(false);
  });

  it('knows the private ranges by name', () => {
    const linkLocal = addressMatcher(['linklocal']);
    expect(linkLocal('169.254.10.1')).toBe(true);
    expect(linkLocal('fe80::1')).toBe(true);
    expect(linkLocal('10.0.0.1')).toBe(false);
    const uniqueLocal = addressMatcher(['uniquelocal']);
    for (const address of ['10.0.0.1', '172.16.0.1', '172.31.255.255', '192.168.1.1', 'fc00::1']) {
      expect(uniqueLocal(address), address).toBe(true);
    }
    expect(uniqueLocal('172.32.0.1')).toBe(false);
  });
});

describe('metricsAccess', () => {
  const access = metricsAccess({ allow: ['loopback', '10.8.0.0/24'], token: TOKEN, trustProxy: false });

  it('lets in an allowed address without a token', () => {
    expect(access({ ip: '127.0.0.1', headers: {} })).toEqual({ allowed: true });
    expect(access({ ip: '10.8.0.20', headers: {} })).toEqual({ allowed: true });
  });

  it('lets in any address presenting the token as a Bearer token, whatever the scheme is spelled', () => {
    expect(access({ ip: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } })).toEqual({ allowed: true });
    expect(access({ ip: '203.0.113.9', headers: { authorization: `bearer  ${TOKEN}` } })).toEqual({ allowed: true });
  });

  it('refuses another address with no token, a wrong one, a longer one or the token under another scheme', () => {
    for (const authorization of [
      undefined,
      'Bearer wrong',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
    ]) {
      const verdict = access({ ip: '203.0.113.9', headers: authorization === undefined ? {} : { authorization } });
      expect(verdict, String(authorization)).toEqual({
        allowed: false,
        reason: '203.0.113.9 is not in METRICS_ALLOW and the request had no valid METRICS_TOKEN',
      });
    }
  });

  it('without TRUST_PROXY, does not take a forwarded request for its loopback peer (the proxy on the same machine)', () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const verdict = access({ ip: '127.0.0.1', headers: { [header]: '203.0.113.9' } });
      expect(verdict.allowed, header).toBe(false);
      expect(verdict).toMatchObject({ reason: expect.stringContaining('TRUST_PROXY') });
    }
    // The token still opens it: it proves who asks wherever they are.
    expect(
      access({ ip: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` } }),
    ).toEqual({ allowed: true });
  });

  it('with TRUST_PROXY, judges the client address the proxy named (Fastify has put it in ip)', () => {
    const behindProxy = metricsAccess({ allow: ['10.8.0.0/24'], token: undefined, trustProxy: ['loopback'] });
    expect(behindProxy({ ip: '10.8.0.20', headers: { 'x-forwarded-for': '10.8.0.20' } })).toEqual({ allowed: true });
    expect(behindProxy({ ip: '203.0.113.9', headers: { 'x-forwarded-for': '203.0.113.9' } })).toEqual({
      allowed: false,
      reason: '203.0.113.9 is not in METRICS_ALLOW',
    });
  });

  it('with no token configured, no Authorization header opens it', () => {
    const addressesOnly = metricsAccess({ allow: [], token: undefined, trustProxy: false });
    expect(addressesOnly({ ip: '127.0.0.1', headers: { authorization: 'Bearer ' } }).allowed).toBe(false);
    expect(addressesOnly({ ip: '127.0.0.1', headers: { authorization: 'Bearer undefined' } }).allowed).toBe(false);
  });
});
