import { Link, useParams } from 'react-router';
import { PING_STATUS_LABELS } from '../../../shared/options';
import { pageAddress } from '../../../shared/page-addresses';
import type { ConversationSummary } from '../../../shared/schemas/conversations';
import { dateTimeText } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import { usePageTitle } from '../../shell/use-page-title';
import { PagedListStates } from '../../ui/PagedListStates';
import { useConversationList } from './api';
import { ConversationPane } from './Conversation';
import styles from './Messages.module.css';

function Row({ item, active }: { item: ConversationSummary; active: boolean }) {
  const clock = useClock();
  const place = item.posting.place;
  const last = item.lastMessage;
  return (
    <li>
      <Link
        to={pageAddress.conversation(item.id)}
        className={`${styles.row} ${active ? styles.activeRow : ''} ${item.unread > 0 ? styles.unreadRow : ''}`}
        aria-current={active ? 'page' : undefined}
      >
        <span className={styles.rowHead}>
          <span className={styles.party}>{item.otherParty}</span>
          {item.unread > 0 ? (
            <span className={styles.unread}>
              {item.unread}
              <span className="visually-hidden"> unread</span>
            </span>
          ) : null}
        </span>
        <span className={styles.rowMeta}>
          {place} · {PING_STATUS_LABELS[item.pingStatus]}
        </span>
        {last ? (
          <span className={styles.preview}>
            {last.fromYou ? 'You: ' : ''}
            {last.body}
            <span className="visually-hidden">, {dateTimeText(last.createdAt, clock.zone)}</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

function ConversationList({ activeId }: { activeId?: string }) {
  const query = useConversationList();
  return (
    <PagedListStates
      query={query}
      empty="No conversations yet. When you ping a group, or someone pings yours, you talk here."
      moreLabel="Show more conversations"
      emptyClassName={styles.muted}
    >
      {(items) => (
        <ul className={styles.rows} aria-label="Conversations">
          {items.map((item) => (
            <Row key={item.id} item={item} active={item.id === activeId} />
          ))}
        </ul>
      )}
    </PagedListStates>
  );
}

/**
 * Messages (issue 19): the conversations beside the open one; on a narrow screen the list and the
 * conversation are two screens (/messages and /messages/:id).
 */
/** The list's title; an open conversation's pane names its own (Conversation.tsx). */
function ListTitle() {
  usePageTitle();
  return null;
}

export function Component() {
  const { id } = useParams();
  return (
    <div className={`${styles.page} ${id ? styles.hasOpen : ''}`}>
      {id ? null : <ListTitle />}
      <h1 className={`${styles.heading} ${styles.pageHeading}`}>Messages</h1>
      <div className={styles.listPane}>
        <ConversationList activeId={id} />
      </div>
      <div className={styles.conversationPane}>
        {id ? (
          <ConversationPane key={id} id={id} />
        ) : (
          <p className={styles.placeholder}>Choose a conversation to read it here.</p>
        )}
      </div>
    </div>
  );
}
