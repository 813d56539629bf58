import { type FormEvent, useId, useState } from 'react';
import { type AlertFrequency, SAVED_SEARCH_NAME_MAX } from '../../../shared/saved-searches';
import { ApiError } from '../../api/client';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import { describedBy, Field } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import { AlertChoices } from './AlertChoices';
import styles from './SavedSearches.module.css';

export interface SearchDialogValues {
  name: string;
  alert: AlertFrequency;
}

/**
 * The name and alert of a saved search in a dialog: saving a new one from /postings, or editing
 * one on the profile. The server's messages are shown as it words them.
 */
export function SearchDialog({
  open,
  title,
  description,
  summary,
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  /** The search in words, shown above the fields. */
  summary: string;
  initial: SearchDialogValues;
  submitLabel: string;
  onSubmit: (values: SearchDialogValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const formId = useId();
  const nameId = useId();
  const [name, setName] = useState(initial.name);
  const [alert, setAlert] = useState<AlertFrequency>(initial.alert);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ name, alert });
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure.details.join(' ') || failure.message
          : 'Something went wrong. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      title={title}
      description={description}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      actions={
        <>
          <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonStyles.button} disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </button>
        </>
      }
    >
      <p className={styles.summary}>{summary}</p>
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate className={styles.choices}>
        <Field id={nameId} label="Name" error={error ?? undefined} required>
          <input
            id={nameId}
            className={fieldStyles.control}
            value={name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(nameId, error ?? undefined)}
            autoComplete="off"
            required
          />
        </Field>
        <AlertChoices value={alert} onChange={setAlert} />
      </form>
    </Dialog>
  );
}
