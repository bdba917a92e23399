import type { MatchFilters } from '@tendly/domain/api/search';
import type { CareFor } from '@tendly/domain/care-for';
import type { AvailabilitySlot } from '@tendly/domain/days';
import { emptyFilters, type SearchFilters } from './search-filters';

/**
 * The AI worker match works on `MatchFilters` (the contract of POST /api/search/interpret). Most
 * of them are search filters, which live in the URL like any search; the parts of the day and who
 * the support is for are not search parameters, so the conversation keeps them beside the URL.
 */
export interface ConversationExtras {
  readonly timesOfDay: readonly AvailabilitySlot[];
  readonly careFor: CareFor | null;
}

export const noExtras: ConversationExtras = { timesOfDay: [], careFor: null };

/** The filters so far, as the assistant's `current`: only what is set. */
export function toMatchFilters(filters: SearchFilters, extras: ConversationExtras): MatchFilters {
  const location = filters.location.trim();
  const keyword = filters.keyword.trim();
  return {
    ...(location ? { location, locationType: filters.locationType } : {}),
    ...(filters.gender !== 'ANY' ? { gender: filters.gender } : {}),
    ...(filters.skillType.length ? { skillType: [...filters.skillType] } : {}),
    ...(filters.availability.length ? { availability: [...filters.availability] } : {}),
    ...(extras.timesOfDay.length ? { timesOfDay: [...extras.timesOfDay] } : {}),
    ...(filters.carerLanguage.length ? { carerLanguage: [...filters.carerLanguage] } : {}),
    ...(filters.qualifications.length ? { qualifications: [...filters.qualifications] } : {}),
    ...(keyword ? { keyword } : {}),
    ...(filters.hasVerifiedNDISScreening ? { hasVerifiedNDISScreening: true } : {}),
    ...(filters.driving ? { driving: true } : {}),
    ...(filters.personalCare ? { personalCare: true } : {}),
    ...(extras.careFor ? { careFor: extras.careFor } : {}),
  };
}

/**
 * The assistant's answer back into search filters and extras. Its filters are the whole new set
 * (a filter it left out was removed), except what it does not know about: the sort order and the
 * new and active worker switches stay as the user set them.
 */
export function fromMatchFilters(match: MatchFilters, base: SearchFilters): { filters: SearchFilters; extras: ConversationExtras } {
  return {
    filters: {
      ...emptyFilters,
      sortType: base.sortType,
      newWorkersOnly: base.newWorkersOnly,
      activeWorkersOnly: base.activeWorkersOnly,
      location: match.location ?? '',
      locationType: match.location ? (match.locationType ?? emptyFilters.locationType) : emptyFilters.locationType,
      gender: match.gender ?? 'ANY',
      skillType: match.skillType ?? [],
      availability: match.availability ?? [],
      carerLanguage: match.carerLanguage ?? [],
      qualifications: match.qualifications ?? [],
      keyword: match.keyword ?? '',
      hasVerifiedNDISScreening: match.hasVerifiedNDISScreening === true,
      driving: match.driving === true,
      personalCare: match.personalCare === true,
    },
    extras: { timesOfDay: match.timesOfDay ?? [], careFor: match.careFor ?? null },
  };
}
