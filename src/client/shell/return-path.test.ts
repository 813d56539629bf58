import { describe, expect, it } from 'vitest';
import { returnPathOf } from './return-path';

describe('coming back after signing in', () => {
  it('is for an invitation link of this site, and no other page', () => {
    const back = (returnTo: unknown) => returnPathOf({ returnTo });
    expect(back('/invitations/abc123')).toBe('/invitations/abc123');
    expect(back('/postings')).toBeNull();
    expect(back('/invitations/')).toBeNull();
    expect(back('/invitations/a/b')).toBeNull();
    expect(back('//evil.example/invitations/x')).toBeNull();
    expect(back('https://evil.example/invitations/x')).toBeNull();
    expect(back(42)).toBeNull();
    expect(returnPathOf(null)).toBeNull();
  });
});
