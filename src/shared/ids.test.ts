import { describe, expect, it } from 'vitest';
import { isUuid } from './ids';

describe('isUuid', () => {
  it('takes a well-formed UUID of any version, in either case', () => {
    expect(isUuid('50437990-0d8a-442a-966d-9bf5032bf95d')).toBe(true);
    expect(isUuid('11111111-1111-1111-1111-111111111111')).toBe(true);
    expect(isUuid('50437990-0D8A-442A-966D-9BF5032BF95D')).toBe(true);
  });

  it('refuses anything else, so a malformed id answers as a missing record', () => {
    for (const value of ['', 'x', '50437990-0d8a-442a-966d-9bf5032bf95', '50437990-0d8a-442a-966d-9bf5032bf95dd']) {
      expect(isUuid(value), value).toBe(false);
    }
    expect(isUuid("50437990-0d8a-442a-966d-9bf5032bf95d' OR 1=1")).toBe(false);
    expect(isUuid('50437990-0d8a-442a-966d-9bf5032bf95d\n')).toBe(false);
  });
});
