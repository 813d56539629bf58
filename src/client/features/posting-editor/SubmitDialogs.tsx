import type { RefObject } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../shared/messages';
import { pageAddress } from '../../../shared/page-addresses';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import styles from './PostingForm.module.css';
import { PostingPreview } from './PostingPreview';
import type { Phase } from './use-posting-submit';

/** The submit flow's dialogs: the preview, the upload's progress, what failed, and the success. */
export function SubmitDialogs({
  phase,
  editing,
  imageCount,
  memberNames,
  formRef,
  onIdle,
  onSubmit,
  onFinish,
}: {
  phase: Phase;
  editing: boolean;
  imageCount: number;
  /** A co-admin's preview names the members as they are kept. */
  memberNames: string[] | undefined;
  /** Closing the failure list goes to the form's first field in error. */
  formRef: RefObject<HTMLFormElement | null>;
  onIdle: () => void;
  onSubmit: () => void;
  onFinish: () => void;
}) {
  return (
    <>
      <Dialog
        open={phase.kind === 'preview'}
        title="Preview"
        description="This is how other students will see your posting."
        onOpenChange={(open) => (open ? undefined : onIdle())}
        actions={
          <>
            <button type="button" className={`${buttonStyles.button} ${buttonStyles.secondary}`} onClick={onIdle}>
              Keep editing
            </button>
            <button type="button" className={buttonStyles.button} onClick={onSubmit}>
              {editing ? 'Save changes' : 'Submit posting'}
            </button>
          </>
        }
      >
        {phase.kind === 'preview' ? (
          <PostingPreview posting={phase.posting} imageCount={imageCount} memberNames={memberNames} />
        ) : null}
      </Dialog>

      <Dialog
        open={phase.kind === 'uploading'}
        title={messages.submit.uploadingTitle}
        description={messages.submit.uploadingMessage}
        dismissible={false}
      >
        {phase.kind === 'uploading' ? (
          <div className={styles.progress}>
            <progress max={100} value={phase.progress} aria-label="Upload progress" />
            <span aria-hidden="true">{phase.progress}%</span>
          </div>
        ) : null}
      </Dialog>

      <Dialog
        open={phase.kind === 'failed'}
        title={phase.kind === 'failed' ? phase.title : messages.submit.failedTitle}
        onOpenChange={(open) => (open ? undefined : onIdle())}
        onCloseAutoFocus={(event) => {
          // Straight to the first field in error, so the student can fix it (defect 7 of issue 10).
          const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
          if (field) {
            event.preventDefault();
            field.focus();
          }
        }}
        actions={
          <button type="button" className={buttonStyles.button} onClick={onIdle}>
            OK
          </button>
        }
      >
        {phase.kind === 'failed' ? (
          <ul className={styles.failureList}>
            {phase.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}
      </Dialog>

      <Dialog
        open={phase.kind === 'done'}
        title={editing ? messages.submit.updated : messages.submit.created}
        description={messages.submit.profilePointer}
        onOpenChange={(open) => (open ? undefined : onFinish())}
        actions={
          <>
            <Link className={`${buttonStyles.button} ${buttonStyles.secondary}`} to="/myProfile">
              Go to My Profile
            </Link>
            {phase.kind === 'done' ? (
              <Link
                className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                to={pageAddress.posting(phase.posting.id)}
              >
                View posting
              </Link>
            ) : null}
            <button type="button" className={buttonStyles.button} onClick={onFinish}>
              OK
            </button>
          </>
        }
      />
    </>
  );
}
