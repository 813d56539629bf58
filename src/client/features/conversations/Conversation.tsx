import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { conversationMessages, MESSAGE_MAX_LENGTH } from '../../../shared/conversation-messages';
import { memberFormActions } from '../../../shared/member-form-posts';
import { PING_STATUS_LABELS } from '../../../shared/options';
import { pageAddress } from '../../../shared/page-addresses';
import type { ConversationView, MessageView } from '../../../shared/schemas/conversations';
import { ApiError } from '../../api/client';
import { dateTimeText } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import { useTypedBeforeScripts } from '../../shell/typed-before-scripts';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import fieldStyles from '../../ui/FormField.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import { newClientKey, useConversation, useLoadEarlier, useMarkRead, useSendMessage } from './api';
import { ContactShareForm, SharedContacts } from './ContactShare';
import { MessageText } from './linkify';
import styles from './Messages.module.css';
import { BlockButton, MessageSafety } from './Safety';

/** Within this many pixels of the end, the reader follows new messages; further up, their place stays. */
const FOLLOW_PX = 80;

function Message({ message, conversationId }: { message: MessageView; conversationId: string }) {
  const clock = useClock();
  return (
    <li className={`${styles.message} ${message.fromYou ? styles.mine : ''}`} data-seq={message.seq}>
      <p className={styles.messageHead}>
        <span className={styles.author}>{message.fromYou ? 'You' : message.senderName}</span>{' '}
        <time dateTime={message.createdAt}>{dateTimeText(message.createdAt, clock.zone)}</time>
      </p>
      <p className={styles.body}>
        <MessageText body={message.body} />
      </p>
      {message.fromYou || message.senderId === null ? null : (
        <MessageSafety conversationId={conversationId} message={message} />
      )}
    </li>
  );
}

// The shared schema the server checks a message with, loaded when the composer is first used.
const loadMessageSchema = () =>
  import('../../../shared/schemas/conversations').then((module) => module.sendMessageSchema);

/**
 * The composer: a labelled text box, its counter, Send (and Ctrl/⌘+Enter). A plain form too
 * (issue 31): sent before the scripts have taken the page over, or without them, the server saves
 * the message and draws the conversation again; what was typed before the scripts stays.
 */
