import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ListingLocation } from '../../../shared/options';
import { emptyFilters, filtersToParams } from '../../../shared/schemas/filter-params';
import type { SearchFilters } from '../../../shared/schemas/filters';
import { FilterBar } from './FilterBar';
import { LocationTabs } from './LocationTabs';

/**
 * The location tabs and the filter bar whose Search opens /postings with the chosen filters
 * (the landing page's search bar and the welcome page).
 */
export function SearchLauncher({ panelId, labels }: { panelId: string; labels?: Record<ListingLocation, string> }) {
  const navigate = useNavigate();
  const [filters, setFilters] = useState<SearchFilters>(emptyFilters('oncampus'));
  return (
    <>
      <LocationTabs
        value={filters.location}
        onChange={(location) => setFilters({ ...filters, location })}
        panelId={panelId}
        label="Listing location"
        labels={labels}
      />
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${filters.location}`}>
        <FilterBar
          filters={filters}
          onChange={setFilters}
          onReset={() => setFilters(emptyFilters(filters.location))}
          onSearch={() => navigate(`/postings?${filtersToParams(filters)}`)}
        />
      </div>
    </>
  );
}
