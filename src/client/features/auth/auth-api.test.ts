import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPUP_CLOSED_GRACE_MS, POPUP_CLOSED_POLL_MS, waitForPopupOutcome } from './auth-api';

const ORIGIN = 'http://127.0.0.1:3000';
const NONCE = 'nonce-1';

function fakePopup() {
  return { closed: false, close: vi.fn() };
}

function report(target: EventTarget, data: unknown, origin = ORIGIN) {
  target.dispatchEvent(new MessageEvent('message', { data, origin }));
}

const refusal = { type: 'better-auth:oauth-popup', nonce: NONCE, error: { code: 'EMAIL_DOMAIN_NOT_ALLOWED' } };

describe('waitForPopupOutcome', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("gives the provider's refusal to the page and closes the popup", async () => {
    const popup = fakePopup();
    const target = new EventTarget();
    const outcome = waitForPopupOutcome(popup, target, ORIGIN, NONCE);
    report(target, refusal);
    await expect(outcome).resolves.toEqual({ kind: 'error', code: 'EMAIL_DOMAIN_NOT_ALLOWED' });
    expect(popup.close).toHaveBeenCalled();
  });

  it('keeps a refusal that arrives after the popup is already seen closed', async () => {
    const popup = fakePopup();
    const target = new EventTarget();
    const outcome = waitForPopupOutcome(popup, target, ORIGIN, NONCE);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS + 1);
    report(target, refusal);
    await expect(outcome).resolves.toEqual({ kind: 'error', code: 'EMAIL_DOMAIN_NOT_ALLOWED' });
  });

  it('settles as done once a closed popup has sent nothing for the grace period', async () => {
    const popup = fakePopup();
    const target = new EventTarget();
    let settled: unknown;
    void waitForPopupOutcome(popup, target, ORIGIN, NONCE).then((outcome) => {
      settled = outcome;
    });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS + POPUP_CLOSED_GRACE_MS - 10);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS);
    expect(settled).toEqual({ kind: 'done' });
  });

  it('ignores messages from another origin or with another nonce', async () => {
    const popup = fakePopup();
    const target = new EventTarget();
    const outcome = waitForPopupOutcome(popup, target, ORIGIN, NONCE);
    report(target, refusal, 'http://evil.example');
    report(target, { ...refusal, nonce: 'other' });
    report(target, { type: 'better-auth:oauth-popup', nonce: NONCE });
    await expect(outcome).resolves.toEqual({ kind: 'done' });
    expect(popup.close).toHaveBeenCalledTimes(1);
  });
});
