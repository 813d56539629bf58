/**
 * Saved searches in the browser, loaded lazily as one chunk by the postings page (the save button)
 * and the profile (the list), so neither page's first load grows (decision 0009's budget).
 */
export { SavedSearchList } from './SavedSearchList';
export { SaveSearchButton } from './SaveSearchButton';
