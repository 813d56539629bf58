import { useState } from 'react';
import { Link } from 'react-router';
import { savedSearchMessages } from '../../../shared/saved-searches';
import type { SearchFilters } from '../../../shared/schemas/filters';
import { useCollege } from '../../shell/config-context';
import buttonStyles from '../../ui/Button.module.css';
import { useSaveSearch } from './api';
import { searchSummary, suggestedName } from './describe';
import styles from './SavedSearches.module.css';
import { SearchDialog } from './SearchDialog';

/** /postings: 'Save this search' keeps the page's filters, named, with an alert setting. */
export function SaveSearchButton({ filters }: { filters: SearchFilters }) {
  const config = useCollege();
  const save = useSaveSearch();
  const [open, setOpen] = useState(false);
  const [savedName, setSavedName] = useState<string | null>(null);
  return (
    <div className={styles.saveRow}>
      <button
        type="button"
        className={`${buttonStyles.button} ${buttonStyles.secondary}`}
        onClick={() => {
          setSavedName(null);
          setOpen(true);
        }}
      >
        {savedSearchMessages.save}
      </button>
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
          initial={{ name: suggestedName(config, filters), alert: 'daily' }}
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
