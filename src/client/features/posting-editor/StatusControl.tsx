import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { memberFormActions } from '../../../shared/member-form-posts';
import { messages } from '../../../shared/messages';
import { POSTING_STATUSES, type PostingStatus } from '../../../shared/options';
import type { PostingDetail } from '../../../shared/schemas/posting-view';
import { api } from '../../api/client';
import { useScriptsReady } from '../../shell/scripts-ready';
import { useTypedBeforeScripts } from '../../shell/typed-before-scripts';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import fieldStyles from '../../ui/FormField.module.css';
import styles from './PostingForm.module.css';
import { postingQueryKey } from './query-keys';

export interface StatusControlProps {
  postingId: string;
  status: PostingStatus;
  /** The viewer may change it: the posting's admin or a co-admin (issue 23). */
  mayChange: boolean;
  onChanged?: (status: PostingStatus) => void;
}

/**
 * The posting's status: a dropdown that saves at once for its admin and co-admins ('Updating Status...' then
 * 'Status Updated!'; the same value does nothing), plain text for everyone else. It is a plain form
 * too (issue 31): before the scripts, or without them, a Save status button posts the choice; a
 * choice made before the scripts and not yet saved is saved when they arrive.
 */
export function StatusControl(props: StatusControlProps) {
  // Everyone else reads it.
  if (!props.mayChange) return <StatusText status={props.status} />;
  return <StatusForm {...props} />;
}

function StatusText({ status }: { status: PostingStatus }) {
  return (
    <p className={styles.statusControl}>
      <span className={fieldStyles.label}>Status</span> <span>{status}</span>
    </p>
  );
}

function StatusForm({ postingId, status, onChanged }: StatusControlProps) {
  const id = useId();
  const formId = useId();
  const ready = useScriptsReady();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState<PostingStatus>(status);
  const [live, setLive] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => setCurrent(status), [status]);

  const change = async (next: PostingStatus) => {
    if (next === current || busy) return;
    const previous = current;
    setCurrent(next);
    setBusy(true);
    setLive(messages.status.updating);
    try {
      await api.patch('/api/postings/{id}/status', { path: { id: postingId }, body: { status: next } });
      setLive(messages.status.updated);
      queryClient.setQueryData<PostingDetail>(postingQueryKey(postingId), (old) =>
        old ? { ...old, status: next } : old,
      );
      await queryClient.invalidateQueries({
        predicate: (query) => !['config', 'session', 'posting'].includes(String(query.queryKey[0])),
      });
      onChanged?.(next);
    } catch {
      setCurrent(previous);
      setLive('');
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  // After the effects above: a choice made in the drawn form is told to onChange, which saves it.
  useTypedBeforeScripts(formId);

  return (
    <form
      id={formId}
      className={styles.statusControl}
      method="post"
      action={memberFormActions.postingStatus(postingId)}
      onSubmit={(event) => {
        event.preventDefault();
        const chosen = new FormData(event.currentTarget).get('status');
        if (typeof chosen === 'string') void change(chosen as PostingStatus);
      }}
    >
      <input type="hidden" name={RETURN_FIELD} value={`${location.pathname}${location.search}`} />
      <label className={fieldStyles.label} htmlFor={id}>
        Status
      </label>
      <select
        id={id}
        name="status"
        className={fieldStyles.control}
        value={current}
        aria-busy={busy || undefined}
        aria-describedby={`${id}-live`}
        onChange={(event) => void change(event.target.value as PostingStatus)}
      >
        {POSTING_STATUSES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
      {/* Only where each choice is not saved as it is made: a page without its scripts. */}
      {ready ? null : (
        <button type="submit" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
          Save status
        </button>
      )}
      <p id={`${id}-live`} className={styles.statusLive} role="status">
        {live}
      </p>
      <Dialog
        open={failed}
        title={messages.status.failed.title}
        description={messages.status.failed.message}
        onOpenChange={(open) => setFailed(open)}
        actions={
          <button type="button" className={buttonStyles.button} onClick={() => setFailed(false)}>
            OK
          </button>
        }
      />
    </form>
  );
}