function Composer({ view }: { view: ConversationView }) {
  const send = useSendMessage(view.id);
  const [length, setLength] = useState(0);
  // The drawn form's own key: the same form sent twice (a double tap) is one message.
  const [drawnKey] = useState(newClientKey);
  // The key of the text last sent: sending that text again (after a failure) reuses it, so a
  // send that was saved after all is not saved twice; other text is another message.
  const lastSend = useRef<{ body: string; clientKey: string } | null>(null);
  const [failure, setFailure] = useState('');
  const id = useId();
  useTypedBeforeScripts(`${id}-form`);
  const form = useSchemaForm({
    schema: loadMessageSchema,
    onValid: ({ body }) => {
      setFailure('');
      if (lastSend.current?.body !== body) lastSend.current = { body, clientKey: newClientKey() };
      send.mutate(lastSend.current, {
        onSuccess: () => {
          lastSend.current = null;
          form.reset();
          setLength(0);
        },
        onError: (error) =>
          setFailure(error instanceof ApiError ? error.message : conversationMessages.sendFailedTitle),
      });
    },
  });
  const error = form.error('body') ?? failure;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) event.currentTarget.form?.requestSubmit();
  };
  if (!view.writable) {
    return (
      <p className={styles.closed} id={`${id}-closed`}>
        {view.waitingForGroup
          ? conversationMessages.waitForGroup
          : (view.closedLine ?? conversationMessages.closed.unavailable)}
      </p>
    );
  }
  return (
    <form
      id={`${id}-form`}
      className={styles.composer}
      method="post"
      action={memberFormActions.sendMessage(view.id)}
      {...form.formProps}
    >
      {/* A key of each drawing: the browser's own (taking the page over) differs, and need not match. */}
      <input type="hidden" name="clientKey" value={drawnKey} suppressHydrationWarning />
      <label className={fieldStyles.label} htmlFor={id}>
        Your message
      </label>
      <textarea
        id={id}
        name="body"
        className={`${fieldStyles.control} ${styles.textarea}`}
        maxLength={MESSAGE_MAX_LENGTH}
        rows={3}
        aria-describedby={`${id}-count ${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setLength(event.target.value.length)}
        onKeyDown={onKeyDown}
      />
      <div className={styles.composerFoot}>
        <p id={`${id}-hint`} className={styles.muted}>
          Ctrl+Enter or ⌘+Enter sends.
        </p>
        <p id={`${id}-count`} className={styles.muted}>
          {length.toLocaleString('en-US')} / {MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters
        </p>
        <button type="submit" className={buttonStyles.button} disabled={send.isPending}>
          Send
        </button>
      </div>
      <p id={`${id}-error`} role="alert" className={styles.error}>
        {error}
      </p>
    </form>
  );
}

/**
 * The messages, oldest first, in a region of their own that scrolls: it opens at the first unread
 * message (or the end), follows new ones while the reader is at the end and otherwise keeps their
 * place; what comes into view is marked read.
 */
function MessageList({ view }: { view: ConversationView }) {
  const scroller = useRef<HTMLElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const earlier = useLoadEarlier(view.id);
  const markRead = useMarkRead(view.id);
  const opened = useRef(false);
  const atEnd = useRef(true);
  /** Before earlier messages go in front: the height, to keep what the reader sees in place. */
  const heightBefore = useRef<number | null>(null);
  const lastSeq = view.messages.at(-1)?.seq ?? 0;
  const firstSeq = view.messages[0]?.seq ?? 0;

  // Where the reader lands, and stays.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when messages are added at either end
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (heightBefore.current !== null) {
      box.scrollTop += box.scrollHeight - heightBefore.current;
      heightBefore.current = null;
      return;
    }
    if (!opened.current) {
      opened.current = true;
      const firstUnread = view.messages.find((message) => message.seq > view.readSeq && !message.fromYou);
      const target = firstUnread ? box.querySelector<HTMLElement>(`[data-seq="${firstUnread.seq}"]`) : null;
      if (target) box.scrollTop = target.offsetTop - box.offsetTop - 8;
      else box.scrollTop = box.scrollHeight;
      return;
    }
    if (atEnd.current) box.scrollTop = box.scrollHeight;
  }, [lastSeq, firstSeq]);

  // The end of the list in view (and the tab visible): everything up to the last message is read.
  const readSeq = view.readSeq;
  const mutateRead = markRead.mutate;
  useEffect(() => {
    const box = scroller.current;
    const sentinel = end.current;
    if (!box || !sentinel || lastSeq <= readSeq) return;
    let inView = false;
    let done = false;
    const markIfSeen = () => {
      if (done || !inView || document.visibilityState !== 'visible') return;
      done = true;
      mutateRead(lastSeq);
    };
    const observer = new IntersectionObserver(
      (entries) => {
        inView = entries.some((entry) => entry.isIntersecting);
        markIfSeen();
      },
      { root: box },
    );
    observer.observe(sentinel);
    // A message that arrived while the tab was in the background is read when the reader comes back.
    document.addEventListener('visibilitychange', markIfSeen);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', markIfSeen);
    };
  }, [lastSeq, readSeq, mutateRead]);

  const onScroll = () => {
    const box = scroller.current;
    if (box) atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < FOLLOW_PX;
  };

  return (
    <section
      ref={scroller}
      className={styles.scroller}
      aria-label="Messages"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      onScroll={onScroll}
    >
      {view.hasEarlier ? (
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.earlier}`}
          disabled={earlier.isPending}
          onClick={() => {
            heightBefore.current = scroller.current?.scrollHeight ?? null;
            earlier.mutate(firstSeq);
          }}
        >
          Show earlier messages
        </button>
      ) : null}
      <ol className={styles.messages}>
        {view.messages.map((message) => (
          <Message key={message.seq} message={message} conversationId={view.id} />
        ))}
      </ol>
      <div ref={end} className={styles.end} />
    </section>
  );
}

/** The other side of a conversation, as its title names it. */
function otherNameOf(view: ConversationView): string {
  const others = view.participants.filter((participant) => !participant.isYou);
  return view.viewerSide === 'group'
    ? (others.find((participant) => participant.side === 'sender')?.name ?? '')
    : (others.find((participant) => participant.role === 'admin')?.name ?? view.posting.place);
}

function ConversationBody({ view }: { view: ConversationView }) {
  const otherName = otherNameOf(view);
  return (
    <article className={styles.conversation} aria-labelledby="conversation-heading">
      <Link to={pageAddress.messages()} className={styles.back}>
        ← All conversations
      </Link>
      <header className={styles.conversationHead}>
        <h2 id="conversation-heading" className={styles.heading}>
          {otherName}
        </h2>
        <p className={styles.muted}>
          About <Link to={pageAddress.posting(view.posting.id)}>{view.posting.place}</Link> · Ping:{' '}
          {PING_STATUS_LABELS[view.pingStatus]}
        </p>
        <SharedContacts view={view} />
      </header>
      <MessageList view={view} />
      <Composer view={view} />
      <details className={styles.tools}>
        <summary>Contact details and safety</summary>
        <ContactShareForm view={view} />
        <BlockButton view={view} />
      </details>
    </article>
  );
}

export function ConversationPane({ id }: { id: string }) {
  const query = useConversation(id);
  usePageTitle(query.data ? otherNameOf(query.data) : undefined);
  if (query.isPending) return <p role="status">Loading…</p>;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div role="alert" className={styles.conversation}>
        <h2 className={styles.heading}>{notFound ? conversationMessages.notFound.title : 'Something went wrong'}</h2>
        <p>{notFound ? conversationMessages.notFound.message : query.error.message}</p>
        <Link to={pageAddress.messages()}>All conversations</Link>
      </div>
    );
  }
  return <ConversationBody view={query.data} />;
}
