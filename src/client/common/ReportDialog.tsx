import type { StandardSchemaV1 } from '@standard-schema/spec';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../shared/moderation';
import buttonStyles from '../ui/Button.module.css';
import { Dialog } from '../ui/Dialog';
import { describedBy } from '../ui/Field';
import fieldStyles from '../ui/FormField.module.css';
import { useSchemaForm } from '../ui/schema-form';
import styles from './ReportDialog.module.css';

/** What became of a report: sent (the form is emptied) or not (kept, to send again). */
export interface ReportOutcome {
  sent: boolean;
  title: string;
  message: string;
}

/** A report's shared schema: a reason, and details that may be left out. */
export type ReportSchema = StandardSchemaV1<unknown, { reason: ReportReason; details: string | null }>;

export interface ReportDialogProps {
  /** The schema the server checks this report with, loaded when the form is first used. */
  schema: () => Promise<ReportSchema>;
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
  schema,
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
  const [detailsLength, setDetailsLength] = useState(0);
  const ids = { form: useId(), details: useId(), problem: useId() };
  const ok = useRef<HTMLButtonElement>(null);
  const form = useSchemaForm({
    schema,
    onValid: ({ reason, details }) => onSend({ reason, details: details ?? '' }),
  });
  const formRef = form.formRef;
  const problem = form.error('reason');
  // Opened on a reason (a scam warning's report): that reason is chosen, and can be changed.
  useEffect(() => {
    const radio = formRef.current?.querySelector<HTMLInputElement>(`input[name="reason"][value="${initialReason}"]`);
    if (open && radio) radio.checked = true;
  }, [open, initialReason, formRef]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a new outcome only
  useEffect(() => {
    if (outcome) ok.current?.focus();
    if (outcome?.sent) {
      form.reset();
      setDetailsLength(0);
    }
  }, [outcome]);
  const close = () => onClose();

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
          // Keyed: a button of its own, not the Cancel button's element restyled under the pointer.
          <button key="ok" type="button" className={buttonStyles.button} onClick={close} ref={ok}>
            OK
          </button>
        )
      }
    >
      {/* Kept while an outcome is shown: a report that was not sent is there to send again. */}
      <form id={ids.form} className={styles.form} hidden={outcome !== null} {...form.formProps}>
        {quoted}
        <fieldset
          className={styles.reasons}
          aria-describedby={problem ? ids.problem : undefined}
          aria-invalid={problem ? true : undefined}
        >
          <legend className={fieldStyles.label}>Reason</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={styles.reason}>
              <input type="radio" name="reason" value={value} />
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
            name="details"
            className={fieldStyles.control}
            rows={4}
            maxLength={REPORT_DETAILS_MAX_LENGTH}
            onChange={(event) => setDetailsLength(event.target.value.length)}
            aria-invalid={form.error('details') ? true : undefined}
            aria-describedby={`${describedBy(ids.details, form.error('details')) ?? ''} ${ids.details}-count`.trim()}
          />
          {form.error('details') ? (
            <p id={`${ids.details}-error`} className={fieldStyles.error}>
              {form.error('details')}
            </p>
          ) : null}
          <p id={`${ids.details}-count`} className={fieldStyles.hint}>
            {detailsLength} / {REPORT_DETAILS_MAX_LENGTH} characters
          </p>
        </div>
      </form>
    </Dialog>
  );
}
