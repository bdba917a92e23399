import { describe, expect, it } from 'vitest';
import { workerSearchQuerySchema } from '@tendly/domain/api/search';
import { filterChips, withoutChip } from './filter-chips';
import { emptyFilters, hasAnyFilter, searchQuery, type SearchFilters } from './search-filters';
import { searchSuggestions, widerLocationType } from './search-suggestions';

describe('filter chips', () => {
  const filters: SearchFilters = {
    ...emptyFilters,
    location: 'Marrickville',
    locationType: 'KM_10',
    gender: 'FEMALE',
    skillType: ['DEMENTIA'],
    availability: ['mon', 'tue', 'wed', 'thu', 'fri'],
    timesOfDay: ['morning'],
    carerLanguage: ['el'],
    driving: true,
  };

  it('names each filter in plain words', () => {
    expect(filterChips(filters).map((chip) => chip.label)).toEqual([
      'Dementia',
      'Within 10 km of Marrickville',
      'Free on weekdays',
      'Mornings',
      'Female worker',
      'Speaks Greek',
      'Drives',
    ]);
  });

  it('takes one chip away and leaves the rest', () => {
    const chips = filterChips(filters);
    const greek = chips.find((chip) => chip.key === 'carerLanguage:el');
    const place = chips.find((chip) => chip.key === 'location');
    const mornings = chips.find((chip) => chip.key === 'timesOfDay');
    if (!greek || !place || !mornings) throw new Error('chips missing');
    expect(withoutChip(filters, greek)).toEqual({ ...filters, carerLanguage: [] });
    expect(withoutChip(filters, place)).toEqual({ ...filters, location: '', locationType: 'ANY' });
    expect(withoutChip(filters, mornings)).toEqual({ ...filters, timesOfDay: [] });
  });

  it('shows only chips that filter: each one changes the search the API is sent (issue 11)', () => {
    const everything: SearchFilters = {
      ...filters,
      keyword: 'chess',
      carerLanguage: ['el', 'it'],
      qualifications: ['FIRST_AID'],
      hasVerifiedNDISScreening: true,
      personalCare: true,
      newWorkersOnly: true,
      activeWorkersOnly: true,
    };
    const sent = (value: SearchFilters) => workerSearchQuerySchema.parse(searchQuery(value, 0));
    const chips = filterChips(everything);
    expect(chips).toHaveLength(14);
    for (const chip of chips) {
      expect(sent(withoutChip(everything, chip)), chip.label).not.toEqual(sent(everything));
    }
    // And nothing is left to filter once every chip is gone.
    const bare = chips.reduce((value, chip) => withoutChip(value, chip), everything);
    expect(hasAnyFilter(bare)).toBe(false);
  });

  it('has none for an empty search', () => {
    expect(filterChips(emptyFilters)).toEqual([]);
  });
});

describe('suggestions when nothing is found', () => {
  it('widens the radius step by step, up to any distance', () => {
    expect(widerLocationType('KM_5')).toBe('KM_10');
    expect(widerLocationType('KM_25')).toBe('KM_50');
    expect(widerLocationType('KM_50')).toBe('ANY');
    expect(widerLocationType('ANY')).toBeNull();
  });

  it('offers a wider radius, then taking away each filter, then clearing them all', () => {
    const filters = { ...emptyFilters, location: '2204', locationType: 'KM_5' as const, carerLanguage: ['el' as const], keyword: 'chess', sortType: 'newest' as const };
    const suggestions = searchSuggestions(filters);
    expect(suggestions.map((suggestion) => suggestion.label)).toEqual([
      'Widen the distance to 10 km',
      'Search without “Speaks Greek”',
      'Search without “Keywords: chess”',
      'Clear all filters',
    ]);
    expect(suggestions[0]?.filters.locationType).toBe('KM_10');
    expect(suggestions[1]?.filters.carerLanguage).toEqual([]);
    expect(suggestions[3]?.filters).toEqual({ ...emptyFilters, sortType: 'newest' });
  });

  it('has nothing to suggest for a search with no filters', () => {
    expect(searchSuggestions(emptyFilters)).toEqual([]);
  });
});
