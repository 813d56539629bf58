/**
 * The client and the server cannot drift apart (issue 21): every call the shared path tables
 * (src/shared/api) build, which are the only way src/client reaches the API (npm run lint refuses a
 * hand-written /api address there), names a route the server registers, with that route's method.
 * Values are encoded: an id holding '/', '?' or '#' still fills one path segment or one query value.
 *
 * The route list comes from the running app (buildApp's `onRoute` option). better-auth's endpoints
 * sit behind one wildcard route, so each one the client posts to is also called once, to see that
 * better-auth knows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS, authApi } from '../../src/shared/api/auth';
import type { ApiCall, ApiMethod } from '../../src/shared/api/call';
import { groupsApi } from '../../src/shared/api/groups';
import { lifestyleApi } from '../../src/shared/api/lifestyle';
import { moderationApi } from '../../src/shared/api/moderation';
import { pingsApi } from '../../src/shared/api/pings';
import { postingsApi } from '../../src/shared/api/postings';
import { savedSearchesApi } from '../../src/shared/api/saved-searches';
import { sessionApi } from '../../src/shared/api/session';
import { siteApi } from '../../src/shared/api/site';
import { MODERATION_ACTIONS } from '../../src/shared/moderation';
import { emptyFilters } from '../../src/shared/schemas/filter-params';
import { createTestApp, type TestApp } from '../support/app';

type Builder = (...args: never[]) => ApiCall<unknown>;

const tables: Record<string, Record<string, Builder>> = {
  sessionApi,
  postingsApi,
  pingsApi,
  groupsApi,
  lifestyleApi,
  moderationApi,
  savedSearchesApi,
  siteApi,
  authApi,
};

/** Fills every path segment and query value: it must stay one segment, one value. */
const VALUE = 'a b/c?d=e&f#g';

/** The arguments of the builders that take more than ids, cursors and tokens (each set is called). */
const samples: Record<string, unknown[][]> = {
  'postingsApi.search': [
    [emptyFilters('oncampus')],
    [{ ...emptyFilters('offcampus'), sort: 'rent', maxRent: 900 }, VALUE],
  ],
  'postingsApi.mine': [
    ['administered', 2],
    ['bookmarked', 2, VALUE],
  ],
  'moderationApi.act': MODERATION_ACTIONS.map((action) => [VALUE, action]),
  'authApi.endpoint': AUTH_ENDPOINTS.map((endpoint) => [endpoint]),
};

interface Built {
  name: string;
  call: ApiCall<unknown>;
}

/** Every call of every table: the samples above, else each parameter given VALUE. */
function everyCall(): Built[] {
  const built: Built[] = [];
  for (const [tableName, table] of Object.entries(tables)) {
    for (const [entry, build] of Object.entries(table)) {
      const name = `${tableName}.${entry}`;
      const argumentSets = samples[name] ?? [Array.from({ length: build.length }, () => VALUE)];
      for (const args of argumentSets)
        built.push({ name, call: (build as (...a: unknown[]) => ApiCall<unknown>)(...args) });
    }
  }
  return built;
}

interface Route {
  methods: ApiMethod[];
  url: string;
  pattern: RegExp;
}

/** A Fastify route's address as a pattern: a parameter is one segment, a wildcard the rest. */
function routePattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+|\*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

let t: TestApp;
const routes: Route[] = [];

beforeAll(async () => {
  // With OpenID configured, as the client's sign-in page may use it (no provider needs to answer).
  const oidc = { OIDC_ISSUER: 'http://127.0.0.1:9', OIDC_CLIENT_ID: 'quadmates', OIDC_CLIENT_SECRET: 'secret' };
  t = await createTestApp(oidc, undefined, {
    backgroundJobs: false,
    onRoute(route) {
      if (!route.url.startsWith('/api')) return;
      routes.push({ methods: [route.method].flat() as ApiMethod[], url: route.url, pattern: routePattern(route.url) });
    },
  });
}, 120_000);
afterAll(async () => t?.close());

/** The registered route a call reaches, or undefined. */
function routeOf(call: ApiCall<unknown>): Route | undefined {
  const [pathPart = ''] = call.url.split('?');
  return routes.find((route) => route.methods.includes(call.method) && route.pattern.test(pathPart));
}

describe('the shared path tables', () => {
  it('build every call with a method and an /api address', () => {
    const calls = everyCall();
    expect(calls.length).toBeGreaterThan(50);
    for (const { name, call } of calls) {
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], name).toContain(call.method);
      expect(call.url, name).toMatch(/^\/api\//);
    }
  });

  it('name only builders that exist in their samples', () => {
    for (const name of Object.keys(samples)) {
      const [table = '', entry = ''] = name.split('.');
      expect(tables[table]?.[entry], name).toBeTypeOf('function');
    }
  });

  it('name a route the server registers, with its method, for every call', () => {
    expect(routes.length).toBeGreaterThan(40);
    const unmatched = everyCall()
      .filter(({ call }) => !routeOf(call))
      .map(({ name, call }) => `${name}: ${call.method} ${call.url}`);
    expect(unmatched).toEqual([]);
  });

  it('encode every value: one segment of the path, one value of the query', () => {
    for (const { name, call } of everyCall()) {
      const [pathPart = '', query] = call.url.split('?');
      expect(pathPart, name).not.toContain(' ');
      expect(call.url, name).not.toContain('#');
      if (query) {
        for (const value of new URLSearchParams(query).values()) {
          if (value.includes('c?d')) expect(value, name).toBe(VALUE);
        }
      }
      // A value in the path is exactly one segment, decoded back to itself.
      const route = routeOf(call);
      if (!route?.url.includes(':')) continue;
      const names = route.url.split('/');
      pathPart.split('/').forEach((segment, index) => {
        if (names[index]?.startsWith(':')) expect(decodeURIComponent(segment), name).toBe(VALUE);
      });
    }
  });

  it('post only to endpoints better-auth knows', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/no-such-endpoint', payload: {} });
    expect(unknown.statusCode).toBe(404);
    for (const endpoint of AUTH_ENDPOINTS) {
      const call = authApi.endpoint(endpoint);
      const answer = await t.app.inject({ method: call.method, url: call.url, payload: {} });
      expect(answer.statusCode, `${endpoint}: ${answer.body}`).not.toBe(404);
    }
    const popup = authApi.oauthPopupStart();
    const start = await t.app.inject({ method: popup.method, url: popup.url });
    expect(start.statusCode, start.body).not.toBe(404);
  });
});
