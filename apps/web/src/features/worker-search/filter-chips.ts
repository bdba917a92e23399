import { qualificationLabel } from '@tendly/domain/qualifications';
import { skillLabel } from '@tendly/domain/skills';
import { emptyFilters, type FlagFilter, type SearchFilters } from './search-filters';
import { noExtras, type ConversationExtras } from './match-filters';
import {
  describeCareFor,
  describeDays,
  describeGender,
  describeLanguage,
  describeLocation,
  describeTimesOfDay,
  flagWording,
} from './filter-wording';

/**
 * The filters in force as a row of chips, one per thing the user can take away: each language,
 * skill and qualification on its own, the days together, the place and its radius together.
 */
export type ChipFilter =
  | 'location'
  | 'gender'
  | 'skillType'
  | 'availability'
  | 'carerLanguage'
  | 'qualifications'
  | 'keyword'
  | FlagFilter
  | 'timesOfDay'
  | 'careFor';

export interface FilterChip {
  /** Unique in the row: the filter and, for lists, the code. */
  readonly key: string;
  readonly label: string;
  readonly filter: ChipFilter;
  /** The code a list chip stands for. */
  readonly value?: string;
}

const flagOrder: readonly FlagFilter[] = ['hasVerifiedNDISScreening', 'driving', 'personalCare', 'newWorkersOnly', 'activeWorkersOnly'];

export function filterChips(filters: SearchFilters, extras: ConversationExtras = noExtras): FilterChip[] {
  const chips: FilterChip[] = [];
  const location = filters.location.trim();
  const keyword = filters.keyword.trim();
  if (extras.careFor) chips.push({ key: 'careFor', label: describeCareFor(extras.careFor), filter: 'careFor' });
  for (const code of filters.skillType) chips.push({ key: `skillType:${code}`, label: skillLabel(code), filter: 'skillType', value: code });
  if (location) chips.push({ key: 'location', label: describeLocation(location, filters.locationType), filter: 'location' });
  if (filters.availability.length) {
    const days = describeDays(filters.availability);
    chips.push({ key: 'availability', label: `Free ${days}`, filter: 'availability' });
  }
  if (extras.timesOfDay.length) chips.push({ key: 'timesOfDay', label: describeTimesOfDay(extras.timesOfDay), filter: 'timesOfDay' });
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

/** The filters and extras with one chip taken away. */
export function withoutChip(
  filters: SearchFilters,
  extras: ConversationExtras,
  chip: FilterChip,
): { filters: SearchFilters; extras: ConversationExtras } {
  switch (chip.filter) {
    case 'careFor':
      return { filters, extras: { ...extras, careFor: null } };
    case 'timesOfDay':
      return { filters, extras: { ...extras, timesOfDay: [] } };
    case 'location':
      return { filters: { ...filters, location: '', locationType: emptyFilters.locationType }, extras };
    case 'gender':
      return { filters: { ...filters, gender: 'ANY' }, extras };
    case 'keyword':
      return { filters: { ...filters, keyword: '' }, extras };
    case 'availability':
      return { filters: { ...filters, availability: [] }, extras };
    case 'skillType':
      return { filters: { ...filters, skillType: filters.skillType.filter((code) => code !== chip.value) }, extras };
    case 'carerLanguage':
      return { filters: { ...filters, carerLanguage: filters.carerLanguage.filter((code) => code !== chip.value) }, extras };
    case 'qualifications':
      return { filters: { ...filters, qualifications: filters.qualifications.filter((code) => code !== chip.value) }, extras };
    default:
      return { filters: { ...filters, [chip.filter]: false }, extras };
  }
}
