import type { PlaceSearchFields } from '../../platform/place-search-form';

/** The worker search's place, radius and keywords (`PlaceSearchForm`), with Search alone. */
export const workerSearchFields: PlaceSearchFields = {
  name: 'Workers',
  ids: { location: 'search-location', keyword: 'search-keyword' },
  placeholders: { location: 'e.g. Marrickville or 2204', keyword: 'e.g. gardening, cooking' },
};
