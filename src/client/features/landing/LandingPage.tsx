import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LISTING_LOCATION_LABELS } from '../../../shared/options';
import { filtersToParams, type SearchFilters } from '../../../shared/schemas/filters';
import { useCollege } from '../../app/config-context';
import { usePageTitle } from '../../app/use-page-title';
import { PostingForm } from '../posting-editor';
import { emptyFilters, FilterBar } from '../postings/FilterBar';
import { LocationTabs } from '../postings/LocationTabs';
import { Backdrop } from './Backdrop';
import styles from './LandingPage.module.css';

/** / : the rotating campus backdrop, the location toggle, the search bar, and the posting form. */
export function Component() {
  const { productName, college } = useCollege();
  usePageTitle('Home');
  const navigate = useNavigate();
  const [filters, setFilters] = useState<SearchFilters>(emptyFilters('oncampus'));
  return (
    <div className={styles.landing}>
      <section className={styles.hero} aria-labelledby="landing-title">
        <Backdrop />
        <div className={styles.heroContent}>
          <h1 id="landing-title" className={styles.title}>
            {productName}
          </h1>
          <p className={styles.tagline}>Find your roommates and your home at {college.name}.</p>
          <LocationTabs
            value={filters.location}
            onChange={(location) => setFilters({ ...filters, location })}
            panelId="landing-search"
            label="Listing location"
            labels={LISTING_LOCATION_LABELS}
          />
          <div id="landing-search" role="tabpanel" aria-labelledby={`landing-search-tab-${filters.location}`}>
            <FilterBar
              filters={filters}
              onChange={setFilters}
              onReset={() => setFilters(emptyFilters(filters.location))}
              onSearch={() => navigate(`/postings?${filtersToParams(filters)}`)}
            />
          </div>
        </div>
      </section>
      <section className={styles.form} aria-label="Create a posting">
        <PostingForm />
      </section>
    </div>
  );
}
