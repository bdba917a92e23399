import type { WorkerSearchParams } from '@tendly/domain/api/search';
import { DEFAULT_LOCATION_TYPE, DEFAULT_SORT_TYPE, SEARCH_PAGE_SIZE } from '@tendly/domain/constants';
import { isOneOf, knownCodes } from '@tendly/domain/coded-options';
import { availabilitySlots, dayCodes, type AvailabilitySlot, type DayCode } from '@tendly/domain/days';
import {
  genderPreferenceCodes,
  locationTypeCodes,
  sortTypeCodes,
  type GenderPreference,
  type LocationType,
  type SortType,
} from '@tendly/domain/job-options';
import { languageCodes, type LanguageCode } from '@tendly/domain/languages';
import { qualificationCodes, type QualificationCode } from '@tendly/domain/qualifications';
import { skillCodes, type SkillCode } from '@tendly/domain/skills';
import type { PlaceSearch } from '../../platform/place-search-form';

/**
 * The worker search filters as the page holds them, and their place in the URL. The query string
 * is the one source of truth (shareable links; Back and Forward restore the filters), and its
 * parameter names are exactly the API's (spec section 7), so a search URL reads like the call.
 */
export interface SearchFilters extends PlaceSearch {
  readonly gender: GenderPreference;
  readonly sortType: SortType;
  readonly skillType: readonly SkillCode[];
  readonly availability: readonly DayCode[];
  /** Parts of the day the worker is free (on the days asked for). */
  readonly timesOfDay: readonly AvailabilitySlot[];
  readonly carerLanguage: readonly LanguageCode[];
  readonly hasVerifiedNDISScreening: boolean;
  readonly driving: boolean;
  readonly personalCare: boolean;
  readonly qualifications: readonly QualificationCode[];
  readonly newWorkersOnly: boolean;
  readonly activeWorkersOnly: boolean;
}

export type FlagFilter = 'hasVerifiedNDISScreening' | 'driving' | 'personalCare' | 'newWorkersOnly' | 'activeWorkersOnly';
export type ListFilter = 'skillType' | 'availability' | 'timesOfDay' | 'carerLanguage' | 'qualifications';

export const emptyFilters: SearchFilters = {
  location: '',
  locationType: DEFAULT_LOCATION_TYPE,
  gender: 'ANY',
  sortType: DEFAULT_SORT_TYPE,
  skillType: [],
  availability: [],
  timesOfDay: [],
  carerLanguage: [],
  keyword: '',
  hasVerifiedNDISScreening: false,
  driving: false,
  personalCare: false,
  qualifications: [],
  newWorkersOnly: false,
  activeWorkersOnly: false,
};

/** Every query parameter the filters own, in the order a URL writes them. */
export const filterParamNames = [
  'location',
  'locationType',
  'keyword',
  'sortType',
  'gender',
  'skillType',
  'availability',
  'timesOfDay',
  'carerLanguage',
  'qualifications',
  'hasVerifiedNDISScreening',
  'driving',
  'personalCare',
  'newWorkersOnly',
  'activeWorkersOnly',
] as const satisfies readonly (keyof SearchFilters)[];

const flagFilters = [
  'hasVerifiedNDISScreening',
  'driving',
  'personalCare',
  'newWorkersOnly',
  'activeWorkersOnly',
] as const satisfies readonly FlagFilter[];

function oneOf<C extends string>(codes: readonly C[], value: string | null, fallback: C): C {
  return isOneOf(codes, value) ? value : fallback;
}

/** The shared link's convenience form of a radius (`locationType=10`) is read as its code (`KM_10`). */
function locationTypeOf(value: string | null): LocationType {
  const code = value !== null && /^\d+$/.test(value) ? `KM_${value}` : value;
  return oneOf(locationTypeCodes, code, DEFAULT_LOCATION_TYPE);
}

/**
 * Reads the filters from a query string. A link may have been typed or edited by hand, so it is
 * read forgivingly: an unknown code or a malformed value is left out rather than refused, and
 * what remains is searched.
 */
