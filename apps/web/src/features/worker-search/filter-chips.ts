import { qualificationLabel } from '@tendly/domain/qualifications';
import { skillLabel } from '@tendly/domain/skills';
import { emptyFilters, type FlagFilter, type SearchFilters } from './search-filters';
import { describeDays, describeGender, describeLanguage, describeLocation, describeTimesOfDay, flagWording } from './filter-wording';

/**
 * The filters in force as a row of chips, one per thing the user can take away: each language,
 * skill and qualification on its own, the days together, the parts of the day together, the place
 * and its radius together. Every chip is a parameter of the search, so every chip filters; what
 * filters nothing (who the support is for) is no chip.
 */
export type ChipFilter =
  | 'location'
  | 'gender'
  | 'skillType'
  | 'availability'
  | 'timesOfDay'
  | 'carerLanguage'
  | 'qualifications'
  | 'keyword'
  | FlagFilter;

export interface FilterChip {
  /** Unique in the row: the filter and, for lists, the code. */
  readonly key: string;
  readonly label: string;
  readonly filter: ChipFilter;
  /** The code a list chip stands for. */
  readonly value?: string;
}

const flagOrder: readonly FlagFilter[] = ['hasVerifiedNDISScreening', 'driving', 'personalCare', 'newWorkersOnly', 'activeWorkersOnly'];

export function filterChips(filters: SearchFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  const location = filters.location.trim();
  const keyword = filters.keyword.trim();
  for (const code of filters.skillType) chips.push({ key: `skillType:${code}`, label: skillLabel(code), filter: 'skillType', value: code });
  if (location) chips.push({ key: 'location', label: describeLocation(location, filters.locationType), filter: 'location' });
  if (filters.availability.length) {
    const days = describeDays(filters.availability);
    chips.push({ key: 'availability', label: `Free ${days}`, filter: 'availability' });
  }
  if (filters.timesOfDay.length) chips.push({ key: 'timesOfDay', label: describeTimesOfDay(filters.timesOfDay), filter: 'timesOfDay' });
  if (filters.gender !== 'ANY') chips.push({ key: 'gender', label: describeGender(filters.gender), filter: 'gender' });
  for (const code of filters.carerLanguage) {
    chips.push({ key: `carerLanguage:${code}`, label: describeLanguage(code), filter: 'carerLanguage', value: code });
  }
  for (const code of filters.qualifications) {
    chips.push({ key: `qualifications:${code}`, label: qualificationLabel(code), filter: 'qualifications', value: code });
  }
  if (keyword) chips.push({ key: 'keyword', label: `Keywords: ${keyword}`, filter: 'keyword' });
  for (const flag of flagOrder) {
    if (filters[flag]) chips.push({ key: flag, label: flagWording[flag].chip, filter: flag });
  }
  return chips;
}

/** The filters with one chip taken away. */
export function withoutChip(filters: SearchFilters, chip: FilterChip): SearchFilters {
  switch (chip.filter) {
    case 'location':
      return { ...filters, location: '', locationType: emptyFilters.locationType };
    case 'gender':
      return { ...filters, gender: 'ANY' };
    case 'keyword':
      return { ...filters, keyword: '' };
    case 'availability':
      return { ...filters, availability: [] };
    case 'timesOfDay':
      return { ...filters, timesOfDay: [] };
    case 'skillType':
      return { ...filters, skillType: filters.skillType.filter((code) => code !== chip.value) };
    case 'carerLanguage':
      return { ...filters, carerLanguage: filters.carerLanguage.filter((code) => code !== chip.value) };
    case 'qualifications':
      return { ...filters, qualifications: filters.qualifications.filter((code) => code !== chip.value) };
    default:
      return { ...filters, [chip.filter]: false };
  }
}
