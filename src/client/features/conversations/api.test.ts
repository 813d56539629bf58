import { describe, expect, it } from 'vitest';
import type { ConversationView, MessageView } from '../../../shared/schemas/conversations';
import { mergeMessages } from './api';

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
