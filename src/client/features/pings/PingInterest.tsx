import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { memberFormActions } from '../../../shared/member-form-posts';
import { PING_MESSAGE_MAX_LENGTH } from '../../../shared/options';
import { pageAddress } from '../../../shared/page-addresses';
import { pingMessages } from '../../../shared/ping-messages';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { ApiError } from '../../api/client';
import { useClock } from '../../shell/clock';
import { useSession } from '../../shell/session';
import { useTypedBeforeScripts } from '../../shell/typed-before-scripts';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import { DrawnOpener } from '../../ui/DrawnOpener';
import { Field } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import { useSchemaForm } from '../../ui/schema-form';
import { useSendPing } from './api';
import styles from './Pings.module.css';
import { pingRefusalText } from './ping-refusal-text';

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

/** The address of the detail view with its Ping Interest form open in the page (`?ping=open`). */
const PING_PARAM = 'ping';
/** Where that page opens: at the form, not at its top. */
const PING_FORM_ANCHOR = 'ping-interest';

// The shared schema the server checks a ping with, loaded when the form is first used.
const loadPingSchema = () => import('../../../shared/schemas/ping').then((module) => module.pingRequestSchema);

/** The form's fields, in the dialog or in the page. */
function PingFields({
  ids,
  email,
  error,
}: {
  ids: { email: string; message: string };
  email: string;
  /** The schema's word on the message, if any. */
  error: string | undefined;
}) {
  const [length, setLength] = useState(0);
  return (
    <>
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
      <Field
        id={ids.message}
        label="Message (optional)"
        hint={`Up to ${PING_MESSAGE_MAX_LENGTH} characters.`}
        error={error}
      >
        <textarea
          id={ids.message}
          name="message"
          className={`${fieldStyles.control} ${styles.messageBox}`}
          rows={5}
          maxLength={PING_MESSAGE_MAX_LENGTH}
          onChange={(event) => setLength(event.target.value.length)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${ids.message}-hint ${error ? `${ids.message}-error ` : ''}${ids.message}-count`}
          placeholder="Say hello: your year, what you are looking for, how to reach you."
        />
      </Field>
      <p id={`${ids.message}-count`} className={styles.counter}>
        {length} / {PING_MESSAGE_MAX_LENGTH} characters
      </p>
    </>
  );
}

/**
 * The detail view's Ping Interest button and its form (spec sections 2, 5 and 8). Once the scripts
 * have taken the page over, the button opens the form in a dialog. Before then, or with JavaScript
 * off, the button is a plain form that opens this page with the Ping Interest form in it
 * (`?ping=open`), and that form posts to the server (issue 31).
 */
export function PingInterest({ posting, place }: { posting: PostingDetail; place: string }) {
  const session = useSession();
  const send = useSendPing(posting.id);
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [inPageFailure, setInPageFailure] = useState<Outcome | null>(null);
  const ids = {
    form: useId(),
    email: useId(),
    message: useId(),
    reason: useId(),
    page: useId(),
    pageEmail: useId(),
    pageMessage: useId(),
    heading: useId(),
  };
  const clock = useClock();
  const blocked = pingRefusalText(session.user, posting, clock.zone);
  const email = session.user?.email ?? '';
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const inPage = params.get(PING_PARAM) === 'open' && !blocked;
  useTypedBeforeScripts(ids.page);

  // Each ping sent draws the dialog's fields anew, empty.
  const [sent, setSent] = useState(0);
  const dialogForm = useSchemaForm({
    schema: loadPingSchema,
    onValid: ({ message }) =>
      send.mutate(message, {
        onSuccess: () => {
          setSent((count) => count + 1);
          setOutcome({ kind: 'sent' });
        },
        onError: (error) => setOutcome(failureOf(error)),
      }),
  });
  // The form in the page, sent by the app: the outcome is the dialog's, as from the button.
  const pageForm = useSchemaForm({ schema: loadPingSchema, onValid: ({ message }) => submitInPage(message) });
  const submitInPage = (message: string) => {
    setInPageFailure(null);
    send.mutate(message, {
      onSuccess: () => {
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(PING_PARAM);
            return next;
          },
          { replace: true, preventScrollReset: true },
        );
        setOutcome({ kind: 'sent' });
        setOpen(true);
      },
      onError: (error) => setInPageFailure(failureOf(error)),
    });
  };
  const close = () => {
    setOpen(false);
    setOutcome(null);
  };

  const dialogActions = (
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

  if (inPage) {
    return (
      <section id={PING_FORM_ANCHOR} className={styles.pingBox} aria-labelledby={ids.heading}>
        <h3 id={ids.heading} className={styles.inPageHeading}>
          Ping Interest
        </h3>
        <p className={styles.reason}>
          Tell {posting.adminContact.name} that you are interested in joining the group at {place}.
        </p>
        <form
          id={ids.page}
          className={styles.pingForm}
          method="post"
          action={memberFormActions.ping(posting.id)}
          {...pageForm.formProps}
        >
          <input type="hidden" name={RETURN_FIELD} value={`${location.pathname}${location.search}`} />
          <PingFields
            ids={{ email: ids.pageEmail, message: ids.pageMessage }}
            email={email}
            error={pageForm.error('message')}
          />
          {inPageFailure?.kind === 'failed' ? (
            <div role="alert" className={styles.error}>
              <p className={styles.inPageHeading}>{inPageFailure.title}</p>
              <p>{inPageFailure.message}</p>
            </div>
          ) : null}
          <div className={styles.answers}>
            <button type="submit" className={buttonStyles.button} disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send Ping'}
            </button>
            <Link className={`${buttonStyles.button} ${buttonStyles.secondary}`} to={pageAddress.posting(posting.id)}>
              Cancel
            </Link>
          </div>
        </form>
      </section>
    );
  }

  return (
    <div className={styles.pingBox}>
      {/* A form that opens this page with the Ping Interest form in it: what a tap does before the
          scripts, or without them; once they are here, the tap opens the dialog instead. */}
      <DrawnOpener
        action={`/detailView#${PING_FORM_ANCHOR}`}
        fields={[
          ['id', posting.id],
          [PING_PARAM, 'open'],
        ]}
        onOpen={() => {
          if (!blocked) setOpen(true);
        }}
        type={blocked ? 'button' : 'submit'}
        className={buttonStyles.button}
        aria-disabled={blocked ? true : undefined}
        aria-describedby={blocked ? ids.reason : undefined}
      >
        Ping Interest
      </DrawnOpener>
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
            dialogActions
          ) : (
            <OutcomeActions outcome={outcome} onClose={close} onRetry={() => setOutcome(null)} />
          )
        }
      >
        {/* Kept while an outcome is shown: 'Try again' comes back to what was typed. */}
        <form id={ids.form} className={styles.pingForm} hidden={outcome !== null} {...dialogForm.formProps}>
          <PingFields
            key={sent}
            ids={{ email: ids.email, message: ids.message }}
            email={email}
            error={dialogForm.error('message')}
          />
        </form>
      </Dialog>
    </div>
  );
}
