/**
 * How long the page waits before reopening a live stream the browser gave up on (the server
 * refused it, 503 when full, or the network went): 2 s, doubling each attempt to at most a minute,
 * with full jitter, so the tabs a full or restarted server turned away do not all return at once.
 */
const RECONNECT_BASE_MS = 2_000;
export const RECONNECT_MAX_MS = 60_000;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  return Math.round(random() * Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt));
}
