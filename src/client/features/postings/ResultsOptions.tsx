import { useEffect, useId, useState } from 'react';
import { filtersToParams, SORT_LABELS, type SortOrder, sortsFor } from '../../../shared/schemas/filter-params';
import type { SearchFilters } from '../../../shared/schemas/filters';
import { useCollege } from '../../shell/config-context';
import { useScriptsReady } from '../../shell/scripts-ready';
import { useTypedBeforeScripts } from '../../shell/typed-before-scripts';
import buttonStyles from '../../ui/Button.module.css';
import styles from './ResultsOptions.module.css';

/** The options this form has fields for; the other filters travel with it as hidden fields. */
const FIELDS_HERE = new Set<string>(['sort', 'hideFulfilled', 'showStale']);

/**
 * How the results are ordered, whether Fulfilled postings are left out and stale ones shown. A
 * plain GET form too (issue 31): before the scripts, its Apply button opens the results so; a
 * choice made before they arrive is applied when they do.
 */
export function ResultsOptions({
  filters,
  onChange,
  canSortByFit = false,
}: {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  /** The viewer has a lifestyle profile, so 'Best fit' means something. */
  canSortByFit?: boolean;
}) {
  // 'Shortest walk first' only where the college names places to walk to (issue 33).
  const hasPlaces = useCollege().campusPlaces.length > 0;
  const sortId = useId();
  const hideId = useId();
  const staleId = useId();
  const formId = useId();
  const scriptsReady = useScriptsReady();
  const [showStale, setShowStale] = useState(filters.showStale === 'yes');
  useEffect(() => setShowStale(filters.showStale === 'yes'), [filters.showStale]);
  // Shown at once, before the URL (and so `filters`) catches up with the change.
  const [hidden, setHidden] = useState(filters.hideFulfilled === 'yes');
  const [sort, setSort] = useState(filters.sort);
  useEffect(() => setHidden(filters.hideFulfilled === 'yes'), [filters.hideFulfilled]);
  useEffect(() => setSort(filters.sort), [filters.sort]);
  useTypedBeforeScripts(formId);
  return (
    <form
      id={formId}
      className={styles.options}
      method="get"
      action="/postings"
      aria-label="Results options"
      onSubmit={(event) => event.preventDefault()}
    >
      {[...filtersToParams(filters)]
        .filter(([name]) => !FIELDS_HERE.has(name))
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      <div className={styles.check}>
        <input
          id={hideId}
          type="checkbox"
          name="hideFulfilled"
          value="yes"
          checked={hidden}
          onChange={(event) => {
            setHidden(event.target.checked);
            onChange({ ...filters, hideFulfilled: event.target.checked ? 'yes' : undefined });
          }}
        />
        <label htmlFor={hideId}>Hide Fulfilled</label>
      </div>
      <div className={styles.check}>
        <input
          id={staleId}
          type="checkbox"
          name="showStale"
          value="yes"
          checked={showStale}
          onChange={(event) => {
            setShowStale(event.target.checked);
            onChange({ ...filters, showStale: event.target.checked ? 'yes' : undefined });
          }}
        />
        <label htmlFor={staleId}>Show stale postings</label>
      </div>
      <div className={styles.sort}>
        <label htmlFor={sortId}>Sort</label>
        <select
          id={sortId}
          name="sort"
          value={sort}
          onChange={(event) => {
            const next = event.target.value as SortOrder;
            setSort(next);
            onChange({ ...filters, sort: next });
          }}
        >
          {sortsFor(filters.location)
            .filter((order) => order !== 'fit' || canSortByFit)
            .filter((order) => order !== 'walk' || hasPlaces)
            .map((order) => (
              <option key={order} value={order}>
                {SORT_LABELS[order]}
              </option>
            ))}
        </select>
      </div>
      {scriptsReady ? null : (
        <button type="submit" className={`${buttonStyles.button} ${buttonStyles.secondary}`}>
          Apply
        </button>
      )}
    </form>
  );
}
