import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { memberFormActions } from '../../../shared/member-form-posts';
import { PING_STATUS_LABELS, type PingStatus } from '../../../shared/options';
import { pageAddress } from '../../../shared/page-addresses';
import { pingMessages } from '../../../shared/ping-messages';
import type { PingAnswer, PingPage, PingPostingRef, ReceivedPing, SentPing } from '../../../shared/schemas/ping';
import { ApiError } from '../../api/client';
import { placeLabel } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import { useCollege } from '../../shell/config-context';
import buttonStyles from '../../ui/Button.module.css';
import { mailtoHref } from '../../ui/mailto';
import { PagedListStates } from '../../ui/PagedListStates';
import { useAnswerPing, useReceivedPings, useSentPings } from './api';
import { shortDate } from './dates';
import styles from './Pings.module.css';

/** How a student who pinged fits with the group: drawn by the lifestyle feature, passed in by the page. */
export type SenderFit = ComponentType<{ pingId: string; senderName: string }>;

const STATUS_CLASS: Record<PingStatus, string | undefined> = {
  pending: styles.pending,
  accepted: styles.accepted,
  declined: styles.ended,
  closed: styles.ended,
  expired: styles.ended,
};

function StatusBadge({ status }: { status: PingStatus }) {
  return (
    <span className={`${styles.badge} ${STATUS_CLASS[status] ?? ''}`}>
      <span className="visually-hidden">Status: </span>
      {PING_STATUS_LABELS[status]}
    </span>
  );
}

function PostingLink({ posting }: { posting: PingPostingRef }) {
  const config = useCollege();
  return <Link to={pageAddress.posting(posting.id)}>{placeLabel(config, posting)}</Link>;
}

function Message({ text }: { text: string | null }) {
  return text ? <p className={styles.message}>{text}</p> : <p className={styles.muted}>No message.</p>;
}

function ReceivedItem({ ping, SenderFit }: { ping: ReceivedPing; SenderFit?: SenderFit }) {
  const clock = useClock();
  const answer = useAnswerPing();
  const location = useLocation();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const reply = (status: PingAnswer) =>
    answer.mutate(
      { id: ping.id, status },
      {
        onSuccess: (saved) =>
          setResult({
            ok: true,
            text: `${PING_STATUS_LABELS[saved.status]}. We e-mailed ${ping.senderName} to let them know.`,
          }),
        onError: (error) =>
          setResult({ ok: false, text: error instanceof ApiError ? error.message : pingMessages.answerFailed }),
      },
    );
  const headingId = `ping-${ping.id}`;
  return (
    <li>
      <article className={styles.item} aria-labelledby={headingId}>
        <div className={styles.itemHead}>
          <h3 id={headingId} className={styles.sender}>
            {ping.senderName}
          </h3>
          <StatusBadge status={ping.status} />
        </div>
        <p className={styles.meta}>
          For <PostingLink posting={ping.posting} /> ·{' '}
          <time dateTime={ping.createdAt}>{shortDate(ping.createdAt, clock.zone)}</time>
        </p>
        <p className={styles.email}>
          <a href={mailtoHref(ping.senderEmail)}>{ping.senderEmail}</a>
        </p>
        <Message text={ping.message} />
        {ping.conversationId ? (
          <p className={styles.meta}>
            <Link to={pageAddress.conversation(ping.conversationId)}>Conversation with {ping.senderName}</Link>
          </p>
        ) : null}
        {SenderFit ? <SenderFit pingId={ping.id} senderName={ping.senderName} /> : null}
        {ping.status === 'pending' && !ping.viewerMayAnswer ? (
          <p className={styles.meta}>Awaiting the answer of the group's administrator or a co-admin.</p>
        ) : null}
        {ping.status === 'pending' && ping.viewerMayAnswer ? (
          // A plain form too (issue 31): a tap before the scripts, or without them, posts the
          // answer the button names, and the server answers with this page again.
          <form
            className={styles.answers}
            method="post"
            action={memberFormActions.answerPing(ping.id)}
            onSubmit={(event) => {
              event.preventDefault();
              const chosen = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
              if (chosen === 'accepted' || chosen === 'declined') reply(chosen);
            }}
          >
            <input type="hidden" name={RETURN_FIELD} value={`${location.pathname}${location.search}#pings-received`} />
            <button
              type="submit"
              name="status"
              value="accepted"
              className={buttonStyles.button}
              aria-label={`Accept ping from ${ping.senderName}`}
              disabled={answer.isPending}
            >
              Accept
            </button>
            <button
              type="submit"
              name="status"
              value="declined"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              aria-label={`Decline ping from ${ping.senderName}`}
              disabled={answer.isPending}
            >
              Decline
            </button>
          </form>
        ) : null}
        <div role="status" className={result?.ok ? styles.ok : styles.error}>
          {result?.text}
        </div>
      </article>
    </li>
  );
}

