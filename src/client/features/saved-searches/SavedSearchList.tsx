import { useId, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../../shared/messages';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
  savedSearchMessages,
} from '../../../shared/saved-searches';
import { filtersToParams } from '../../../shared/schemas/filter-params';
import type { SavedSearchView } from '../../../shared/schemas/saved-search';
import { ApiError } from '../../api/client';
import { useCollege } from '../../shell/config-context';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import fieldStyles from '../../ui/FormField.module.css';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from './api';
import { searchSummary } from './describe';
import styles from './SavedSearches.module.css';
import { SearchDialog } from './SearchDialog';

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

function SavedSearchItem({ search }: { search: SavedSearchView }) {
  const config = useCollege();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const alertId = useId();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const summary = searchSummary(config, search.filters);

  const changeAlert = async (alert: AlertFrequency) => {
    setStatus(null);
    try {
      await update.mutateAsync({ id: search.id, alert });
      setStatus({ ok: true, text: savedSearchMessages.alertUpdated });
    } catch (error) {
      setStatus({ ok: false, text: failureText(error) });
    }
  };

  return (
    <li className={styles.item} aria-labelledby={`${search.id}-name`}>
      <h3 id={`${search.id}-name`}>{search.name}</h3>
      <p className={styles.summary}>{summary}</p>
      <div className={styles.controls}>
        <div className={styles.alertField}>
          <label htmlFor={alertId}>Alerts</label>
          <select
            id={alertId}
            className={fieldStyles.control}
            value={search.alert}
            disabled={update.isPending}
            onChange={(event) => void changeAlert(event.target.value as AlertFrequency)}
          >
            {ALERT_FREQUENCIES.map((frequency) => (
              <option key={frequency} value={frequency}>
                {ALERT_FREQUENCY_LABELS[frequency]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.actions}>
          <Link
            className={buttonStyles.button}
            to={`/postings?${filtersToParams(search.filters).toString()}`}
            aria-label={`Open ${search.name}`}
          >
            Open
          </Link>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            aria-label={`Edit ${search.name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            aria-label={`Delete ${search.name}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        </div>
      </div>
      <div className={styles.messages}>
        <div role="status">{status?.ok ? <p className={styles.ok}>{status.text}</p> : null}</div>
        <div role="alert">{status && !status.ok ? <p className={styles.error}>{status.text}</p> : null}</div>
      </div>
      {editing ? (
        <SearchDialog
          open
          title="Edit saved search"
          description="Change its name or how often you hear of new matches."
          summary={summary}
          initial={{ name: search.name, alert: search.alert }}
          submitLabel="Save changes"
          onClose={() => setEditing(false)}
          onSubmit={async (values) => {
            await update.mutateAsync({ id: search.id, ...values });
            setEditing(false);
          }}
        />
      ) : null}
      <Dialog
        open={confirming}
        title="Delete saved search"
        description={savedSearchMessages.deleteConfirm(search.name)}
        onOpenChange={setConfirming}
        actions={
          <>
            <button
              type="button"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
            <button
              type="button"
              className={buttonStyles.button}
              disabled={remove.isPending}
              onClick={() =>
                void remove.mutateAsync(search.id).then(
                  () => setConfirming(false),
                  (error: unknown) => {
                    setConfirming(false);
                    setStatus({ ok: false, text: failureText(error) });
                  },
                )
              }
            >
              Delete
            </button>
          </>
        }
      />
    </li>
  );
}

/** The profile's 'My Saved Searches': each with its alert setting, open, edit and delete. */
export function SavedSearchList() {
  const query = useSavedSearches();
  const items = query.data?.items ?? [];
  return (
    <section id="saved-searches" className={styles.section} aria-labelledby="saved-searches-heading" tabIndex={-1}>
      <h2 id="saved-searches-heading">{savedSearchMessages.heading}</h2>
      {query.isPending ? (
        <p role="status" className={styles.empty}>
          {messages.loading}
        </p>
      ) : query.isError ? (
        <p role="alert">{failureText(query.error)}</p>
      ) : items.length === 0 ? (
        <p className={styles.empty}>
          {savedSearchMessages.empty} <Link to="/postings">Search Postings</Link>
        </p>
      ) : (
        <ul className={styles.list} aria-label={savedSearchMessages.heading}>
          {items.map((search) => (
            <SavedSearchItem key={search.id} search={search} />
          ))}
        </ul>
      )}
    </section>
  );
}
