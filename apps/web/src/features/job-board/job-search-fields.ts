import type { PlaceSearchFields } from '../../platform/place-search-form';
import type { JobFilters } from './job-filters';
import type { NearMe } from './use-near-me';

/** The board's place and keywords (`PlaceSearchForm`). */
export const jobSearchFields: PlaceSearchFields = {
  name: 'Jobs',
  ids: { location: 'job-search-location', keyword: 'job-search-keyword' },
  placeholders: { location: 'e.g. Parramatta or 2150', keyword: 'e.g. dementia, shopping, weekends' },
  distanceHint: 'Add a place to search within a distance',
};

/**
 * "Jobs near …" beside Search: fills in the worker's own suburb, when we know it, and sorts the
 * nearest jobs first. Null when we do not know it, or the board already searches there.
 */
export function nearMeAction(filters: JobFilters, nearMe: NearMe | null, onSearch: (filters: JobFilters) => void) {
  if (nearMe === null || filters.location === nearMe.location) return null;
  return {
    label: `Jobs near ${nearMe.location}`,
    onClick: () => onSearch({ ...filters, location: nearMe.location, locationType: nearMe.locationType, sortType: 'nearest' }),
  };
}
