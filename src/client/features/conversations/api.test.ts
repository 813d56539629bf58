import { describe, expect, it } from 'vitest';
import { type ConversationView, type MessageView, sendMessageSchema } from '../../../shared/schemas/conversations';
import { ApiError } from '../../api/client';
import { mergeMessages, newClientKey, sendMayBeRetried } from './api';

const message = (seq: number, body = `m${seq}`): MessageView => ({
  seq,
  conversationId: 'c',
  senderId: 'u',
  senderName: 'Ada',
  fromYou: false,
  body,
  createdAt: '2026-11-26T10:00:00.000Z',
  scamWarning: false,
});

const view = (messages: MessageView[]) => ({ id: 'c', messages }) as unknown as ConversationView;

describe('mergeMessages', () => {
  it('keeps each message once, in order, whether it came live, from a send or from an earlier page', () => {
    const merged = mergeMessages(view([message(3), message(5)]), [message(5, 'again'), message(4), message(1)]);
    expect(merged.messages.map((m) => [m.seq, m.body])).toEqual([
      [1, 'm1'],
      [3, 'm3'],
      [4, 'm4'],
      [5, 'again'],
    ]);
  });
});

describe('a send and its client key', () => {
  it('names each send with a fresh key the server accepts', () => {
    const keys = Array.from({ length: 200 }, newClientKey);
    expect(new Set(keys).size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(sendMessageSchema.safeParse({ body: 'hi', clientKey: key }).success).toBe(true);
    }
  });

  it('sends again, at most three times, only when the answer may have been lost', () => {
    const failure = (status: number) => new ApiError(status, { code: 'X', title: 'T', message: 'M' });
    for (const status of [0, 502, 503, 504]) {
      expect(sendMayBeRetried(0, failure(status))).toBe(true);
      expect(sendMayBeRetried(2, failure(status))).toBe(true);
      expect(sendMayBeRetried(3, failure(status))).toBe(false);
    }
    // A refusal is an answer: sending it again would be refused again.
    for (const status of [400, 401, 404, 409, 429, 500]) expect(sendMayBeRetried(0, failure(status))).toBe(false);
  });
});
