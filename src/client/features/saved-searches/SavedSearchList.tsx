import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NOTICE_PARAM, RETURN_FIELD } from '../../../shared/form-posts';
import { messages } from '../../../shared/messages';
import { profileFormActions } from '../../../shared/profile-form-posts';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  type AlertFrequency,
  SAVED_SEARCH_NAME_MAX,
  savedSearchMessages,
} from '../../../shared/saved-searches';
import { filtersToParams } from '../../../shared/schemas/filter-params';
import type { SavedSearchView } from '../../../shared/schemas/saved-search';
import { ApiError } from '../../api/client';
import { useCollege } from '../../shell/config-context';
import { useScriptsReady } from '../../shell/scripts-ready';
import buttonStyles from '../../ui/Button.module.css';
import { Dialog } from '../../ui/Dialog';
import { DrawnOpener } from '../../ui/DrawnOpener';
import { Field } from '../../ui/Field';
import fieldStyles from '../../ui/FormField.module.css';
import { AlertChoices } from './AlertChoices';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from './api';
import { searchSummary } from './describe';
import styles from './SavedSearches.module.css';
import { SearchDialog } from './SearchDialog';

/** The profile's address with `?deleteSearch=<id>`: that search's Delete confirmation drawn in the page. */
const DELETE_SEARCH_PARAM = 'deleteSearch';
/** The profile's address with `?editSearch=<id>`: that search's editor drawn in the page (a form). */
const EDIT_SEARCH_PARAM = 'editSearch';
const PROFILE_SAVED_SEARCHES = '/myProfile#saved-searches';

/** What the drawn editor's form route refused (its notice, form-notices.ts), said on the field. */
const EDIT_REFUSALS: Record<string, string> = {
  SAVED_SEARCH_NAME_REQUIRED: savedSearchMessages.nameRequired,
  SAVED_SEARCH_NAME_TOO_LONG: savedSearchMessages.nameTooLong(SAVED_SEARCH_NAME_MAX),
  SAVED_SEARCH_BAD_ALERT: savedSearchMessages.badAlert,
};

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
  const scriptsReady = useScriptsReady();
  const { search: query } = useLocation();
  const drawnConfirmation = new URLSearchParams(query).get(DELETE_SEARCH_PARAM) === search.id;
  const confirmAnchor = `delete-search-${search.id}`;
  const drawnEditor = new URLSearchParams(query).get(EDIT_SEARCH_PARAM) === search.id;
  const editAnchor = `edit-search-${search.id}`;

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
        {/* A plain form too (issue 31): before the scripts, or without them, its Save posts the
            choice; once they are here, each change is saved as it is made. */}
        <form
          method="post"
          action={profileFormActions.savedSearchAlert(search.id)}
          className={styles.alertField}
          onSubmit={(event) => event.preventDefault()}
        >
          <input type="hidden" name={RETURN_FIELD} value={PROFILE_SAVED_SEARCHES} />
          <label htmlFor={alertId}>Alerts</label>
          <select
            id={alertId}
            name="alert"
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
          {scriptsReady ? null : (
            <button
              type="submit"
              className={`${buttonStyles.button} ${buttonStyles.secondary}`}
              aria-label={`Save the alerts of ${search.name}`}
            >
              Save
            </button>
          )}
        </form>
        <div className={styles.actions}>
          <Link
            className={buttonStyles.button}
            to={`/postings?${filtersToParams(search.filters).toString()}`}
            aria-label={`Open ${search.name}`}
          >
            Open
          </Link>
          {/* As Delete: before the scripts (or without them) the tap draws the editor in the page,
              a form the server saves; once they are here, it opens the dialog. */}
          <DrawnOpener
            action={`/myProfile#${editAnchor}`}
            fields={[[EDIT_SEARCH_PARAM, search.id]]}
            onOpen={() => setEditing(true)}
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            aria-label={`Edit ${search.name}`}
          >
            Edit
          </DrawnOpener>
          {/* Before the scripts (or without them) the tap draws the confirmation in the page; once
              they are here, it asks in a dialog. */}
          <DrawnOpener
            action={`/myProfile#${confirmAnchor}`}
            fields={[[DELETE_SEARCH_PARAM, search.id]]}
            onOpen={() => setConfirming(true)}
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            aria-label={`Delete ${search.name}`}
          >
            Delete
          </DrawnOpener>
        </div>
      </div>
      {drawnEditor ? <DrawnEditor search={search} summary={summary} anchor={editAnchor} /> : null}
      {drawnConfirmation ? (
        <section id={confirmAnchor} className={styles.drawnConfirmation} aria-labelledby={`${confirmAnchor}-title`}>
          <h4 id={`${confirmAnchor}-title`}>Delete saved search</h4>
          <p>{savedSearchMessages.deleteConfirm(search.name)}</p>
          <form method="post" action={profileFormActions.deleteSavedSearch(search.id)} className={styles.actions}>
            <input type="hidden" name={RETURN_FIELD} value={PROFILE_SAVED_SEARCHES} />
            <Link className={`${buttonStyles.button} ${buttonStyles.secondary}`} to={PROFILE_SAVED_SEARCHES}>
              Cancel
            </Link>
            <button type="submit" className={buttonStyles.button}>
              Delete
            </button>
          </form>
        </section>
      ) : null}
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

/**
 * A saved search's editor drawn in the page (`?editSearch=<id>`): its name and alert, posted to the
 * form route, which saves them through the API's service and rules. A refusal comes back here with
 * its notice, said on the field it is about.
 */
function DrawnEditor({ search, summary, anchor }: { search: SavedSearchView; summary: string; anchor: string }) {
  const nameId = useId();
  const { search: query } = useLocation();
  // Read once: the notice leaves the address when the scripts arrive, the words stay.
  const [refusal] = useState(() => EDIT_REFUSALS[new URLSearchParams(query).get(NOTICE_PARAM) ?? '']);
  const nameError = refusal === savedSearchMessages.badAlert ? undefined : refusal;
  return (
    <section id={anchor} className={styles.drawnConfirmation} aria-labelledby={`${anchor}-title`}>
      <h4 id={`${anchor}-title`}>Edit saved search</h4>
      <p>Change its name or how often you hear of new matches.</p>
      <p className={styles.summary}>{summary}</p>
      <form method="post" action={profileFormActions.editSavedSearch(search.id)} className={styles.choices}>
        <input
          type="hidden"
          name={RETURN_FIELD}
          value={`/myProfile?${EDIT_SEARCH_PARAM}=${encodeURIComponent(search.id)}#${anchor}`}
        />
        <Field id={nameId} label="Name" error={nameError} required>
          <input
            id={nameId}
            name="name"
            className={fieldStyles.control}
            defaultValue={search.name}
            maxLength={SAVED_SEARCH_NAME_MAX}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${nameId}-error` : undefined}
            autoComplete="off"
            required
          />
        </Field>
        <AlertChoices initial={search.alert} />
        {refusal === savedSearchMessages.badAlert ? <p className={fieldStyles.error}>{refusal}</p> : null}
        <div className={styles.actions}>
          <Link className={`${buttonStyles.button} ${buttonStyles.secondary}`} to={PROFILE_SAVED_SEARCHES}>
            Cancel
          </Link>
          <button type="submit" className={buttonStyles.button}>
            Save changes
          </button>
        </div>
      </form>
    </section>
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