function SentItem({ ping }: { ping: SentPing }) {
  const clock = useClock();
  const config = useCollege();
  return (
    <li>
      <article className={styles.item}>
        <div className={styles.itemHead}>
          <h3 className={styles.sender}>
            <PostingLink posting={ping.posting} />
          </h3>
          <StatusBadge status={ping.status} />
        </div>
        <p className={styles.meta}>
          Sent <time dateTime={ping.createdAt}>{shortDate(ping.createdAt, clock.zone)}</time>
          {ping.answeredAt ? (
            <>
              {' '}
              · updated <time dateTime={ping.answeredAt}>{shortDate(ping.answeredAt, clock.zone)}</time>
            </>
          ) : null}
        </p>
        <Message text={ping.message} />
        {ping.conversationId ? (
          <p className={styles.meta}>
            <Link to={pageAddress.conversation(ping.conversationId)}>
              Conversation about {placeLabel(config, ping.posting)}
            </Link>
          </p>
        ) : null}
      </article>
    </li>
  );
}

type ListQuery<Item> = UseInfiniteQueryResult<InfiniteData<PingPage<Item>>>;

function PingList<Item extends { id: string }>({
  id,
  title,
  intro,
  empty,
  query,
  render,
}: {
  id: string;
  title: string;
  intro: string;
  empty: string;
  query: ListQuery<Item>;
  render: (item: Item) => ReactNode;
}) {
  return (
    <section id={id} className={styles.list} aria-labelledby={`${id}-heading`} tabIndex={-1}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <p className={styles.muted}>{intro}</p>
      <PagedListStates query={query} empty={empty} moreLabel="Show more pings" emptyClassName={styles.empty}>
        {(items) => (
          <ul className={styles.items} aria-label={title}>
            {items.map(render)}
          </ul>
        )}
      </PagedListStates>
    </section>
  );
}

/**
 * The profile's inbox: pings to the postings I administer, and the pings I sent. `senderFit` draws
 * how each student who pinged fits with the group (the page passes the lifestyle feature's).
 */
export function PingInbox({ senderFit }: { senderFit?: SenderFit }) {
  const received = useReceivedPings();
  const sent = useSentPings();
  const { hash } = useLocation();
  const loaded = received.isSuccess && sent.isSuccess;
  // E-mails link to #pings-received and #pings-sent: go there once the lists have rendered.
  useEffect(() => {
    const id = hash.slice(1);
    if (!loaded || (id !== 'pings-received' && id !== 'pings-sent')) return;
    const section = document.getElementById(id);
    section?.scrollIntoView();
    section?.focus({ preventScroll: true });
  }, [hash, loaded]);
  return (
    <div className={styles.inbox}>
      <PingList<ReceivedPing>
        id="pings-received"
        title="Pings Received"
        intro="Students who pinged your groups, newest first. The administrator and co-admins accept or decline, which e-mails them; other members read them."
        empty="You Have No Pings Yet."
        query={received}
        render={(ping) => <ReceivedItem key={ping.id} ping={ping} SenderFit={senderFit} />}
      />
      <PingList<SentPing>
        id="pings-sent"
        title="Pings Sent"
        intro="Groups you pinged and where each ping stands."
        empty="You Have Not Pinged Any Group Yet."
        query={sent}
        render={(ping) => <SentItem key={ping.id} ping={ping} />}
      />
    </div>
  );
}
