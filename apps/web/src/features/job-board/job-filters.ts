import { jobSortCodes, type JobSearchParams, type JobSort } from '@tendly/domain/api/jobs';
import { DEFAULT_LOCATION_TYPE, SEARCH_PAGE_SIZE } from '@tendly/domain/constants';
import { isOneOf, knownCodes } from '@tendly/domain/coded-options';
import { dayCodes, type DayCode } from '@tendly/domain/days';
import { locationTypeCodes, payingForCareTypeCodes, type LocationType, type PayingForCareType } from '@tendly/domain/job-options';
import { skillCodes, type SkillCode } from '@tendly/domain/skills';
import type { PlaceSearch } from '../../platform/place-search-form';

/**
 * The job board's filters as the page holds them, and their place in the URL. The query string
 * is the one source of truth (a search can be shared or bookmarked; Back and Forward restore it),
 * with the API's own parameter names, so a board URL reads like the call it makes.
 *
 * A distance and the nearest-first sort only mean something around a place: without a location
 * they fall back to any distance and newest first, as the API would refuse them.
 */
export interface JobFilters extends PlaceSearch {
  readonly sortType: JobSort;
  readonly skillType: readonly SkillCode[];
  readonly availability: readonly DayCode[];
  readonly payingForCareType: readonly PayingForCareType[];
}

export const DEFAULT_JOB_SORT: JobSort = 'newest';

export const emptyJobFilters: JobFilters = {
  location: '',
  locationType: DEFAULT_LOCATION_TYPE,
  keyword: '',
  sortType: DEFAULT_JOB_SORT,
  skillType: [],
  availability: [],
  payingForCareType: [],
};

/** Every query parameter the filters own, in the order a URL writes them. */
const filterParamNames = ['location', 'locationType', 'keyword', 'sortType', 'skillType', 'availability', 'payingForCareType'] as const;

/** A shared link may write a radius as a number (`locationType=10`), as the API accepts. */
function locationTypeOf(value: string | null): LocationType {
  const code = value !== null && /^\d+$/.test(value) ? `KM_${value}` : value;
  return isOneOf(locationTypeCodes, code) ? code : DEFAULT_LOCATION_TYPE;
}

/** Keeps the rules that tie the filters together: distance and nearest-first need a place. */
function normalised(filters: JobFilters): JobFilters {
  const location = filters.location.trim();
  return {
    ...filters,
    location,
    keyword: filters.keyword.trim(),
    locationType: location ? filters.locationType : DEFAULT_LOCATION_TYPE,
    sortType: location ? filters.sortType : DEFAULT_JOB_SORT,
    skillType: knownCodes(skillCodes, filters.skillType),
    availability: knownCodes(dayCodes, filters.availability),
    payingForCareType: knownCodes(payingForCareTypeCodes, filters.payingForCareType),
  };
}

/**
 * Reads the filters from a query string, forgivingly: a link may have been typed or edited by
 * hand, so an unknown code or a malformed value is left out rather than refused.
 */
export function jobFiltersFromSearchParams(params: URLSearchParams): JobFilters {
  const sortType = params.get('sortType');
  return normalised({
    location: params.get('location') ?? '',
    locationType: locationTypeOf(params.get('locationType')),
    keyword: params.get('keyword') ?? '',
    sortType: isOneOf(jobSortCodes, sortType) ? sortType : DEFAULT_JOB_SORT,
    skillType: knownCodes(skillCodes, params.getAll('skillType')),
    availability: knownCodes(dayCodes, params.getAll('availability')),
    payingForCareType: knownCodes(payingForCareTypeCodes, params.getAll('payingForCareType')),
  });
}

/**
 * Writes the filters into a query string, keeping other parameters of `base`; defaults and empty
 * values are left out, so a plain board has a plain URL.
 */
export function searchParamsFromJobFilters(filters: JobFilters, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of base) {
    if (!(filterParamNames as readonly string[]).includes(name)) params.append(name, value);
  }
  const normal = normalised(filters);
  if (normal.location) params.append('location', normal.location);
  if (normal.locationType !== DEFAULT_LOCATION_TYPE) params.append('locationType', normal.locationType);
  if (normal.keyword) params.append('keyword', normal.keyword);
  if (normal.sortType !== DEFAULT_JOB_SORT) params.append('sortType', normal.sortType);
  for (const name of ['skillType', 'availability', 'payingForCareType'] as const) {
    for (const value of normal[name]) params.append(name, value);
  }
  return params;
}

/** The canonical query string of the filters alone: equal filters give equal strings. */
export function jobFiltersKey(filters: JobFilters): string {
  return searchParamsFromJobFilters(filters).toString();
}

/** Whether any filter narrows the board (the sort order does not). */
export function hasAnyJobFilter(filters: JobFilters): boolean {
  return jobFiltersKey({ ...filters, sortType: DEFAULT_JOB_SORT }) !== '';
}

/** One page of GET /api/jobs/search for these filters, from `start` (25 a page, spec section 9). */
export function jobSearchQuery(filters: JobFilters, start: number) {
  const normal = normalised(filters);
  return {
    ...(normal.location ? { location: normal.location, locationType: normal.locationType } : {}),
    ...(normal.keyword ? { keyword: normal.keyword } : {}),
    sortType: normal.sortType,
    skillType: [...normal.skillType],
    availability: [...normal.availability],
    payingForCareType: [...normal.payingForCareType],
    start,
    limit: SEARCH_PAGE_SIZE,
  } satisfies JobSearchParams;
}
