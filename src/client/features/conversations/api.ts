import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { can } from '../../../shared/authorization';
import type { ReportReason } from '../../../shared/moderation';
import { conversationKeys } from '../../../shared/query-keys';
import type {
  ContactShare,
  ConversationPage,
  ConversationSettings,
  ConversationView,
  MessageView,
  ReadAnswer,
} from '../../../shared/schemas/conversations';
import type { Me } from '../../../shared/schemas/me';
import { ApiError, api } from '../../api/client';

export { conversationKeys };

const mayTalk = (user: Me | null) => can(user, 'product.use', null);

/** The unread count for the navigation; the live stream keeps it current (live.ts). */
export function useUnreadCount(user: Me | null) {
  return useQuery({
    queryKey: conversationKeys.unread,
    queryFn: ({ signal }) => api.get('/api/conversations/unread-count', { signal }),
    enabled: mayTalk(user),
    staleTime: 60_000,
  });
}

export function useConversationList() {
  return useInfiniteQuery({
    queryKey: conversationKeys.list,
    queryFn: ({ pageParam, signal }) =>
      api.get('/api/conversations', { query: { cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ConversationPage) => last.nextCursor,
  });
}

export function useConversation(id: string) {
  return useQuery({
    queryKey: conversationKeys.one(id),
    queryFn: ({ signal }) => api.get('/api/conversations/{id}', { path: { id }, signal }),
    retry: false,
  });
}

/** Adds messages to a conversation in the cache: each once, in order of `seq`. */
export function mergeMessages(view: ConversationView, incoming: MessageView[]): ConversationView {
  const bySeq = new Map(view.messages.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return { ...view, messages: [...bySeq.values()].sort((a, b) => a.seq - b.seq) };
}

/** Older messages, put in front of the cached ones. */
export function useLoadEarlier(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (before: number) => api.get('/api/conversations/{id}', { path: { id }, query: { before } }),
    onSuccess: (page) =>
      queryClient.setQueryData<ConversationView>(conversationKeys.one(id), (view) =>
        view ? { ...mergeMessages(view, page.messages), hasEarlier: page.hasEarlier } : view,
      ),
  });
}

/**
 * A key naming one send (a version 4 UUID). From getRandomValues, which a page served over plain
 * HTTP has too (randomUUID is for secure pages only).
 */
export function newClientKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** No answer, or the proxy's for a server that went away: the send may or may not have been saved. */
export const sendMayBeRetried = (failures: number, error: unknown) =>
  failures < 3 && error instanceof ApiError && [0, 502, 503, 504].includes(error.status);

/**
 * Sends a message under its client key. A send whose answer was lost is sent again, up to three
 * times, with the same key: the server answers the message it saved, never a second one.
 */
export function useSendMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (send: { body: string; clientKey: string }) =>
      api.post('/api/conversations/{id}/messages', { path: { id }, body: send }),
    retry: sendMayBeRetried,
    retryDelay: (attempt) => 1_000 * 2 ** attempt,
    onSuccess: (message) => {
      queryClient.setQueryData<ConversationView>(conversationKeys.one(id), (view) =>
        view ? { ...mergeMessages(view, [message]), waitingForGroup: false } : view,
      );
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
      // A reply may change whether the sender writes next (waitingForGroup).
      void queryClient.invalidateQueries({ queryKey: conversationKeys.one(id) });
    },
  });
}

/** Everything up to `seq` is read: the navigation's count and the list's row follow. */
export function useMarkRead(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seq: number) => api.post('/api/conversations/{id}/read', { path: { id }, body: { seq } }),
    onSuccess: (answer: ReadAnswer) => {
      queryClient.setQueryData(conversationKeys.unread, { count: answer.total });
      queryClient.setQueryData<ConversationView>(conversationKeys.one(id), (view) =>
        view ? { ...view, readSeq: Math.max(view.readSeq, answer.readSeq) } : view,
      );
      queryClient.setQueryData<InfiniteData<ConversationPage>>(conversationKeys.list, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((item) => (item.id === id ? { ...item, unread: 0 } : item)),
              })),
            }
          : data,
      );
    },
  });
}

export function useShareContact(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: ContactShare) => api.put('/api/conversations/{id}/share', { path: { id }, body: share }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: conversationKeys.one(id) }),
  });
}

export function useReportMessage(id: string) {
  return useMutation({
    mutationFn: ({ seq, reason, details }: { seq: number; reason: ReportReason; details: string }) =>
      api.post('/api/conversations/{id}/messages/{seq}/report', {
        path: { id, seq },
        body: { reason, details: details || undefined },
      }),
  });
}

export function useBlock(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.put('/api/me/blocks/{userId}', { path: { userId } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: conversationKeys.one(conversationId) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.blocks });
    },
  });
}

/** The students I blocked (the profile's Messages section lists them, each with Unblock). */
export function useBlocks() {
  return useQuery({
    queryKey: conversationKeys.blocks,
    queryFn: ({ signal }) => api.get('/api/me/blocks', { signal }),
  });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete('/api/me/blocks/{userId}', { path: { userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationKeys.all }),
  });
}

export function useConversationSettings() {
  return useQuery({
    queryKey: conversationKeys.settings,
    queryFn: ({ signal }) => api.get('/api/me/conversation-settings', { signal }),
  });
}

export function useSaveConversationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ConversationSettings) => api.put('/api/me/conversation-settings', { body: settings }),
    // The box shows the choice at once, and goes back if it was not saved.
    onMutate: (settings) => {
      const before = queryClient.getQueryData<ConversationSettings>(conversationKeys.settings);
      queryClient.setQueryData(conversationKeys.settings, settings);
      return { before };
    },
    onError: (_error, _settings, context) => queryClient.setQueryData(conversationKeys.settings, context?.before),
    onSuccess: (saved) => queryClient.setQueryData(conversationKeys.settings, saved),
  });
}
