import { describe, expect, it } from 'vitest';
import { pageAddress } from './page-addresses';

describe('pageAddress', () => {
  it('builds each page address with its value encoded', () => {
    expect(pageAddress.posting('50437990-0d8a-442a-966d-9bf5032bf95d')).toBe(
      '/detailView?id=50437990-0d8a-442a-966d-9bf5032bf95d',
    );
    // A value never adds a parameter or a path of its own.
    expect(pageAddress.posting('a&admin=1#x')).toBe('/detailView?id=a%26admin%3D1%23x');
    expect(pageAddress.invitation('ab/../c?d')).toBe('/invitations/ab%2F..%2Fc%3Fd');
    expect(pageAddress.renewal('p.q+r=')).toBe('/renew?token=p.q%2Br%3D');
    expect(pageAddress.conversation('a/b?c')).toBe('/messages/a%2Fb%3Fc');
  });
});
