import { describe, expect, it } from 'vitest';
import { type Answer, address, apiUrl, type CallOptions, type PathOf, type Route } from './api-contract';
import { searchPage } from './list-pages';
import { emptyFilters } from './schemas/filter-params';

/** Fills a path segment or a query value: it must stay one segment, one value. */
const VALUE = 'a b/c?d=e&f#g';

describe("a route's address", () => {
  it('fills each path parameter as exactly one segment, decoded back to itself', () => {
    const url = address('/api/postings/{id}/members/{memberId}', { path: { id: VALUE, memberId: 'm1' } });
    const segments = url.split('/');
    expect(segments).toHaveLength(6);
    expect(decodeURIComponent(segments[3] ?? '')).toBe(VALUE);
    expect(segments[5]).toBe('m1');
    expect(url).not.toMatch(/[ ?#]/);
  });

  it('gives each query value as one value, in the order given, leaving out absent ones', () => {
    const url = apiUrl('/api/saved-searches/unsubscribe', { query: { id: VALUE, token: 't' } });
    const [path, query = ''] = url.split('?');
    expect(path).toBe('/api/saved-searches/unsubscribe');
    expect([...new URLSearchParams(query)]).toEqual([
      ['id', VALUE],
      ['token', 't'],
    ]);
    expect(apiUrl('/api/pings/sent', { query: { limit: 10, cursor: undefined } })).toBe('/api/pings/sent?limit=10');
    expect(apiUrl('/api/me')).toBe('/api/me');
  });

  it("writes the search's address as the server names the answer it puts in the page", () => {
    const filters = { ...emptyFilters('oncampus'), groupSize: 2, dorm: 'Walsh Hall' };
    expect(apiUrl('/api/postings', { query: searchPage(filters) })).toBe(
      '/api/postings?location=oncampus&groupSize=2&dorm=Walsh+Hall&limit=8',
    );
    expect(apiUrl('/api/postings', { query: searchPage(filters, 'next') })).toMatch(/&limit=8&cursor=next$/);
  });
});

describe('a call to a route', () => {
  // `npm run typecheck` fails on any line below whose @ts-expect-error is no longer needed: the
  // compiler holds every call to the paths, parameters, bodies and answers the server declares.
  it('names a route the server declares, with its parameters, body and answer', () => {
    type PatchOptions<P extends PathOf<'patch'>> = CallOptions<Route<P, 'patch'>>;
    const addresses = [
      // @ts-expect-error: no such route
      apiUrl('/api/no-such-route'),
      // @ts-expect-error: the route has no GET
      apiUrl('/api/contact'),
      // @ts-expect-error: a path parameter is required
      apiUrl('/api/postings/{id}'),
      // @ts-expect-error: the path parameter is `id`
      apiUrl('/api/postings/{id}', { path: { postingId: 'p' } }),
      // @ts-expect-error: the query has no such parameter
      apiUrl('/api/pings/sent', { query: { limits: 10 } }),
      // @ts-expect-error: location is one of the two places
      apiUrl('/api/postings', { query: { location: 'moon' } }),
    ];
    // @ts-expect-error: the body is required
    const noBody: PatchOptions<'/api/pings/{id}'> = { path: { id: 'p' } };
    // @ts-expect-error: a ping is accepted or declined, nothing else
    const wrongBody: PatchOptions<'/api/pings/{id}'> = { path: { id: 'p' }, body: { status: 'maybe' } };
    const rightBody: PatchOptions<'/api/pings/{id}'> = { path: { id: 'p' }, body: { status: 'accepted' } };
    // A 204 answers null.
    const deleted: Answer<Route<'/api/saved-searches/{id}', 'delete'>> = null;
    // @ts-expect-error: the count answer has no `total`
    const count: Answer<Route<'/api/pings/awaiting-count', 'get'>> = { total: 1 };
    expect([addresses.length, noBody, wrongBody, rightBody.body.status, deleted, count]).toHaveLength(6);
  });
});
