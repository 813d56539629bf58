import { useEffect, useId, useState } from 'react';
import { SORT_LABELS, type SortOrder, sortsFor } from '../../../shared/schemas/filter-params';
import type { SearchFilters } from '../../../shared/schemas/filters';
import styles from './ResultsOptions.module.css';

/** How the results are ordered, whether Fulfilled postings are left out and stale ones shown. */
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
  const sortId = useId();
  const hideId = useId();
  const staleId = useId();
  const [showStale, setShowStale] = useState(filters.showStale === 'yes');
  useEffect(() => setShowStale(filters.showStale === 'yes'), [filters.showStale]);
  // Shown at once, before the URL (and so `filters`) catches up with the change.
  const [hidden, setHidden] = useState(filters.hideFulfilled === 'yes');
  const [sort, setSort] = useState(filters.sort);
  useEffect(() => setHidden(filters.hideFulfilled === 'yes'), [filters.hideFulfilled]);
  useEffect(() => setSort(filters.sort), [filters.sort]);
  return (
    <div className={styles.options}>
      <div className={styles.check}>
        <input
          id={hideId}
          type="checkbox"
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
          value={sort}
          onChange={(event) => {
            const next = event.target.value as SortOrder;
            setSort(next);
            onChange({ ...filters, sort: next });
          }}
        >
          {sortsFor(filters.location)
            .filter((order) => order !== 'fit' || canSortByFit)
            .map((order) => (
              <option key={order} value={order}>
                {SORT_LABELS[order]}
              </option>
            ))}
        </select>
      </div>
    </div>
  );
}
