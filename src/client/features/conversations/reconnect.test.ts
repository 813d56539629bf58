import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_MS, reconnectDelay } from './reconnect';

describe('reconnectDelay', () => {
  it('spreads reconnects over a window that doubles with each attempt', () => {
    expect(reconnectDelay(0, () => 1)).toBe(2_000);
    expect(reconnectDelay(1, () => 1)).toBe(4_000);
    expect(reconnectDelay(3, () => 1)).toBe(16_000);
    expect(reconnectDelay(3, () => 0.5)).toBe(8_000);
    expect(reconnectDelay(3, () => 0)).toBe(0);
  });

  it('never waits more than a minute, however many attempts failed', () => {
    expect(reconnectDelay(5, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(40, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(1_000, () => 0.999)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
  });
});
