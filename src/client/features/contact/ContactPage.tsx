import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { messages } from '../../../shared/messages';
import { CONTACT_REPLY_BUSINESS_DAYS, TOAST_MS } from '../../../shared/options';
import type { ContactMessageInput } from '../../../shared/schemas/contact';
import { ApiError, api } from '../../api/client';
import { useCollege } from '../../shell/config-context';
import { useSession } from '../../shell/session';
import { usePageTitle } from '../../shell/use-page-title';
import fieldStyles from '../../ui/FormField.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import styles from './ContactPage.module.css';

type Outcome = { kind: 'sent' } | { kind: 'failed'; message: string };

// Validation (the shared schema) loads on first focus or submit (decision 0009).
const loadSchema = () => import('../../../shared/schemas/contact').then((module) => module.contactMessageSchema);

export function Component() {
  usePageTitle();
  const college = useCollege();
  const ids = { name: useId(), email: useId(), message: useId() };
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Signed in: the name and e-mail come from the account (still editable); clearing the form
  // after sending keeps them and empties the message.
  const { user } = useSession();

  const form = useSchemaForm({ schema: loadSchema, onValid: (input): void => send.mutate(input) });
  const send = useMutation({
    mutationFn: (input: ContactMessageInput) => api.post('/api/contact', { body: input }),
    onSuccess: () => setOutcome({ kind: 'sent' }),
    onError: (error) =>
      setOutcome({
        kind: 'failed',
        message:
          error instanceof ApiError && error.code === 'CONTACT_FAILED'
            ? error.message
            : messages.contact.failedMessage(college.footer.contactEmail),
      }),
    // The spec (docs/product-spec.md) clears the form whether or not the message went out.
    onSettled: (): void => form.reset(),
  });

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(
      () => setOutcome(null),
      outcome.kind === 'sent' ? TOAST_MS.contactSuccess : TOAST_MS.contactFailure,
    );
    return () => clearTimeout(timer);
  }, [outcome]);

  const describedBy = (field: keyof ContactMessageInput) => (form.error(field) ? `${ids[field]}-error` : undefined);

  return (
    <div className={styles.page}>
      <h1>Contact Us</h1>
      <p className={styles.lead}>
        Questions, ideas or trouble with a posting? Write to the {college.productName} team.
      </p>
      <form className={styles.form} {...form.formProps}>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={ids.name}>
            Full Name
          </label>
          <input
            id={ids.name}
            className={fieldStyles.control}
            autoComplete="name"
            aria-invalid={form.error('name') ? true : undefined}
            aria-describedby={describedBy('name')}
            name="name"
            defaultValue={user?.name.trim() ?? ''}
          />
          {form.error('name') ? (
            <p id={`${ids.name}-error`} className={fieldStyles.error}>
              {form.error('name')}
            </p>
          ) : null}
        </div>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={ids.email}>
            Email
          </label>
          <input
            id={ids.email}
            className={fieldStyles.control}
            type="email"
            autoComplete="email"
            aria-invalid={form.error('email') ? true : undefined}
            aria-describedby={describedBy('email')}
            name="email"
            defaultValue={user?.email ?? ''}
          />
          {form.error('email') ? (
            <p id={`${ids.email}-error`} className={fieldStyles.error}>
              {form.error('email')}
            </p>
          ) : null}
        </div>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor={ids.message}>
            Message
          </label>
          <textarea
            id={ids.message}
            className={fieldStyles.control}
            rows={6}
            aria-invalid={form.error('message') ? true : undefined}
            aria-describedby={describedBy('message')}
            name="message"
          />
          {form.error('message') ? (
            <p id={`${ids.message}-error`} className={fieldStyles.error}>
              {form.error('message')}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.submit} disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Submit'}
        </button>
        <div role="status" aria-live="polite" className={styles.outcomeSlot}>
          {outcome?.kind === 'sent' ? <p className={styles.sent}>{messages.contact.sent}</p> : null}
          {outcome?.kind === 'failed' ? (
            <p className={styles.failed}>
              <strong>{messages.contact.failed}</strong> {outcome.message}
            </p>
          ) : null}
        </div>
      </form>
      <p className={styles.note}>{messages.contact.note(CONTACT_REPLY_BUSINESS_DAYS)}</p>
    </div>
  );
}
