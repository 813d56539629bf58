import { describe, expect, it } from 'vitest';
import { backoffDelayMs, isPermanentFailure } from './outbox';

const middle = () => 0.5;

describe('backoffDelayMs', () => {
  it('waits 15 s after the first failure and doubles after each one', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => backoffDelayMs(attempts, middle))).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000,
    ]);
  });

  it('never waits more than an hour, however many attempts failed', () => {
    expect(backoffDelayMs(9, middle)).toBe(60 * 60_000);
    expect(backoffDelayMs(50, middle)).toBe(60 * 60_000);
    expect(backoffDelayMs(10_000, middle)).toBe(60 * 60_000);
  });

  it('spreads each wait by up to 20% either way, so retries of many servers do not stampede', () => {
    expect(backoffDelayMs(1, () => 0)).toBe(12_000);
    expect(backoffDelayMs(1, () => 1)).toBe(18_000);
    expect(backoffDelayMs(50, () => 0)).toBe(48 * 60_000);
    expect(backoffDelayMs(50, () => 1)).toBe(72 * 60_000);
    for (let i = 0; i < 100; i += 1) {
      const delay = backoffDelayMs(3);
      expect(delay).toBeGreaterThanOrEqual(48_000);
      expect(delay).toBeLessThanOrEqual(72_000);
    }
  });

  it('treats a count below one as the first attempt', () => {
    expect(backoffDelayMs(0, middle)).toBe(15_000);
  });
});

describe('isPermanentFailure', () => {
  it('gives up on an SMTP 5xx answer', () => {
    for (const responseCode of [500, 550, 552, 553, 554]) {
      expect(isPermanentFailure(Object.assign(new Error('refused'), { responseCode }))).toBe(true);
    }
  });

  it('retries a 4xx answer and anything without an SMTP code (connection refused, timeouts)', () => {
    for (const responseCode of [421, 450, 451, 452]) {
      expect(isPermanentFailure(Object.assign(new Error('later'), { responseCode }))).toBe(false);
    }
    expect(isPermanentFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }))).toBe(false);
    expect(isPermanentFailure({ responseCode: '550' })).toBe(false);
    expect(isPermanentFailure(new Error('boom'))).toBe(false);
  });

  it('does not throw on something thrown that is not an object', () => {
    for (const thrown of [undefined, null, 'a string', 42]) {
      expect(isPermanentFailure(thrown)).toBe(false);
    }
  });
});
