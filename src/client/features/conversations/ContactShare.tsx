import { useId, useState } from 'react';
import type { ContactShare, ConversationView, SharedContact } from '../../../shared/schemas/conversations';
import { ApiError } from '../../api/client';
import buttonStyles from '../../ui/Button.module.css';
import fieldStyles from '../../ui/FormField.module.css';
import { mailtoHref } from '../../ui/mailto';
import { useSchemaForm } from '../../ui/schema-form';
import { useShareContact } from './api';
import styles from './Messages.module.css';

const KINDS = [
  { key: 'email', label: 'E-mail' },
  { key: 'phone', label: 'Phone' },
  { key: 'instagram', label: 'Instagram' },
] as const;

function ContactLines({ contact }: { contact: SharedContact }) {
  return (
    <>
      {contact.email ? (
        <li>
          E-mail: <a href={mailtoHref(contact.email)}>{contact.email}</a>
        </li>
      ) : null}
      {contact.phone ? <li>Phone: {contact.phone}</li> : null}
      {contact.instagram ? <li>Instagram: {contact.instagram}</li> : null}
    </>
  );
}

/** The contact details the other participants chose to show in this conversation. */
export function SharedContacts({ view }: { view: ConversationView }) {
  const sharing = view.participants.filter(
    (participant) =>
      !participant.isYou && (participant.contact.email || participant.contact.phone || participant.contact.instagram),
  );
  if (sharing.length === 0) return null;
  return (
    <section className={styles.shared} aria-label="Shared contact details">
      {sharing.map((participant) => (
        <div key={participant.userId}>
          <p className={styles.sharedName}>{participant.name} shared:</p>
          <ul className={styles.sharedList}>
            <ContactLines contact={participant.contact} />
          </ul>
        </div>
      ))}
    </section>
  );
}

// The server's schema for the choice, loaded when the form is first used.
const loadShareSchema = () =>
  import('../../../shared/schemas/conversations').then((module) => module.contactShareSchema);

/** Share my contact details: which of them this conversation's participants see; taken back any time. */
export function ContactShareForm({ view }: { view: ConversationView }) {
  const share = useShareContact(view.id);
  // The boxes are drawn anew from what the server kept after each save.
  const [drawn, setDrawn] = useState({ choice: view.myShare, version: 0 });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();
  const sharingNow = view.myShare.email || view.myShare.phone || view.myShare.instagram;
  const save = (next: ContactShare) =>
    share.mutate(next, {
      onSuccess: (saved) => {
        setDrawn((last) => ({ choice: saved, version: last.version + 1 }));
        setResult({
          ok: true,
          text:
            saved.email || saved.phone || saved.instagram
              ? 'Shared with this conversation only.'
              : 'Your contact details are no longer shown here.',
        });
      },
      onError: (error) =>
        setResult({ ok: false, text: error instanceof ApiError ? error.message : 'Your choice was not saved.' }),
    });
  const form = useSchemaForm({ schema: loadShareSchema, onValid: save });
  return (
    <form className={styles.toolBlock} {...form.formProps}>
      <fieldset key={drawn.version} className={styles.choices} aria-describedby={`${id}-hint`}>
        <legend className={fieldStyles.label}>Share my contact details</legend>
        <p id={`${id}-hint`} className={styles.muted}>
          Only the people in this conversation see what you tick, as saved on your profile.
        </p>
        {KINDS.map((kind) => (
          <label key={kind.key} className={styles.choice}>
            <input type="checkbox" name={kind.key} defaultChecked={drawn.choice[kind.key]} />
            {kind.label}
          </label>
        ))}
      </fieldset>
      <div className={styles.toolActions}>
        <button type="submit" className={buttonStyles.button} disabled={share.isPending}>
          Share my contact details
        </button>
        {sharingNow ? (
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            disabled={share.isPending}
            onClick={() => save({ email: false, phone: false, instagram: false })}
          >
            Stop sharing
          </button>
        ) : null}
      </div>
      <p role="status" className={result?.ok === false ? styles.error : styles.muted}>
        {result?.text}
      </p>
    </form>
  );
}
