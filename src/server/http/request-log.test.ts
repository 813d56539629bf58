import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log';

describe('redactUrl', () => {
  it('takes out every secret-bearing value of a URL and keeps the rest', () => {
    expect(redactUrl('/api/auth/verify-email?token=eyJhbGci.x.y&callbackURL=%2F')).toBe(
      '/api/auth/verify-email?token=REDACTED&callbackURL=%2F',
    );
    expect(redactUrl('/api/auth/reset-password/AbC123xyz?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/REDACTED?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/reset-password?token=abc&error=x')).toBe('/reset-password?token=REDACTED&error=x');
    expect(redactUrl('/renew?token=a.b')).toBe('/renew?token=REDACTED');
    expect(redactUrl('/api/saved-searches/unsubscribe?id=5d0c&token=q1w2')).toBe(
      '/api/saved-searches/unsubscribe?id=5d0c&token=REDACTED',
    );
    // OpenID's callback: the authorization code and state.
    expect(redactUrl('/api/auth/callback/oidc?code=c0de&state=s7a7e&iss=https%3A%2F%2Fid')).toBe(
      '/api/auth/callback/oidc?code=REDACTED&state=REDACTED&iss=https%3A%2F%2Fid',
    );
    // Names spelled otherwise are still judged by what they say.
    expect(redactUrl('/x?%74oken=abc&Reset_Token=def&token')).toBe('/x?%74oken=REDACTED&Reset_Token=REDACTED&token');
    expect(redactUrl('/api/postings?location=oncampus&dorm=Walsh&sort=fit')).toBe(
      '/api/postings?location=oncampus&dorm=Walsh&sort=fit',
    );
    expect(redactUrl('/api/images/postings/1/2-card.webp')).toBe('/api/images/postings/1/2-card.webp');
    // Group invitation links (issue 23): the page and the API's lookup.
    expect(redactUrl('/invitations/s3cr3t-t0ken')).toBe('/invitations/REDACTED');
    expect(redactUrl('/api/invitations/by-token/s3cr3t-t0ken')).toBe('/api/invitations/by-token/REDACTED');
    expect(redactUrl('/api/me/invitations/count')).toBe('/api/me/invitations/count');
  });
});

describe('redactUrl on any spelling of a secret-bearing path', () => {
  const token = 'Zx9s3cr3tT0ken';
  // [what was asked for, what the log keeps]
  const table: [string, string][] = [
    [`/invitations/${token}`, '/invitations/REDACTED'],
    [`//invitations/${token}`, '//invitations/REDACTED'],
    [`///invitations//${token}`, '///invitations/REDACTED'],
    [`/Invitations/${token}`, '/Invitations/REDACTED'],
    [`/INVITATIONS/${token}`, '/INVITATIONS/REDACTED'],
    [`/%69nvitations/${token}`, '/%69nvitations/REDACTED'],
    [`/%2569nvitations/${token}`, '/%2569nvitations/REDACTED'],
    [`/invitations%2F${token}`, '/invitations/REDACTED'],
    [`/invitations%2f${token}`, '/invitations/REDACTED'],
    [`%2Finvitations%2F${token}`, '%2Finvitations/REDACTED'],
    [`\\invitations\\${token}`, '\\invitations/REDACTED'],
    [`/./invitations/${token}`, '/./invitations/REDACTED'],
    [`/api/../invitations/${token}`, '/api/../invitations/REDACTED'],
    [`/invitations;x=1/${token}`, '/invitations;x=1/REDACTED'],
    [`/invitations/${token}/`, '/invitations/REDACTED'],
    [`/invitations/${token}/decline`, '/invitations/REDACTED'],
    [`/invitations/${token}?from=mail`, '/invitations/REDACTED?from=mail'],
    [`/api/invitations/by-token/${token}`, '/api/invitations/by-token/REDACTED'],
    [`/api//invitations//by-token//${token}`, '/api//invitations//by-token/REDACTED'],
    [`/api/invitations/BY-TOKEN/${token}`, '/api/invitations/BY-TOKEN/REDACTED'],
    [`/api/invitations/by%2Dtoken/${token}`, '/api/invitations/by%2Dtoken/REDACTED'],
    [`/api/auth/reset-password/${token}?callbackURL=%2F`, '/api/auth/reset-password/REDACTED?callbackURL=%2F'],
    [`/api/auth//Reset-Password/${token}`, '/api/auth//Reset-Password/REDACTED'],
    [`/api/auth/verify%2Demail/${token}`, '/api/auth/verify%2Demail/REDACTED'],
    // Tokens in the query, under any spelling of the name, or inside a link passed as a value.
    [`/renew?TOKEN=${token}`, '/renew?TOKEN=REDACTED'],
    [`/renew?%2574oken=${token}`, '/renew?%2574oken=REDACTED'],
    [`/signin-wall?next=%2Finvitations%2F${token}`, '/signin-wall?next=REDACTED'],
    [`/signin-wall?next=%2F%2Finvitations%2F${token}`, '/signin-wall?next=REDACTED'],
    [`/x?callbackURL=https%3A%2F%2Fq.example%2Frenew%3Ftoken%3D${token}`, '/x?callbackURL=REDACTED'],
    // Nothing secret: left as it was.
    ['/invitations', '/invitations'],
    ['/invitations/', '/invitations/'],
    [
      '/api/invitations/6a0e3f4c-2b1d-4c5e-9f7a-1b2c3d4e5f60/join',
      '/api/invitations/6a0e3f4c-2b1d-4c5e-9f7a-1b2c3d4e5f60/join',
    ],
    ['/api/me/invitations/count', '/api/me/invitations/count'],
    ['//api/me/invitations', '//api/me/invitations'],
    ['/postings?dorm=Walsh&next=%2FmyProfile', '/postings?dorm=Walsh&next=%2FmyProfile'],
    ['/api/auth/callback/oidc?iss=https%3A%2F%2Fid', '/api/auth/callback/oidc?iss=https%3A%2F%2Fid'],
  ];

  it.each(table)('%s is logged as %s', (url, logged) => {
    const kept = redactUrl(url);
    expect(kept).toBe(logged);
    expect(kept).not.toContain(token);
  });
});
