import { locationTypeCodes, locationTypeRadiusKm } from '@tendly/domain/job-options';
import type { SearchSuggestion } from '../../platform/empty-search-results';
import { emptyJobFilters, hasAnyJobFilter, type JobFilters } from './job-filters';

export type JobSearchSuggestion = SearchSuggestion<JobFilters>;

/**
 * What to try when the board finds no jobs: concrete changes, each a button that makes it. A
 * wider distance first (the usual reason), then one filter fewer at a time, then starting afresh.
 */
export function jobSearchSuggestions(filters: JobFilters): JobSearchSuggestion[] {
  const suggestions: JobSearchSuggestion[] = [];
  if (filters.location && filters.locationType !== 'ANY') {
    const index = locationTypeCodes.indexOf(filters.locationType);
    const wider = locationTypeCodes[index + 1];
    const km = wider ? locationTypeRadiusKm(wider) : null;
    if (wider && km !== null) {
      suggestions.push({ key: 'widen', label: `Widen the distance to ${km} km`, filters: { ...filters, locationType: wider } });
    } else {
      suggestions.push({ key: 'widen', label: 'Search any distance', filters: { ...filters, locationType: 'ANY' } });
    }
  }
  if (filters.keyword) {
    suggestions.push({ key: 'keyword', label: `Search without “${filters.keyword}”`, filters: { ...filters, keyword: '' } });
  }
  if (filters.skillType.length > 0) {
    suggestions.push({ key: 'skillType', label: 'Show every type of support', filters: { ...filters, skillType: [] } });
  }
  if (filters.availability.length > 0) {
    suggestions.push({ key: 'availability', label: 'Show jobs on any day', filters: { ...filters, availability: [] } });
  }
  if (filters.payingForCareType.length > 0) {
    suggestions.push({ key: 'payingForCareType', label: 'Show jobs however they are paid', filters: { ...filters, payingForCareType: [] } });
  }
  if (filters.location) {
    suggestions.push({
      key: 'location',
      label: `Search everywhere, not just ${filters.location}`,
      filters: { ...filters, location: '', locationType: 'ANY', sortType: 'newest' },
    });
  }
  if (suggestions.length > 1 && hasAnyJobFilter(filters)) {
    suggestions.push({ key: 'clear', label: 'Clear all filters', filters: emptyJobFilters });
  }
  return suggestions;
}
