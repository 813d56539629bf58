import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ListingLocation } from '../../../shared/options';
import { emptyFilters, filtersToParams } from '../../../shared/schemas/filter-params';
import type { SearchFilters } from '../../../shared/schemas/filters';
import { FilterBar } from './FilterBar';
import { LocationTabs } from './LocationTabs';

/** The page's address names the location its tabs start on (`?location=offcampus`). */
const LOCATION_PARAM = 'location';

/**
 * The location tabs and the filter bar whose Search opens /postings with the chosen filters
 * (the landing page's search bar and the welcome page). Each tab is a link to this page with its
 * location (issue 31): a tap before the scripts, or without them, opens the page drawn with that
 * tab and its fields; once the scripts are here the choice is made in place.
 */
export function SearchLauncher({ panelId, labels }: { panelId: string; labels?: Record<ListingLocation, string> }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [filters, setFilters] = useState<SearchFilters>(() =>
    emptyFilters(params.get(LOCATION_PARAM) === 'offcampus' ? 'offcampus' : 'oncampus'),
  );
  return (
    <>
      <LocationTabs
        value={filters.location}
        onChange={(location) => setFilters({ ...filters, location })}
        hrefFor={(location) => `${pathname}?${new URLSearchParams({ [LOCATION_PARAM]: location })}`}
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
