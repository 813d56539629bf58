/** The conversations' addresses (issue 19): the list, one conversation, messages, reads, sharing, safety. */
import type {
  BlockList,
  ContactShare,
  ConversationPage,
  ConversationSettings,
  ConversationView,
  MessageReportItem,
  MessageView,
  ReadAnswer,
  UnreadCount,
} from '../schemas/conversations';
import { del, enc, get, post, put } from './call';

const one = (id: string) => `/api/conversations/${enc(id)}`;

/** The live stream's address (EventSource, not apiFetch): see LiveEvent. */
export const EVENTS_PATH = '/api/events';

export const conversationsApi = {
  list: (cursor?: string | null) =>
    get<ConversationPage>(cursor ? `/api/conversations?cursor=${enc(cursor)}` : '/api/conversations'),
  unreadCount: () => get<UnreadCount>('/api/conversations/unread-count'),
  /** `before` pages back from a message, `after` catches up after one (sequences). */
  one: (id: string, page?: { before?: number; after?: number }) => {
    const query =
      page?.before !== undefined ? `?before=${page.before}` : page?.after !== undefined ? `?after=${page.after}` : '';
    return get<ConversationView>(`${one(id)}${query}`);
  },
  /** Body: { body }. Answers 201 with the message. */
  send: (id: string) => post<MessageView>(`${one(id)}/messages`),
  /** Body: { seq }. */
  markRead: (id: string) => post<ReadAnswer>(`${one(id)}/read`),
  /** Body: { email, phone, instagram }. */
  share: (id: string) => put<ContactShare>(`${one(id)}/share`),
  /** Body: { reason, details? }. */
  report: (id: string, seq: number) => post<{ reported: true }>(`${one(id)}/messages/${enc(String(seq))}/report`),
  blocks: () => get<BlockList>('/api/me/blocks'),
  block: (userId: string) => put<{ blocked: true }>(`/api/me/blocks/${enc(userId)}`),
  unblock: (userId: string) => del<{ blocked: false }>(`/api/me/blocks/${enc(userId)}`),
  settings: () => get<ConversationSettings>('/api/me/conversation-settings'),
  /** Body: { unreadEmail }. */
  saveSettings: () => put<ConversationSettings>('/api/me/conversation-settings'),
  /** The unread-message e-mail's link, no sign-in: turns those e-mails off. */
  unsubscribe: (user: string, token: string) =>
    post<ConversationSettings>(`/api/conversation-emails/unsubscribe?user=${enc(user)}&token=${enc(token)}`),
  /** Moderators only. */
  reportedMessages: () => get<{ items: MessageReportItem[] }>('/api/moderation/message-reports'),
  /** Moderators only: the report is closed. */
  dismissReport: (reportId: string) => post<{ done: true }>(`/api/moderation/message-reports/${enc(reportId)}/dismiss`),
} as const;
