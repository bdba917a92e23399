import type { SearchSuggestion } from '../../platform/empty-search-results';
import { locationTypeCodes, locationTypeRadiusKm, type LocationType } from '@tendly/domain/job-options';
import { filterChips, withoutChip } from './filter-chips';
import { emptyFilters, hasAnyFilter, type SearchFilters } from './search-filters';

export type WorkerSearchSuggestion = SearchSuggestion<SearchFilters>;

/** The next radius out: 5 → 10 → 25 → 50 km → any distance; null when already any distance. */
export function widerLocationType(current: LocationType): LocationType | null {
  if (current === 'ANY') return null;
  const radii = locationTypeCodes.filter((code) => code !== 'ANY');
  const next = radii[radii.indexOf(current) + 1];
  return next ?? 'ANY';
}

/** At most this many "remove" buttons: beyond that, clearing everything is the better offer. */
const MAX_REMOVALS = 6;

/**
 * What to try when a search finds no one: concrete changes, each a button that makes it. A wider
 * radius first (the usual reason), then taking away one filter at a time, then starting afresh.
 */
export function searchSuggestions(filters: SearchFilters): WorkerSearchSuggestion[] {
  const suggestions: WorkerSearchSuggestion[] = [];
  const wider = filters.location.trim() ? widerLocationType(filters.locationType) : null;
  if (wider) {
    const radius = locationTypeRadiusKm(wider);
    suggestions.push({
      key: 'widen',
      label: radius === null ? 'Search any distance away' : `Widen the distance to ${radius} km`,
      filters: { ...filters, locationType: wider },
    });
  }
  const removable = filterChips(filters).filter((chip) => chip.filter !== 'location');
  for (const chip of removable.slice(0, MAX_REMOVALS)) {
    suggestions.push({ key: `remove:${chip.key}`, label: `Search without “${chip.label}”`, filters: withoutChip(filters, chip) });
  }
  if (hasAnyFilter(filters)) {
    suggestions.push({ key: 'clear', label: 'Clear all filters', filters: { ...emptyFilters, sortType: filters.sortType } });
  }
  return suggestions;
}
