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
