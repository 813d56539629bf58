import { useEffect, useId, useRef, useState } from 'react';
import { PING_MESSAGE_MAX_LENGTH } from '../../../shared/options';
import { pingMessages } from '../../../shared/ping-messages';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { ApiError } from '../../api/client';
import { useClock } from '../../shell/clock';
import { useSession } from '../../shell/session';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import { useSendPing } from './api';
import styles from './Pings.module.css';
import { pingBlockedReason } from './ping-rules';

type Outcome = { kind: 'sent' } | { kind: 'failed'; title: string; message: string; retry: boolean };

function failureOf(error: unknown): Outcome {
  // A rule the server applied (own post, fulfilled, already pinged...) speaks for itself; anything
  // else is the spec's (docs/product-spec.md) 'Unable to send Ping to Post Administrator', with a way to try again.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408) {
    return { kind: 'failed', title: error.title, message: error.message, retry: error.status === 429 };
  }
  return { kind: 'failed', title: pingMessages.failed, message: pingMessages.tryAgain, retry: true };
}

/** The buttons under the outcome; the first takes focus, so the outcome is read out with the dialog's new title. */
function OutcomeActions({ outcome, onClose, onRetry }: { outcome: Outcome; onClose: () => void; onRetry: () => void }) {
  // The submit button that had focus is gone: the person asked for this outcome, so focus meets it.
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  if (outcome.kind === 'failed' && outcome.retry) {
    return (
      <>
        <button type="button" className={buttonStyles.button} onClick={onRetry} ref={first}>
          Try again
        </button>
        <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onClose}>
          Cancel
        </button>
      </>
    );
  }
  return (
    <button type="button" className={buttonStyles.button} onClick={onClose} ref={first}>
      OK
    </button>
  );
}

/** The detail view's Ping Interest button and its form (spec sections 2, 5 and 8). */
export function PingInterest({ posting, place }: { posting: PostingDetail; place: string }) {
  const session = useSession();
  const send = useSendPing(posting.id);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ids = { form: useId(), email: useId(), message: useId(), reason: useId() };
  const clock = useClock();
  const blocked = pingBlockedReason(posting, clock.zone);
  const email = session.user?.email ?? '';

  const submit = () => {
    send.mutate(message.trim(), {
      onSuccess: () => {
        setMessage('');
        setOutcome({ kind: 'sent' });
      },
      onError: (error) => setOutcome(failureOf(error)),
    });
  };
  const close = () => {
    setOpen(false);
    setOutcome(null);
  };

  const formActions = (
    <>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        onClick={close}
        disabled={send.isPending}
      >
        Cancel
      </button>
      <button type="submit" form={ids.form} className={buttonStyles.button} disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Ping'}
      </button>
    </>
  );

  return (
    <div className={styles.pingBox}>
      <button
        type="button"
        className={buttonStyles.button}
        aria-disabled={blocked ? true : undefined}
        aria-describedby={blocked ? ids.reason : undefined}
        onClick={() => {
          if (!blocked) setOpen(true);
        }}
      >
        Ping Interest
      </button>
      {blocked ? (
        <p id={ids.reason} className={styles.reason}>
          {blocked}
        </p>
      ) : (
        <p className={styles.reason}>Let the group's admin know you would like to join; they answer by e-mail.</p>
      )}

      {/* One dialog from form to outcome: closing it returns focus to the button that opened it. */}
      <Dialog
        open={open}
        title={outcome === null ? 'Ping Interest' : outcome.kind === 'failed' ? outcome.title : pingMessages.sent}
        description={
          outcome === null
            ? `Tell ${posting.adminContact.name} that you are interested in joining the group at ${place}.`
            : outcome.kind === 'failed'
              ? outcome.message
              : pingMessages.sentDetail
        }
        dismissible={!send.isPending}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        actions={
          outcome === null ? (
            formActions
          ) : (
            <OutcomeActions outcome={outcome} onClose={close} onRetry={() => setOutcome(null)} />
          )
        }
      >
        {outcome === null ? (
          <form
            id={ids.form}
            className={styles.pingForm}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Field id={ids.email} label="Your email" hint="The admin replies to this address.">
              <input
                id={ids.email}
                className={fieldStyles.control}
                type="email"
                value={email}
                readOnly
                required
                aria-describedby={`${ids.email}-hint`}
              />
            </Field>
            <Field id={ids.message} label="Message (optional)" hint={`Up to ${PING_MESSAGE_MAX_LENGTH} characters.`}>
              <textarea
                id={ids.message}
                className={`${fieldStyles.control} ${styles.messageBox}`}
                rows={5}
                maxLength={PING_MESSAGE_MAX_LENGTH}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                aria-describedby={`${ids.message}-hint ${ids.message}-count`}
                placeholder="Say hello: your year, what you are looking for, how to reach you."
              />
            </Field>
            <p id={`${ids.message}-count`} className={styles.counter}>
              {message.length} / {PING_MESSAGE_MAX_LENGTH} characters
            </p>
          </form>
        ) : null}
      </Dialog>
    </div>
  );
}
