import { describe, expect, it } from 'vitest';
import { documentTitle, matchRoute, ROUTES } from './routes';

describe('documentTitle: each page’s title, from the route table', () => {
  it('names the page, then the product', () => {
    expect(documentTitle('/postings', 'Quadmates')).toBe('Search Postings · Quadmates');
    expect(documentTitle('/about', 'Quadmates')).toBe('About Quadmates · Quadmates');
    expect(documentTitle('/welcomeToPostings', 'Eagle Nest')).toBe('Welcome to Eagle Nest Postings · Eagle Nest');
  });

  it('follows the address and the subject the page names', () => {
    const search = new URLSearchParams('id=abc');
    expect(documentTitle('/create-posting', 'Q')).toBe('Create Posting · Q');
    expect(documentTitle('/create-posting', 'Q', { search })).toBe('Edit Posting · Q');
    expect(documentTitle('/detailView', 'Q')).toBe('Posting Details · Q');
    expect(documentTitle('/detailView', 'Q', { subject: 'Walsh Hall' })).toBe('Walsh Hall · Q');
    expect(documentTitle('/messages/abc', 'Q', { subject: 'Ada Admin' })).toBe('Messages: Ada Admin · Q');
    expect(documentTitle('/messages/abc', 'Q')).toBe('Messages · Q');
  });

  it('gives every route a title, and an address that is no page the product’s name', () => {
    for (const route of ROUTES)
      expect(documentTitle(route.path.replace(':id', 'x').replace(':token', 'x'), 'Q')).toMatch(/^.+ · Q$/);
    expect(documentTitle('/no-such-page', 'Q')).toBe('Q');
  });
});

describe('matchRoute: the page an address names, by React Router’s rule', () => {
  it('matches case-insensitively, with a trailing slash, and decodes parameters, asked once or again', () => {
    for (let ask = 0; ask < 2; ask++) {
      expect(matchRoute('/Postings/')?.route.path).toBe('/postings');
      expect(matchRoute('/messages/a%20b')?.params).toEqual({ id: 'a b' });
      expect(matchRoute('/no-such-page')).toBeUndefined();
    }
  });

  it('gives each address its own parameters, however many addresses were asked before', () => {
    for (let i = 0; i < 1_200; i++) expect(matchRoute(`/messages/c${i}`)?.params).toEqual({ id: `c${i}` });
    const long = `/messages/${'x'.repeat(500)}`;
    expect(matchRoute(long)?.params).toEqual({ id: 'x'.repeat(500) });
    expect(matchRoute('/messages/c7')?.params).toEqual({ id: 'c7' });
  });

  it('answers that a caller cannot change for the next one', () => {
    const first = matchRoute('/messages/abc');
    expect(Object.isFrozen(first) && Object.isFrozen(first?.params)).toBe(true);
  });
});
