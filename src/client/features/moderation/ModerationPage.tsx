import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  MODERATION_ACTION_LABELS,
  MODERATION_REASON_MAX_LENGTH,
  type QueueItem,
  REPORT_REASON_LABELS,
} from '../../../shared/moderation';
import { pageAddress } from '../../../shared/page-addresses';
import { ApiError } from '../../api/client';
import { dateTimeText, placeLabel } from '../../common/posting-text';
import { useClock } from '../../shell/clock';
import { useCollege } from '../../shell/config-context';
import { usePageTitle } from '../../shell/use-page-title';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import { describedBy } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import { useModerate, useModerationActions, useModerationQueue } from './api';
import { MessageReports } from './MessageReports';
import styles from './Moderation.module.css';

// The server's schema for a moderator's reason, loaded when the form is first used.
const loadReasonSchema = () =>
  import('../../../shared/schemas/moderation').then((module) => module.moderationRequestSchema);

type ModerationAction = 'dismiss' | 'hide' | 'suspend';

function QueueCard({ item }: { item: QueueItem }) {
  const clock = useClock();
  const config = useCollege();
  const moderate = useModerate();
  const [confirmSuspend, setConfirmSuspend] = useState(false);
  // The button that sent the form (suspending is confirmed in a dialog first).
  const action = useRef<ModerationAction>('dismiss');
  const reasonId = useId();
  const headingId = useId();
  const { posting } = item;
  const place = placeLabel(config, posting);
  const form = useSchemaForm({
    schema: loadReasonSchema,
    onValid: ({ reason }) => moderate.mutate({ postingId: posting.id, action: action.current, reason }),
  });
  const run = (chosen: ModerationAction) => {
    action.current = chosen;
    form.formRef.current?.requestSubmit();
  };
  const reasonError = form.error('reason');
  return (
    <li className={styles.item} aria-labelledby={headingId}>
      <h3 id={headingId}>
        <Link to={pageAddress.posting(posting.id)}>{place}</Link>
      </h3>
      <p className={styles.meta}>
        Admin: {posting.adminName} ({posting.adminEmail}){posting.adminSuspended ? ' · account suspended' : ''} ·
        Status: {posting.status}
      </p>
      <ul className={styles.badges} aria-label="State">
        <li className={styles.badge}>{item.reporterCount === 1 ? '1 reporter' : `${item.reporterCount} reporters`}</li>
        {item.reasons.map((r) => (
          <li key={r.reason} className={styles.badge}>
            {REPORT_REASON_LABELS[r.reason]}: {r.count}
          </li>
        ))}
        {posting.hidden ? (
          <li className={styles.badge}>{posting.hidden.kind === 'auto' ? 'Hidden automatically' : 'Hidden'}</li>
        ) : null}
        {posting.appealedAt ? <li className={styles.badge}>Edited by its admin (appeal)</li> : null}
      </ul>
      {posting.description ? <p>{posting.description}</p> : null}
      {item.reports.length > 0 ? (
        <ul className={styles.reports} aria-label={`Reports of ${place}`}>
          {item.reports.map((r) => (
            <li key={r.id}>
              <strong>{REPORT_REASON_LABELS[r.reason]}</strong> by {r.reporterName},{' '}
              {dateTimeText(r.createdAt, clock.zone)}
              {r.details ? `: "${r.details}"` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {posting.hidden?.reason ? <p className={styles.meta}>Hidden because: {posting.hidden.reason}</p> : null}
      <form className={styles.actions} aria-label={`Moderate ${place}`} {...form.formProps}>
        <div className={`${fieldStyles.field} ${styles.field}`}>
          <label className={fieldStyles.label} htmlFor={reasonId}>
            Reason (required to hide or suspend)
          </label>
          <input
            id={reasonId}
            name="reason"
            className={fieldStyles.control}
            maxLength={MODERATION_REASON_MAX_LENGTH}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={describedBy(reasonId, reasonError)}
          />
          {reasonError ? (
            <p id={`${reasonId}-error`} className={fieldStyles.error}>
              {reasonError}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          disabled={moderate.isPending}
          onClick={() => {
            action.current = 'dismiss';
          }}
        >
          Dismiss
        </button>
        <button
          type="submit"
          className={buttonStyles.button}
          disabled={moderate.isPending}
          onClick={() => {
            action.current = 'hide';
          }}
        >
          Hide posting
        </button>
        <button
          type="button"
          className={buttonStyles.button}
          disabled={moderate.isPending || posting.adminSuspended}
          onClick={() => setConfirmSuspend(true)}
        >
          Suspend account
        </button>
      </form>
      <Dialog
        open={confirmSuspend}
        title={`Suspend ${posting.adminName}'s account?`}
        description={`${posting.adminEmail} is signed out everywhere, cannot sign in again, and all of their postings are hidden.`}
        onOpenChange={setConfirmSuspend}
        actions={
          <>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              onClick={() => setConfirmSuspend(false)}
            >
              Cancel
            </button>
            <button
              type="button"
              className={buttonStyles.button}
              onClick={() => {
                setConfirmSuspend(false);
                run('suspend');
              }}
            >
              Suspend account
            </button>
          </>
        }
      />
      {moderate.error ? (
        <p role="alert" className={styles.error}>
          {moderate.error instanceof ApiError ? moderate.error.message : 'Something went wrong. Please try again.'}
        </p>
      ) : null}
    </li>
  );
}

/** The moderators' queue (issue 14): reported and appealed postings, the actions, and the audit record. */
export function Component() {
  usePageTitle();
  const clock = useClock();
  const queue = useModerationQueue();
  const actions = useModerationActions();
  return (
    <div className={styles.page}>
      <h1>Moderation</h1>
      <section aria-labelledby="queue-heading">
        <h2 id="queue-heading">Reported postings</h2>
        {queue.isPending ? <p>Loading...</p> : null}
        {queue.error ? <p role="alert">{queue.error.message}</p> : null}
        {queue.data && queue.data.items.length === 0 ? <p>Nothing waits for a moderator.</p> : null}
        {queue.data && queue.data.items.length > 0 ? (
          <ul className={styles.queue}>
            {queue.data.items.map((item) => (
              <QueueCard key={item.posting.id} item={item} />
            ))}
          </ul>
        ) : null}
      </section>
      <MessageReports />
      <section aria-labelledby="log-heading">
        <h2 id="log-heading">Moderation record</h2>
        {actions.data && actions.data.items.length === 0 ? <p>No action has been taken yet.</p> : null}
        {actions.data && actions.data.items.length > 0 ? (
          <ul className={styles.log}>
            {actions.data.items.map((entry) => (
              <li key={entry.id} className={styles.logItem}>
                <p>
                  <strong>{MODERATION_ACTION_LABELS[entry.action]}</strong> ·{' '}
                  {entry.postingLabel ?? 'a deleted posting'}
                  {entry.targetEmail ? ` · ${entry.targetEmail}` : ''}
                </p>
                <p className={styles.meta}>
                  {entry.moderatorEmail ?? 'Automatic rule'} · {dateTimeText(entry.createdAt, clock.zone)}
                  {entry.reason ? ` · Why: ${entry.reason}` : ''}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
