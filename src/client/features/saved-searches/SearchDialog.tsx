import { useId, useState } from 'react';
import { type AlertFrequency, SAVED_SEARCH_NAME_MAX } from '../../../shared/saved-searches';
import { ApiError } from '../../api/client';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import { describedBy, Field } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import { AlertChoices } from './AlertChoices';
import styles from './SavedSearches.module.css';

export interface SearchDialogValues {
  name: string;
  alert: AlertFrequency;
}

// The server's schema for a saved search's name and alert, loaded when the form is first used.
const loadSchema = () =>
  import('../../../shared/schemas/saved-search').then((module) =>
    module.savedSearchCreateSchema.pick({ name: true, alert: true }),
  );

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
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useSchemaForm({
    schema: loadSchema,
    onValid: async (values) => {
      setBusy(true);
      setFailure(null);
      try {
        await onSubmit(values);
      } catch (error) {
        setFailure(
          error instanceof ApiError
            ? error.details.join(' ') || error.message
            : 'Something went wrong. Please try again.',
        );
      } finally {
        setBusy(false);
      }
    },
  });
  const error = form.error('name') ?? failure ?? undefined;

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
      <form id={formId} className={styles.choices} {...form.formProps}>
        <Field id={nameId} label="Name" error={error} required>
          <input
            id={nameId}
            name="name"
            className={fieldStyles.control}
            defaultValue={initial.name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            onChange={() => setFailure(null)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(nameId, error)}
            autoComplete="off"
            required
          />
        </Field>
        <AlertChoices initial={initial.alert} />
      </form>
    </Dialog>
  );
}
