import { describe, expect, it } from 'vitest';
import { workerSearchQuerySchema } from '@tendly/domain/api/search';
import {
  emptyFilters,
  filtersFromSearchParams,
  hasAnyFilter,
  searchParamsFromFilters,
  searchQuery,
  type SearchFilters,
} from './search-filters';

const everyFilter: SearchFilters = {
  location: 'Marrickville NSW',
  locationType: 'KM_10',
  gender: 'FEMALE',
  sortType: 'newest',
  skillType: ['DEMENTIA', 'PC'],
  availability: ['mon', 'wed'],
  timesOfDay: ['morning', 'evening'],
  carerLanguage: ['el', 'it'],
  keyword: 'gardening',
  hasVerifiedNDISScreening: true,
  driving: true,
  personalCare: true,
  qualifications: ['CERT3_INDIVIDUAL_SUPPORT'],
  newWorkersOnly: true,
  activeWorkersOnly: true,
};

describe('search filters in the URL', () => {
  it('round-trips every filter through the query string, with the API parameter names', () => {
    const params = searchParamsFromFilters(everyFilter);
    expect(params.toString()).toBe(
      'location=Marrickville+NSW&locationType=KM_10&keyword=gardening&sortType=newest&gender=FEMALE' +
        '&skillType=DEMENTIA&skillType=PC&availability=mon&availability=wed&timesOfDay=morning&timesOfDay=evening' +
        '&carerLanguage=el&carerLanguage=it' +
        '&qualifications=CERT3_INDIVIDUAL_SUPPORT&hasVerifiedNDISScreening=true&driving=true&personalCare=true' +
        '&newWorkersOnly=true&activeWorkersOnly=true',
    );
    expect(filtersFromSearchParams(params)).toEqual(everyFilter);
  });

  it('gives a plain search a plain URL: defaults and empty values are left out', () => {
    expect(searchParamsFromFilters(emptyFilters).toString()).toBe('');
    expect(searchParamsFromFilters({ ...emptyFilters, location: '  ', keyword: ' ' }).toString()).toBe('');
    expect(filtersFromSearchParams(new URLSearchParams())).toEqual(emptyFilters);
  });

  it('keeps parameters that are not filters, such as show=whiz', () => {
    const base = new URLSearchParams('show=whiz&skillType=AUTISM');
    const params = searchParamsFromFilters({ ...emptyFilters, carerLanguage: ['ar'] }, base);
    expect(params.toString()).toBe('show=whiz&carerLanguage=ar');
  });

  it('reads a hand-edited link forgivingly: unknown codes and bad values are dropped, codes put in list order', () => {
    const filters = filtersFromSearchParams(
      new URLSearchParams(
        'skillType=PC&skillType=NOPE&skillType=DEMENTIA&skillType=PC&availability=funday&availability=sat' +
          '&gender=robot&sortType=cheapest&locationType=3&driving=yes&personalCare=true&carerLanguage=xx',
      ),
    );
    expect(filters).toEqual({ ...emptyFilters, skillType: ['DEMENTIA', 'PC'], availability: ['sat'], personalCare: true });
  });

  it('reads the bare number of kilometres of a shared link as the radius code', () => {
    expect(filtersFromSearchParams(new URLSearchParams('location=2204&locationType=25')).locationType).toBe('KM_25');
  });

  it('asks the API for 25 workers from `start`, in a form the API schema accepts', () => {
    const query = searchQuery(everyFilter, 50);
    expect(query).toMatchObject({ start: 50, limit: 25, location: 'Marrickville NSW', locationType: 'KM_10', driving: 'true' });
    const parsed = workerSearchQuerySchema.parse(query);
    expect(parsed).toMatchObject({ ...everyFilter, start: 50, limit: 25 });
  });

  it('sends no radius without a place, and no switches that are off', () => {
    const query = searchQuery({ ...emptyFilters, locationType: 'KM_5' }, 0);
    expect(query).toEqual({ sortType: 'bestMatch', skillType: [], availability: [], timesOfDay: [], carerLanguage: [], qualifications: [], start: 0, limit: 25 });
  });

  it('counts the sort order as no filter', () => {
    expect(hasAnyFilter({ ...emptyFilters, sortType: 'newest' })).toBe(false);
    expect(hasAnyFilter({ ...emptyFilters, driving: true })).toBe(true);
  });
});
