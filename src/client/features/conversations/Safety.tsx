import { useId, useRef, useState } from 'react';
import { conversationMessages as cm } from '../../../shared/conversation-messages';
import { messages } from '../../../shared/messages';
import type { ConversationView, MessageView } from '../../../shared/schemas/conversations';
import { ApiError } from '../../api/client';
import { ReportDialog, type ReportOutcome } from '../../common/ReportDialog';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import { useBlock, useReportMessage } from './api';
import styles from './Messages.module.css';

type Outcome = { kind: 'done'; title: string; message: string } | { kind: 'failed'; title: string; message: string };

const failure = (error: unknown, title: string): Outcome =>
  error instanceof ApiError
    ? { kind: 'failed', title: error.title, message: error.message }
    : { kind: 'failed', title, message: messages.api.internal.message };

/**
 * Under another student's message: its Report control or, when the message asks for money the way
 * housing scams do (`scamWarning`, decided by the server for readers only), the safety note, whose
 * report button opens the same form on 'Scam or fake'. The reported student is not told who reported.
 */
// The shared schema loads when the form is first used, not with the conversation.
const loadReportSchema = () =>
  import('../../../shared/schemas/conversations').then((module) => module.messageReportSchema);

export function MessageSafety({ conversationId, message }: { conversationId: string; message: MessageView }) {
  const report = useReportMessage(conversationId);
  const [openedFrom, setOpenedFrom] = useState<'note' | 'report' | null>(null);
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);
  const noteId = useId();
  return (
    <>
      {message.scamWarning ? (
        <div role="note" aria-label={cm.scamWarning.label} className={styles.scamNote}>
          <p id={noteId} className={styles.scamNoteText}>
            {cm.scamWarning.note}
          </p>
          <button
            type="button"
            className={styles.scamReport}
            aria-label={`${cm.scamWarning.report} from ${message.senderName}`}
            aria-describedby={noteId}
            onClick={() => setOpenedFrom('note')}
          >
            {cm.scamWarning.report}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={styles.linkButton}
          aria-label={`Report message from ${message.senderName}`}
          onClick={() => setOpenedFrom('report')}
        >
          Report
        </button>
      )}
      <ReportDialog
        schema={loadReportSchema}
        open={openedFrom !== null}
        title="Report this message"
        description={`Tell the moderators what is wrong with this message from ${message.senderName}. They are not told who reported it.`}
        quoted={<blockquote className={styles.quoted}>{message.body}</blockquote>}
        initialReason={openedFrom === 'note' ? 'scam' : undefined}
        sending={report.isPending}
        outcome={outcome}
        onSend={(input) =>
          report.mutate(
            { seq: message.seq, ...input },
            {
              onSuccess: () =>
                setOutcome({
                  sent: true,
                  title: 'Report Sent',
                  message: `Thank you. A moderator will look at the message. ${message.senderName} is not told who reported it.`,
                }),
              onError: (error) => {
                const { title, message: text } = failure(error, 'Report Not Sent');
                setOutcome({ sent: false, title, message: text });
              },
            },
          )
        }
        onClose={() => {
          setOpenedFrom(null);
          setOutcome(null);
        }}
      />
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
