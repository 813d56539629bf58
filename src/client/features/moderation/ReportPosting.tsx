import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../../shared/messages';
import {
  moderationMessages,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../../shared/moderation';
import { ApiError } from '../../api/client';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import fieldStyles from '../../ui/FormField.module.css';
import { useReportPosting } from './api';
import styles from './Moderation.module.css';

type Outcome = { kind: 'sent' } | { kind: 'failed'; title: string; message: string };

/** The detail view's 'Report posting' button and its dialog (issue 14). Not shown to the posting's admin. */
export function ReportPosting({ postingId, place }: { postingId: string; place: string }) {
  const report = useReportPosting(postingId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ids = { form: useId(), reasons: useId(), details: useId(), problem: useId() };
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (outcome) ok.current?.focus();
  }, [outcome]);

  const close = () => {
    setOpen(false);
    setOutcome(null);
    setProblem(null);
  };
  const submit = () => {
    if (!reason) {
      setProblem('Please choose a reason for the report.');
      return;
    }
    report.mutate(
      { reason, details: details.trim() },
      {
        onSuccess: () => {
          setReason(null);
          setDetails('');
          setOutcome({ kind: 'sent' });
        },
        onError: (error) =>
          setOutcome(
            error instanceof ApiError
              ? { kind: 'failed', title: error.title, message: error.message }
              : {
                  kind: 'failed',
                  title: moderationMessages.reportFailedTitle,
                  message: messages.api.internal.message,
                },
          ),
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        onClick={() => setOpen(true)}
      >
        Report posting
      </button>
      <Dialog
        open={open}
        title={outcome === null ? 'Report this posting' : outcome.kind === 'sent' ? 'Report Sent' : outcome.title}
        description={
          outcome === null
            ? `Tell the moderators what is wrong with the posting at ${place}. The group is not told who reported it.`
            : outcome.kind === 'sent'
              ? moderationMessages.reported
              : outcome.message
        }
        dismissible={!report.isPending}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        actions={
          outcome === null ? (
            <>
              <button
                type="button"
                className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                onClick={close}
                disabled={report.isPending}
              >
                Cancel
              </button>
              <button type="submit" form={ids.form} className={buttonStyles.button} disabled={report.isPending}>
                {report.isPending ? 'Sending...' : 'Send report'}
              </button>
            </>
          ) : (
            <button type="button" className={buttonStyles.button} onClick={close} ref={ok}>
              OK
            </button>
          )
        }
      >
        {outcome === null ? (
          <form
            id={ids.form}
            className={styles.reportForm}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <fieldset
              className={styles.reasons}
              aria-describedby={problem ? ids.problem : undefined}
              aria-invalid={problem ? true : undefined}
            >
              <legend className={fieldStyles.label}>Reason</legend>
              {REPORT_REASONS.map((value) => (
                <label key={value} className={styles.reason}>
                  <input
                    type="radio"
                    name={ids.reasons}
                    value={value}
                    checked={reason === value}
                    onChange={() => {
                      setReason(value);
                      setProblem(null);
                    }}
                  />
                  {REPORT_REASON_LABELS[value]}
                </label>
              ))}
            </fieldset>
            {problem ? (
              <p id={ids.problem} className={fieldStyles.error} role="alert">
                {problem}
              </p>
            ) : null}
            <div className={fieldStyles.field}>
              <label className={fieldStyles.label} htmlFor={ids.details}>
                Details (optional)
              </label>
              <textarea
                id={ids.details}
                className={fieldStyles.control}
                rows={4}
                maxLength={REPORT_DETAILS_MAX_LENGTH}
                value={details}
                onChange={(event) => setDetails(event.target.value)}
                aria-describedby={`${ids.details}-count`}
              />
              <p id={`${ids.details}-count`} className={fieldStyles.hint}>
                {details.length} / {REPORT_DETAILS_MAX_LENGTH} characters
              </p>
            </div>
          </form>
        ) : null}
      </Dialog>
    </>
  );
}
