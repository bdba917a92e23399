import { describe, expect, it } from 'vitest';
import { emptyJobFilters, jobFiltersFromSearchParams, jobSearchQuery, searchParamsFromJobFilters } from './job-filters';
import { radiusFor } from './use-near-me';

describe('job board filters', () => {
  it('round-trips through the URL, keeping other parameters and leaving defaults out', () => {
    const params = new URLSearchParams('utm_source=email&payingForCareType=PRIVATE&location=%20Newtown%20&locationType=10&sortType=nearest');
    const filters = jobFiltersFromSearchParams(params);
    expect(filters).toMatchObject({ location: 'Newtown', locationType: 'KM_10', sortType: 'nearest', payingForCareType: ['PRIVATE'] });
    expect(searchParamsFromJobFilters(filters, params).toString()).toBe(
      'utm_source=email&location=Newtown&locationType=KM_10&sortType=nearest&payingForCareType=PRIVATE',
    );
    expect(searchParamsFromJobFilters(emptyJobFilters).toString()).toBe('');
  });

  it('drops a distance and nearest-first when there is no place, as the API would refuse them', () => {
    const filters = { ...emptyJobFilters, locationType: 'KM_5' as const, sortType: 'nearest' as const };
    expect(searchParamsFromJobFilters(filters).toString()).toBe('');
    expect(jobSearchQuery(filters, 0)).toEqual({ sortType: 'newest', skillType: [], availability: [], payingForCareType: [], start: 0, limit: 25 });
  });

  it('keeps known codes only, once each, in the reference order', () => {
    const filters = jobFiltersFromSearchParams(new URLSearchParams('availability=sun&availability=mon&availability=mon&availability=someday'));
    expect(filters.availability).toEqual(['mon', 'sun']);
  });
});

describe('"Near me" radius', () => {
  it('covers how far the worker travels, the widest distance beyond that, and the job alert distance when unknown', () => {
    expect(radiusFor(3)).toBe('KM_5');
    expect(radiusFor(10)).toBe('KM_10');
    expect(radiusFor(11)).toBe('KM_25');
    expect(radiusFor(120)).toBe('KM_50');
    expect(radiusFor(null)).toBe('KM_25');
  });
});
