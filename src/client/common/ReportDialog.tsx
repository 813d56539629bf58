import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../shared/moderation';
import buttonStyles from '../ui/Button.module.css';
import { Dialog } from '../ui/Dialog';
import fieldStyles from '../ui/FormField.module.css';
import styles from './ReportDialog.module.css';

/** What became of a report: sent (the form is emptied) or not (kept, to send again). */
export interface ReportOutcome {
  sent: boolean;
  title: string;
  message: string;
}

export interface ReportDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** Shown above the reasons (the message being reported). */
  quoted?: ReactNode;
  /** The reason chosen as it opens (a scam warning's report opens on 'Scam or fake'); still changeable. */
  initialReason?: ReportReason;
  sending: boolean;
  outcome: ReportOutcome | null;
  onSend: (report: { reason: ReportReason; details: string }) => void;
  onClose: () => void;
}

/**
 * The report form of issue 14 in a dialog, for a posting or a message: a reason (required) and
 * details (optional), then what became of it with an OK button. The reported side is never told
 * who reported.
 */
export function ReportDialog({
  open,
  title,
  description,
  quoted,
  initialReason,
  sending,
  outcome,
  onSend,
  onClose,
}: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { form: useId(), reasons: useId(), details: useId(), problem: useId() };
  const ok = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (open && initialReason) setReason(initialReason);
  }, [open, initialReason]);
  useEffect(() => {
    if (outcome) ok.current?.focus();
    if (outcome?.sent) {
      setReason(null);
      setDetails('');
    }
  }, [outcome]);
  const close = () => {
    setProblem(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      title={outcome ? outcome.title : title}
      description={outcome ? outcome.message : description}
      dismissible={!sending}
      onOpenChange={(next) => (next ? undefined : close())}
      actions={
        outcome === null ? (
          <>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              onClick={close}
              disabled={sending}
            >
              Cancel
            </button>
            <button type="submit" form={ids.form} className={buttonStyles.button} disabled={sending}>
              {sending ? 'Sending...' : 'Send report'}
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
          className={styles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (reason) onSend({ reason, details: details.trim() });
            else setProblem('Please choose a reason for the report.');
          }}
        >
          {quoted}
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
  );
}
