import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_REASON_LABELS } from '../../../shared/moderation';
import type { MessageReportItem } from '../../../shared/schemas/conversations';
import { api } from '../../api/client';
import { dateTimeText } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import buttonStyles from '../../ui/Button.module.css';
import styles from './Moderation.module.css';

const reportKeys = { all: ['moderation', 'message-reports'] as const };

function ReportCard({ item }: { item: MessageReportItem }) {
  const clock = useClock();
  const queryClient = useQueryClient();
  const dismiss = useMutation({
    mutationFn: () => api.post('/api/moderation/message-reports/{id}/dismiss', { path: { id: item.id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
  const headingId = `message-report-${item.id}`;
  return (
    <li className={styles.item} aria-labelledby={headingId}>
      <h3 id={headingId}>
        Message from {item.message.senderName} about {item.posting.place}
      </h3>
      <p className={styles.meta}>
        <strong>{REPORT_REASON_LABELS[item.reason]}</strong> by {item.reporterName},{' '}
        {dateTimeText(item.createdAt, clock.zone)}
        {item.details ? `: "${item.details}"` : ''}
      </p>
      <blockquote>{item.message.body}</blockquote>
      {item.context.length > 0 ? (
        <details>
          <summary>The conversation before it ({item.context.length})</summary>
          <ol aria-label="Messages before the reported one">
            {item.context.map((message) => (
              <li key={message.seq}>
                <strong>{message.senderName}</strong>, {dateTimeText(message.createdAt, clock.zone)}: {message.body}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <div className={styles.actions}>
        <button
          type="button"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate()}
        >
          Dismiss report
        </button>
      </div>
      {dismiss.error ? <p role="alert">{dismiss.error.message}</p> : null}
    </li>
  );
}

/** Reported conversation messages (issue 19): the message, its reason and the messages before it. */
export function MessageReports() {
  const reports = useQuery({
    queryKey: reportKeys.all,
    queryFn: ({ signal }) => api.get('/api/moderation/message-reports', { signal }),
  });
  return (
    <section aria-labelledby="message-reports-heading">
      <h2 id="message-reports-heading">Reported messages</h2>
      {reports.isPending ? <p>Loading...</p> : null}
      {reports.error ? <p role="alert">{reports.error.message}</p> : null}
      {reports.data && reports.data.items.length === 0 ? <p>No reported message waits for a moderator.</p> : null}
      {reports.data && reports.data.items.length > 0 ? (
        <ul className={styles.queue} aria-label="Reported messages">
          {reports.data.items.map((item) => (
            <ReportCard key={item.id} item={item} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