export function filtersFromSearchParams(params: URLSearchParams): SearchFilters {
  const text = (name: string) => (params.get(name) ?? '').trim();
  return {
    location: text('location'),
    locationType: locationTypeOf(params.get('locationType')),
    gender: oneOf(genderPreferenceCodes, params.get('gender'), 'ANY'),
    sortType: oneOf(sortTypeCodes, params.get('sortType'), DEFAULT_SORT_TYPE),
    skillType: knownCodes(skillCodes, params.getAll('skillType')),
    availability: knownCodes(dayCodes, params.getAll('availability')),
    timesOfDay: knownCodes(availabilitySlots, params.getAll('timesOfDay')),
    carerLanguage: knownCodes(languageCodes, params.getAll('carerLanguage')),
    keyword: text('keyword'),
    qualifications: knownCodes(qualificationCodes, params.getAll('qualifications')),
    hasVerifiedNDISScreening: params.get('hasVerifiedNDISScreening') === 'true',
    driving: params.get('driving') === 'true',
    personalCare: params.get('personalCare') === 'true',
    newWorkersOnly: params.get('newWorkersOnly') === 'true',
    activeWorkersOnly: params.get('activeWorkersOnly') === 'true',
  };
}

/**
 * Writes the filters into a query string. Other parameters of `base` (such as `show=whiz`) are
 * kept; defaults and empty values are left out, so a plain search has a plain URL.
 */
export function searchParamsFromFilters(filters: SearchFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of base) {
    if (!(filterParamNames as readonly string[]).includes(name)) params.append(name, value);
  }
  const normal = filtersFromSearchParams(rawParams(filters));
  for (const [name, value] of rawParams(normal)) params.append(name, value);
  return params;
}

/** The filters as query parameters, without normalising: defaults and empty values left out. */
function rawParams(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  const location = filters.location.trim();
  const keyword = filters.keyword.trim();
  if (location) params.append('location', location);
  if (filters.locationType !== DEFAULT_LOCATION_TYPE) params.append('locationType', filters.locationType);
  if (keyword) params.append('keyword', keyword);
  if (filters.sortType !== DEFAULT_SORT_TYPE) params.append('sortType', filters.sortType);
  if (filters.gender !== 'ANY') params.append('gender', filters.gender);
  for (const name of ['skillType', 'availability', 'timesOfDay', 'carerLanguage', 'qualifications'] as const) {
    for (const value of filters[name]) params.append(name, value);
  }
  for (const name of flagFilters) {
    if (filters[name]) params.append(name, 'true');
  }
  return params;
}

/** The canonical query string of the filters alone: equal filters give equal strings. */
export function filtersKey(filters: SearchFilters): string {
  return searchParamsFromFilters(filters).toString();
}

/** One page of GET /api/search for these filters, starting at `start`. */
export function searchQuery(filters: SearchFilters, start: number) {
  const location = filters.location.trim();
  const keyword = filters.keyword.trim();
  const query = {
    ...(location ? { location, locationType: filters.locationType } : {}),
    ...(keyword ? { keyword } : {}),
    sortType: filters.sortType,
    ...(filters.gender !== 'ANY' ? { gender: filters.gender } : {}),
    skillType: [...filters.skillType],
    availability: [...filters.availability],
    timesOfDay: [...filters.timesOfDay],
    carerLanguage: [...filters.carerLanguage],
    qualifications: [...filters.qualifications],
    ...(filters.hasVerifiedNDISScreening ? { hasVerifiedNDISScreening: 'true' } : {}),
    ...(filters.driving ? { driving: 'true' } : {}),
    ...(filters.personalCare ? { personalCare: 'true' } : {}),
    ...(filters.newWorkersOnly ? { newWorkersOnly: 'true' } : {}),
    ...(filters.activeWorkersOnly ? { activeWorkersOnly: 'true' } : {}),
    start,
    limit: SEARCH_PAGE_SIZE,
  } satisfies WorkerSearchParams;
  return query;
}

/** Whether any filter narrows the search (the sort order does not). */
export function hasAnyFilter(filters: SearchFilters): boolean {
  return filtersKey({ ...filters, sortType: DEFAULT_SORT_TYPE }) !== '';
}
