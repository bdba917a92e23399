import type { MatchFilters } from '@tendly/domain/api/search';
import type { CareFor } from '@tendly/domain/care-for';
import type { LocationType } from '@tendly/domain/job-options';
import { emptyFilters, type SearchFilters } from './search-filters';

/**
 * The AI worker match works on `MatchFilters` (the contract of POST /api/search/interpret). Its
 * filters are search filters, which live in the URL like any search. Who the support is for is
 * not a search parameter and filters nothing, so it is no chip: the conversation keeps it beside
 * the URL, with the radius the assistant chose itself (which it may widen or narrow again).
 */
export interface ConversationExtras {
  readonly careFor: CareFor | null;
  /** The radius the assistant chose, while the person has not changed it. */
  readonly autoRadius: LocationType | null;
}

export const noExtras: ConversationExtras = { careFor: null, autoRadius: null };

/** The filters so far, as the assistant's `current`: only what is set. */
export function toMatchFilters(filters: SearchFilters, extras: ConversationExtras): MatchFilters {
  const location = filters.location.trim();
  const keyword = filters.keyword.trim();
  return {
    ...(location ? { location, locationType: filters.locationType } : {}),
    ...(filters.gender !== 'ANY' ? { gender: filters.gender } : {}),
    ...(filters.skillType.length ? { skillType: [...filters.skillType] } : {}),
    ...(filters.availability.length ? { availability: [...filters.availability] } : {}),
    ...(filters.timesOfDay.length ? { timesOfDay: [...filters.timesOfDay] } : {}),
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
 * The assistant's answer back into search filters and who it is for. Its filters are the whole new
 * set (a filter it left out was removed), except what it does not know about: the sort order and
 * the new and active worker switches stay as the user set them.
 */
export function fromMatchFilters(match: MatchFilters, base: SearchFilters): { filters: SearchFilters; careFor: CareFor | null } {
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
      timesOfDay: match.timesOfDay ?? [],
      carerLanguage: match.carerLanguage ?? [],
      qualifications: match.qualifications ?? [],
      keyword: match.keyword ?? '',
      hasVerifiedNDISScreening: match.hasVerifiedNDISScreening === true,
      driving: match.driving === true,
      personalCare: match.personalCare === true,
    },
    careFor: match.careFor ?? null,
  };
}
