/**
 * A live stream (GET /api/events) read with fetch, as a browser's EventSource would: its events
 * and comment lines as they arrive.
 */
import { expect } from 'vitest';
import type { TestMember } from './users';

export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: unknown;
}

/** Opens a stream for `member` on a listening server, resuming after `lastEventId` when given. */
export async function openStream(base: string, member: TestMember, lastEventId?: number) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { cookie: member.cookie, ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}) },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events: SseEvent[] = [];
  const comments: string[] = [];
  let buffer = '';
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of frame.split('\n')) {
            if (line.startsWith(':')) comments.push(line);
            const colon = line.indexOf(': ');
            if (colon > 0) fields[line.slice(0, colon)] = line.slice(colon + 2);
          }
          if (fields.data !== undefined)
            events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data) });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted.
    }
  })();
  return {
    events,
    comments,
    async waitFor(count: number, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (events.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(events.length).toBeGreaterThanOrEqual(count);
    },
    async close() {
      controller.abort();
      await done;
    },
  };
}
