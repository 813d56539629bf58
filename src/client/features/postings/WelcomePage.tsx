import { useState } from 'react';
import { useNavigate } from 'react-router';
import { filtersToParams, type SearchFilters } from '../../../shared/schemas/filters';
import { useCollege } from '../../app/config-context';
import { usePageTitle } from '../../app/use-page-title';
import { emptyFilters, FilterBar } from './FilterBar';
import { LocationTabs } from './LocationTabs';
import styles from './WelcomePage.module.css';

/** /welcomeToPostings: a welcome, the location choice and the filter bar whose Search opens /postings. */
export function Component() {
  const { productName } = useCollege();
  const title = `Welcome to ${productName} Postings`;
  usePageTitle(title);
  const navigate = useNavigate();
  const [filters, setFilters] = useState<SearchFilters>(emptyFilters('oncampus'));
  return (
    <div className={`page ${styles.page}`}>
      <h1>{title}</h1>
      <p className={styles.lead}>Choose where you want to live, narrow it down, and meet your future roommates.</p>
      <LocationTabs
        value={filters.location}
        onChange={(location) => setFilters({ ...filters, location })}
        panelId="welcome-filters"
        label="Listing location"
      />
      <div id="welcome-filters" role="tabpanel" aria-labelledby={`welcome-filters-tab-${filters.location}`}>
        <FilterBar
          filters={filters}
          onChange={setFilters}
          onReset={() => setFilters(emptyFilters(filters.location))}
          onSearch={() => navigate(`/postings?${filtersToParams(filters)}`)}
        />
      </div>
    </div>
  );
}
