import { describe, expect, it } from 'vitest';
import { documentTitle, ROUTES } from './routes';

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
