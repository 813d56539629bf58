import { describe, expect, it } from 'vitest';
import { isCollegeEmail } from './domain-policy';

describe('isCollegeEmail', () => {
  it.each(['x@bc.edu', 'X@BC.EDU', 'first.last@Bc.Edu', ' padded@bc.edu '])('accepts %s', (email) => {
    expect(isCollegeEmail(email, 'bc.edu')).toBe(true);
  });

  it.each([
    'x@evilbc.edu',
    'x@bc.edu.evil.com',
    'x@mail.bc.edu',
    'x@bc.edu@evil.com',
    'bc.edu',
    '@bc.edu',
    'x@',
    'x@bc.ed',
    'x@gmail.com',
  ])('refuses %s', (email) => {
    expect(isCollegeEmail(email, 'bc.edu')).toBe(false);
  });

  it('accepts a subdomain only when the college lists it', () => {
    expect(isCollegeEmail('x@mail.bc.edu', 'bc.edu', ['mail.bc.edu'])).toBe(true);
    expect(isCollegeEmail('x@other.bc.edu', 'bc.edu', ['mail.bc.edu'])).toBe(false);
  });
});
