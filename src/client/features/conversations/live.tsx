import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiUrl } from '../../../shared/api-contract';
import { can } from '../../../shared/authorization';
import { conversationMessages as cm } from '../../../shared/conversation-messages';
import { agreementKeys } from '../../../shared/query-keys';
import type { ConversationPage, ConversationView, MessageView } from '../../../shared/schemas/conversations';
import type { Me } from '../../../shared/schemas/me';
import { conversationKeys, mergeMessages } from './api';
import { reconnectDelay } from './reconnect';

/** A new message reaches the caches: its open conversation, the list's row and order. */
function takeMessage(queryClient: QueryClient, conversationId: string, message: MessageView): void {
  queryClient.setQueryData<ConversationView>(conversationKeys.one(conversationId), (view) =>
    view
      ? { ...mergeMessages(view, [message]), waitingForGroup: message.fromYou ? view.waitingForGroup : false }
      : view,
  );
  // A reply may open a conversation the reader was waiting in (or the ping's answer may have changed it).
  const cached = queryClient.getQueryData<ConversationView>(conversationKeys.one(conversationId));
  if (cached && !cached.writable && !message.fromYou) {
    void queryClient.invalidateQueries({ queryKey: conversationKeys.one(conversationId) });
  }
  const list = queryClient.getQueryData<InfiniteData<ConversationPage>>(conversationKeys.list);
  const known = list?.pages.some((page) => page.items.some((item) => item.id === conversationId));
  if (list && known) {
    queryClient.setQueryData<InfiniteData<ConversationPage>>(conversationKeys.list, {
      ...list,
      pages: list.pages.map((page) => ({
        ...page,
        items: page.items.map((item) =>
          item.id === conversationId
            ? { ...item, lastMessage: message, unread: message.fromYou ? item.unread : item.unread + 1 }
            : item,
        ),
      })),
    });
  }
  // The order (latest first), and a conversation new to this list, come from the server.
  void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
}

/**
 * The tab's one live stream (Server-Sent Events): new messages go into the caches and are
 * announced politely; unread totals update the navigation; a ping's answer refetches its
 * conversation; a change to a group's roommate agreement refetches it. The browser's EventSource reconnects a dropped stream by itself and sends
 * Last-Event-ID, so the server replays exactly what was missed; a `resync` (too much was missed)
 * refetches everything the page shows. A stream the server refused (503 when full) is not retried
 * by the browser: this reopens it with jittered back-off, from the last event seen. A stream ended
 * because the student opened it in a newer tab (`replaced`) waits until this tab is looked at again.
 */
export function LiveUpdates({ user }: { user: Me | null }) {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const enabled = can(user, 'product.use', null);
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let lastEventId = '';
    let attempt = 0;
    let opened = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let waitingForVisibility = false;
    const remember = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
    };
    const onMessage = (event: MessageEvent<string>) => {
      remember(event);
      const data = JSON.parse(event.data) as { conversationId: string; message: MessageView };
      takeMessage(queryClient, data.conversationId, data.message);
      if (data.message.fromYou) return;
      // A screen reader hears the scam safety note with the message, as a sighted reader sees it.
      const note = data.message.scamWarning ? ` ${cm.scamWarning.label}: ${cm.scamWarning.note}` : '';
      setAnnouncement(`New message from ${data.message.senderName}: ${data.message.body}${note}`);
    };
    const onUnread = (event: MessageEvent<string>) => {
      remember(event);
      const data = JSON.parse(event.data) as { total: number };
      queryClient.setQueryData(conversationKeys.unread, { count: data.total });
    };
    // The ping was answered, its posting Fulfilled or it expired, or someone shared contact details:
    // the conversation is read again (its line, its status, what was shared).
    const onConversation = (event: MessageEvent<string>) => {
      remember(event);
      const data = JSON.parse(event.data) as { conversationId: string };
      void queryClient.invalidateQueries({ queryKey: conversationKeys.one(data.conversationId) });
      void queryClient.invalidateQueries({ queryKey: conversationKeys.list });
    };
    // A group's roommate agreement changed (a clause, a signature): read again where it is shown.
    const onAgreement = (event: MessageEvent<string>) => {
      remember(event);
      const data = JSON.parse(event.data) as { postingId: string };
      void queryClient.invalidateQueries({ queryKey: agreementKeys.one(data.postingId) });
    };
    // More was missed than the server replays: what the page shows is read again.
    const onResync = (event: MessageEvent<string>) => {
      remember(event);
      void queryClient.invalidateQueries();
    };
    const onReplaced = () => {
      source?.close();
      source = undefined;
      if (document.visibilityState === 'visible') schedule();
      else waitingForVisibility = true;
    };
    const onOpen = () => {
      // A first open needs nothing; a reopened stream replays from Last-Event-ID, and a stream the
      // server had to start afresh (its history gone) is covered by reading the counts again.
      if (opened) void queryClient.invalidateQueries({ queryKey: conversationKeys.unread });
      opened = true;
      attempt = 0;
    };
    const onError = () => {
      // CONNECTING: the browser reconnects by itself (after the server's retry). CLOSED: it gave up.
      if (source?.readyState !== EventSource.CLOSED) return;
      source.close();
      source = undefined;
      schedule();
    };
    const schedule = () => {
      clearTimeout(retry);
      retry = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };
    const connect = () => {
      const url = apiUrl('/api/events', { query: { lastEventId: lastEventId || undefined } });
      source = new EventSource(url, { withCredentials: true });
      source.addEventListener('message', onMessage);
      source.addEventListener('unread', onUnread);
      source.addEventListener('conversation', onConversation);
      source.addEventListener('agreement', onAgreement);
      source.addEventListener('resync', onResync);
      source.addEventListener('replaced', onReplaced);
      source.addEventListener('open', onOpen);
      source.addEventListener('error', onError);
    };
    const onVisibility = () => {
      if (document.visibilityState !== 'visible' || !waitingForVisibility) return;
      waitingForVisibility = false;
      schedule();
    };
    document.addEventListener('visibilitychange', onVisibility);
    connect();
    return () => {
      clearTimeout(retry);
      document.removeEventListener('visibilitychange', onVisibility);
      source?.close();
    };
  }, [enabled, queryClient]);
  return (
    <div role="status" aria-live="polite" className="visually-hidden">
      {announcement}
    </div>
  );
}
