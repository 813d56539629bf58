import { useEffect, useId, useRef, useState } from 'react';
import { messages } from '../../../shared/messages';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportReason,
} from '../../../shared/moderation';
import type { ConversationView, MessageView } from '../../../shared/schemas/conversations';
import { ApiError } from '../../api/client';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import fieldStyles from '../../ui/FormField.module.css';
import { useBlock, useReportMessage } from './api';
import styles from './Messages.module.css';

type Outcome = { kind: 'done'; title: string; message: string } | { kind: 'failed'; title: string; message: string };

const failure = (error: unknown, title: string): Outcome =>
  error instanceof ApiError
    ? { kind: 'failed', title: error.title, message: error.message }
    : { kind: 'failed', title, message: messages.api.internal.message };

/** Report a message: a reason and optional details; the reported student is not told who reported. */
export function ReportButton({ conversationId, message }: { conversationId: string; message: MessageView }) {
  const report = useReportMessage(conversationId);
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
      { seq: message.seq, reason, details: details.trim() },
      {
        onSuccess: () => {
          setReason(null);
          setDetails('');
          setOutcome({
            kind: 'done',
            title: 'Report Sent',
            message: `Thank you. A moderator will look at the message. ${message.senderName} is not told who reported it.`,
          });
        },
        onError: (error) => setOutcome(failure(error, 'Report Not Sent')),
      },
    );
  };
  return (
    <>
      <button
        type="button"
        className={styles.linkButton}
        aria-label={`Report message from ${message.senderName}`}
        onClick={() => setOpen(true)}
      >
        Report
      </button>
      <Dialog
        open={open}
        title={outcome ? outcome.title : 'Report this message'}
        description={
          outcome
            ? outcome.message
            : `Tell the moderators what is wrong with this message from ${message.senderName}. They are not told who reported it.`
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
            className={styles.dialogForm}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <blockquote className={styles.quoted}>{message.body}</blockquote>
            <fieldset
              className={styles.choices}
              aria-describedby={problem ? ids.problem : undefined}
              aria-invalid={problem ? true : undefined}
            >
              <legend className={fieldStyles.label}>Reason</legend>
              {REPORT_REASONS.map((value) => (
                <label key={value} className={styles.choice}>
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
              <p id={ids.problem} role="alert" className={styles.error}>
                {problem}
              </p>
            ) : null}
            <label className={fieldStyles.label} htmlFor={ids.details}>
              Details (optional)
            </label>
            <textarea
              id={ids.details}
              className={fieldStyles.control}
              value={details}
              maxLength={REPORT_DETAILS_MAX_LENGTH}
              rows={3}
              onChange={(event) => setDetails(event.target.value)}
            />
          </form>
        ) : null}
      </Dialog>
    </>
  );
}

/** Block the other side (the sender, or the posting's admin): they are not told. Asks first. */
export function BlockButton({ view }: { view: ConversationView }) {
  const block = useBlock(view.id);
  const other = view.participants.find((participant) =>
    view.viewerSide === 'group' ? participant.side === 'sender' : participant.role === 'admin',
  );
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  if (!other || other.isYou) return null;
  const close = () => {
    setOpen(false);
    setOutcome(null);
  };
  return (
    <div className={styles.toolBlock}>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        onClick={() => setOpen(true)}
      >
        Block {other.name}
      </button>
      <Dialog
        open={open}
        title={outcome ? outcome.title : `Block ${other.name}?`}
        description={
          outcome
            ? outcome.message
            : `${other.name} will no longer be able to ping your postings or write to you. They are not told.`
        }
        initialFocus={outcome ? undefined : cancel}
        dismissible={!block.isPending}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        actions={
          outcome === null ? (
            <>
              <button
                ref={cancel}
                type="button"
                className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                onClick={close}
                disabled={block.isPending}
              >
                Cancel
              </button>
              <button
                type="button"
                className={buttonStyles.button}
                disabled={block.isPending}
                onClick={() =>
                  block.mutate(other.userId, {
                    onSuccess: () =>
                      setOutcome({ kind: 'done', title: 'Blocked', message: `You blocked ${other.name}.` }),
                    onError: (error) => setOutcome(failure(error, 'Block Not Changed')),
                  })
                }
              >
                Block
              </button>
            </>
          ) : (
            <button type="button" className={buttonStyles.button} onClick={close}>
              OK
            </button>
          )
        }
      />
    </div>
  );
}
