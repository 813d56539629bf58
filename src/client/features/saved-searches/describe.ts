import { LISTING_LOCATION_LABELS } from '../../../shared/options';
import { SAVED_SEARCH_NAME_MAX } from '../../../shared/saved-searches';
import type { PublicConfig } from '../../../shared/schemas/college';
import type { SearchFilters } from '../../../shared/schemas/filters';
import { describeFilters } from '../../common/posting-text';

/** 'On-Campus: Walsh Hall, Group of 2', or 'All On-Campus postings' with no filter. */
export function searchSummary(config: PublicConfig, filters: SearchFilters): string {
  const parts = describeFilters(config, filters);
  const place = LISTING_LOCATION_LABELS[filters.location];
  return parts.length === 0 ? `All ${place} postings` : `${place}: ${parts.join(', ')}`;
}

/** A name to start from: the summary, cut to the longest name allowed. */
export function suggestedName(config: PublicConfig, filters: SearchFilters): string {
  const summary = searchSummary(config, filters);
  return summary.length <= SAVED_SEARCH_NAME_MAX ? summary : `${summary.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…`;
}
