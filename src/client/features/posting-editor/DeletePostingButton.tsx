import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { messages } from '../../../shared/messages';
import { ApiError, api } from '../../api/client';
import buttonStyles from '../../ui/Button.module.css';
import { DrawnOpener } from '../../ui/DrawnOpener';
import { lazyPart } from '../../ui/lazy-part';
import styles from './PostingForm.module.css';
import { postingQueryKey } from './query-keys';

// The confirmation and failure dialogs load on the first click: the cards of /postings carry this
// button for the viewer's own postings, and the page's first load has no room for the dialog code
// (first-load budget, decision 0009).
const DeletePostingDialogs = lazyPart(() => import('./DeletePostingDialogs').then((module) => module.default));

export interface DeletePostingButtonProps {
  postingId: string;
  onDeleted: () => void;
  /** The button's visible text (its accessible name says what it deletes either way). */
  label?: string;
  className?: string;
  /**
   * The posting whose detail view draws the confirmation in the page (`DeleteConfirmation`): a tap
   * before the scripts, or without them, opens it there (issue 31). Without it the button waits for
   * the scripts' dialog.
   */
  drawnConfirmation?: string;
}

/** The detail view's address with the delete confirmation drawn in it: `?delete=confirm#delete-posting`. */
export const DELETE_PARAM = 'delete';
export const DELETE_CONFIRM = 'confirm';
export const DELETE_ANCHOR = 'delete-posting';

/** Delete with the confirmation of docs/product-spec.md; then everything of the posting goes on the server. */
export function DeletePostingButton({
  postingId,
  onDeleted,
  label = 'Delete',
  className,
  drawnConfirmation,
}: DeletePostingButtonProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Once opened, the dialogs stay mounted, so they close (and give focus back) as before. */
  const [everOpened, setEverOpened] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      await api.delete('/api/postings/{id}', { path: { id: postingId } });
      setConfirming(false);
      queryClient.removeQueries({ queryKey: postingQueryKey(postingId) });
      await queryClient.invalidateQueries({
        predicate: (query) => !['config', 'session', 'posting'].includes(String(query.queryKey[0])),
      });
      onDeleted();
    } catch (caught) {
      setConfirming(false);
      setError(
        caught instanceof ApiError && caught.status === 401
          ? messages.deletePosting.unsigned
          : messages.deletePosting.failed,
      );
    } finally {
      setBusy(false);
    }
  };

  const open = () => {
    setEverOpened(true);
    setConfirming(true);
  };
  const buttonLook = {
    className: className ?? `${buttonStyles.button} ${styles.danger}`,
    'aria-label': label === 'Delete' ? 'Delete posting' : undefined,
  };

  return (
    <>
      {drawnConfirmation ? (
        // Before the scripts (or without them) the tap opens the page's drawn confirmation; once
        // they are here, the dialog.
        <DrawnOpener
          action={`/detailView#${DELETE_ANCHOR}`}
          fields={[
            ['id', drawnConfirmation],
            [DELETE_PARAM, DELETE_CONFIRM],
          ]}
          onOpen={open}
          {...buttonLook}
        >
          {label}
        </DrawnOpener>
      ) : (
        <button type="button" {...buttonLook} onClick={open}>
          {label}
        </button>
      )}
      {everOpened ? (
        <Suspense fallback={null}>
          <DeletePostingDialogs
            confirming={confirming}
            busy={busy}
            error={error}
            onConfirmingChange={setConfirming}
            onConfirm={() => void remove()}
            onErrorClosed={() => setError(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
