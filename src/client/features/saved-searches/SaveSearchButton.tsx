import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { browseFormActions } from '../../../shared/browse-form-posts';
import { RETURN_FIELD } from '../../../shared/form-posts';
import { savedSearchMessages } from '../../../shared/saved-searches';
import { filtersToParams } from '../../../shared/schemas/filter-params';
import type { SearchFilters } from '../../../shared/schemas/filters';
import { useCollege } from '../../shell/config-context';
import buttonStyles from '../../ui/Button.module.css';
import { useSaveSearch } from './api';
import { searchSummary, suggestedName } from './describe';
import styles from './SavedSearches.module.css';
import { SearchDialog } from './SearchDialog';

/**
 * /postings: 'Save this search' keeps the page's filters, named, with an alert setting. As drawn
 * by the server it is a plain form (issue 31): a tap before the scripts, or without them, saves
 * the search under its suggested name with the daily alert and comes back with a notice; once the
 * scripts are here the button opens the dialog that names it.
 */
export function SaveSearchButton({ filters }: { filters: SearchFilters }) {
  const config = useCollege();
  const { pathname, search } = useLocation();
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  const [savedName, setSavedName] = useState<string | null>(null);
  const name = suggestedName(config, filters);
  return (
    <div className={styles.saveRow}>
      <form method="post" action={browseFormActions.saveSearch()}>
        <input type="hidden" name={RETURN_FIELD} value={`${pathname}${search}`} />
        <input type="hidden" name="name" value={name} />
        <input type="hidden" name="alert" value="daily" />
        <input type="hidden" name="filters" value={filtersToParams(filters).toString()} />
        <button
          type="submit"
          className={`${buttonStyles.button} ${buttonStyles.secondary}`}
          onClick={(event) => {
            event.preventDefault();
            setSavedName(null);
            setOpen(true);
          }}
        >
          {savedSearchMessages.save}
        </button>
      </form>
      <div role="status">
        {savedName ? (
          <p className={styles.ok}>
            {savedSearchMessages.saved(savedName)} <Link to="/myProfile#saved-searches">Open my saved searches</Link>
          </p>
        ) : null}
      </div>
      {open ? (
        <SearchDialog
          open
          title={savedSearchMessages.dialogTitle}
          description={savedSearchMessages.dialogDescription}
          summary={searchSummary(config, filters)}
          initial={{ name, alert: 'daily' }}
          submitLabel="Save search"
          onClose={() => setOpen(false)}
          onSubmit={async (values) => {
            const saved = await save.mutateAsync({ ...values, filters });
            setOpen(false);
            setSavedName(saved.name);
          }}
        />
      ) : null}
    </div>
  );
}
