import { describe, expect, it } from 'vitest';
import { filterChips, withoutChip } from './filter-chips';
import { noExtras } from './match-filters';
import { emptyFilters } from './search-filters';
import { searchSuggestions, widerLocationType } from './search-suggestions';

describe('filter chips', () => {
  const filters = {
    ...emptyFilters,
    location: 'Marrickville',
    locationType: 'KM_10' as const,
    gender: 'FEMALE' as const,
    skillType: ['DEMENTIA' as const],
    availability: ['mon' as const, 'tue' as const, 'wed' as const, 'thu' as const, 'fri' as const],
    carerLanguage: ['el' as const],
    driving: true,
  };
  const extras = { timesOfDay: ['morning' as const], careFor: 'Immediate Family' as const };

  it('names each filter in plain words, with the extras of a conversation', () => {
    expect(filterChips(filters, extras).map((chip) => chip.label)).toEqual([
      'For a member of my immediate family',
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
    const chips = filterChips(filters, extras);
    const greek = chips.find((chip) => chip.key === 'carerLanguage:el');
    const place = chips.find((chip) => chip.key === 'location');
    const mornings = chips.find((chip) => chip.key === 'timesOfDay');
    if (!greek || !place || !mornings) throw new Error('chips missing');
    expect(withoutChip(filters, extras, greek)).toEqual({ filters: { ...filters, carerLanguage: [] }, extras });
    expect(withoutChip(filters, extras, place).filters).toEqual({ ...filters, location: '', locationType: 'ANY' });
    expect(withoutChip(filters, extras, mornings)).toEqual({ filters, extras: { ...extras, timesOfDay: [] } });
  });

  it('has none for an empty search', () => {
    expect(filterChips(emptyFilters, noExtras)).toEqual([]);
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
