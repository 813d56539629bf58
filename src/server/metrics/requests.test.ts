import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../shared/routes';
import { UNMATCHED_ROUTE } from './registry';
import { pagePattern } from './requests';

describe('pagePattern', () => {
  it("names a page address by the client route's pattern, never by the id or token in it", () => {
    expect(pagePattern('/postings')).toBe('/postings');
    expect(pagePattern('/postings?dorm=walsh&page=2')).toBe('/postings');
    expect(pagePattern('/messages/8c1f0e52-57c4-4bb4-9a58-5c4f1c0d9e11')).toBe('/messages/:id');
    expect(pagePattern('/invitations/secret-token-value')).toBe('/invitations/:token');
    expect(pagePattern('/')).toBe('/');
  });

  it('gives every other address one label, so no address sent makes a series of its own', () => {
    for (const url of ['/postings/extra', '/wp-admin/setup.php', '/invitations/a/b', '/api/nothing/here', '/metrics']) {
      expect(pagePattern(url), url).toBe(UNMATCHED_ROUTE);
    }
  });

  it("labels only with the client's own routes", () => {
    for (const pattern of ROUTES.map((route) => route.path)) {
      const address = pattern.replace(/:[^/]+/g, 'value');
      expect(pagePattern(address)).toBe(pattern);
    }
  });
});
