import { messages } from '../../../shared/messages';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import styles from './PostingForm.module.css';

/** The delete confirmation and the failure notice of DeletePostingButton, loaded on its first click. */
export default function DeletePostingDialogs({
  confirming,
  busy,
  error,
  onConfirmingChange,
  onConfirm,
  onErrorClosed,
}: {
  confirming: boolean;
  busy: boolean;
  error: string | null;
  onConfirmingChange: (open: boolean) => void;
  onConfirm: () => void;
  onErrorClosed: () => void;
}) {
  return (
    <>
      <Dialog
        open={confirming}
        title="Delete Posting"
        description={messages.deletePosting.confirm}
        dismissible={!busy}
        onOpenChange={onConfirmingChange}
        actions={
          <>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              onClick={() => onConfirmingChange(false)}
              disabled={busy}
            >
              Cancel
            </button>
            <button
              type="button"
              className={`${buttonStyles.button} ${styles.danger}`}
              onClick={onConfirm}
              disabled={busy}
            >
              {busy ? 'Deleting...' : 'Delete'}
            </button>
          </>
        }
      />
      <Dialog
        open={error !== null}
        title="Delete Failed"
        description={error ?? ''}
        onOpenChange={(open) => (open ? undefined : onErrorClosed())}
        actions={
          <button type="button" className={buttonStyles.button} onClick={onErrorClosed}>
            OK
          </button>
        }
      />
    </>
  );
}
