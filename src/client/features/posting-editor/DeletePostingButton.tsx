import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages';
import { ApiError, apiFetch } from '../../api/client';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import { postingQueryKey } from './PostingForm';
import styles from './PostingForm.module.css';

export interface DeletePostingButtonProps {
  postingId: string;
  onDeleted: () => void;
  /** The button's visible text (its accessible name says what it deletes either way). */
  label?: string;
  className?: string;
}

/** Delete with the spec's confirmation; then everything of the posting goes on the server. */
export function DeletePostingButton({ postingId, onDeleted, label = 'Delete', className }: DeletePostingButtonProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    try {
      await apiFetch<void>(`/api/postings/${encodeURIComponent(postingId)}`, { method: 'DELETE' });
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

  return (
    <>
      <button
        type="button"
        className={className ?? `${buttonStyles.button} ${styles.danger}`}
        aria-label={label === 'Delete' ? 'Delete posting' : undefined}
        onClick={() => setConfirming(true)}
      >
        {label}
      </button>
      <Dialog
        open={confirming}
        title="Delete Posting"
        description={messages.deletePosting.confirm}
        dismissible={!busy}
        onOpenChange={setConfirming}
        actions={
          <>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              onClick={() => setConfirming(false)}
              disabled={busy}
            >
              Cancel
            </button>
            <button
              type="button"
              className={`${buttonStyles.button} ${styles.danger}`}
              onClick={() => void remove()}
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
        onOpenChange={(open) => (open ? undefined : setError(null))}
        actions={
          <button type="button" className={buttonStyles.button} onClick={() => setError(null)}>
            OK
          </button>
        }
      />
    </>
  );
}
