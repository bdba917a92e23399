import { toCodedOptions } from './coded-options';
import { genderCodes, genderLabels } from './profile-options';
import type { SkillGroupCode } from './skills';

/**
 * Job `locationType` and search `locationType` (spec sections 3 and 7): ANY, or a radius around
 * the job's or searcher's location. Radius codes are strings (`KM_10`) so the value is one enum
 * in forms, query strings and the database; `locationTypeRadiusKm` turns one into a number.
 */
export const locationTypeCodes = ['ANY', 'KM_5', 'KM_10', 'KM_25', 'KM_50'] as const;
export type LocationType = (typeof locationTypeCodes)[number];

const locationTypeRadii: Record<LocationType, number | null> = {
  ANY: null,
  KM_5: 5,
  KM_10: 10,
  KM_25: 25,
  KM_50: 50,
};

export const locationTypes = toCodedOptions(locationTypeCodes, {
  ANY: 'Any distance',
  KM_5: 'Within 5 km',
  KM_10: 'Within 10 km',
  KM_25: 'Within 25 km',
  KM_50: 'Within 50 km',
});

/** Radius in kilometres, or null for ANY (no distance limit). */
export function locationTypeRadiusKm(type: LocationType): number | null {
  return locationTypeRadii[type];
}

/** How the care is paid for (job `payingForCareType`). Support at Home replaced Home Care Packages on 1 November 2025 (ndis.md). */
export const payingForCareTypeCodes = [
  'NONE',
  'PRIVATE',
  'NDIS_SELF_MANAGED',
  'NDIS_PLAN_MANAGED',
  'NDIS_AGENCY_MANAGED',
  'HOME_CARE_PACKAGE',
  'SUPPORT_AT_HOME',
] as const;
export type PayingForCareType = (typeof payingForCareTypeCodes)[number];

export const payingForCareTypes = toCodedOptions(payingForCareTypeCodes, {
  NONE: 'Not sure yet',
  PRIVATE: 'Paying privately',
  NDIS_SELF_MANAGED: 'NDIS (self-managed)',
  NDIS_PLAN_MANAGED: 'NDIS (plan-managed)',
  NDIS_AGENCY_MANAGED: 'NDIS (agency-managed)',
  HOME_CARE_PACKAGE: 'Home Care Package',
  SUPPORT_AT_HOME: 'Support at Home',
});

/** NDIS-funded types, where line items and price limits apply. */
export function isNdisFunded(type: PayingForCareType): boolean {
  return type === 'NDIS_SELF_MANAGED' || type === 'NDIS_PLAN_MANAGED' || type === 'NDIS_AGENCY_MANAGED';
}

/** Whether restrictive practices (under a behaviour support plan) are in place (job `restrictivePractices`). */
export const restrictivePracticesCodes = ['YES', 'NO', 'UNSURE'] as const;
export type RestrictivePractices = (typeof restrictivePracticesCodes)[number];

export const restrictivePracticesOptions = toCodedOptions(restrictivePracticesCodes, {
  YES: 'Yes',
  NO: 'No',
  UNSURE: 'Not sure',
});

/** Job `supportCategory`: the same four groups as the skills (spec section 3). */
export const supportCategoryCodes = [
  'AGED_CARE',
  'DISABILITY',
  'MENTAL_HEALTH',
  'OTHER_CARE',
] as const satisfies readonly SkillGroupCode[];
export type SupportCategory = (typeof supportCategoryCodes)[number];

export const supportCategories = toCodedOptions(supportCategoryCodes, {
  AGED_CARE: 'Aged care',
  DISABILITY: 'Disability support',
  MENTAL_HEALTH: 'Mental health support',
  OTHER_CARE: 'Other care',
});

/** Experience a job asks of a worker (job `experience`), as minimum years. */
export const experienceLevelCodes = ['ANY', 'YEARS_1', 'YEARS_3', 'YEARS_5'] as const;
export type ExperienceLevel = (typeof experienceLevelCodes)[number];

export const experienceLevels: readonly { code: ExperienceLevel; label: string; minYears: number }[] = [
  { code: 'ANY', label: 'Any experience', minYears: 0 },
  { code: 'YEARS_1', label: 'At least 1 year', minYears: 1 },
  { code: 'YEARS_3', label: 'At least 3 years', minYears: 3 },
  { code: 'YEARS_5', label: 'At least 5 years', minYears: 5 },
];

/** Preferred worker gender (job `gender`, search `gender`): ANY or one of the genders. */
export const genderPreferenceCodes = ['ANY', ...genderCodes] as const;
export type GenderPreference = (typeof genderPreferenceCodes)[number];

export const genderPreferences = toCodedOptions(genderPreferenceCodes, { ANY: 'No preference', ...genderLabels });

/** Search sort (spec section 9): bestMatch by default; lists sort by lastActive or newest. */
export const sortTypeCodes = ['bestMatch', 'lastActive', 'newest'] as const;
export type SortType = (typeof sortTypeCodes)[number];

export const sortTypes = toCodedOptions(sortTypeCodes, {
  bestMatch: 'Best match',
  lastActive: 'Recently active',
  newest: 'Newest',
});

/** Newsletter subscription types (spec section 3), sent as `userType` to POST /support. */
export const newsletterSubscriptionTypeCodes = ['careseeker', 'careworker', 'industryProfessional'] as const;
export type NewsletterSubscriptionType = (typeof newsletterSubscriptionTypeCodes)[number];

export const newsletterSubscriptionTypes = toCodedOptions(newsletterSubscriptionTypeCodes, {
  careseeker: "I'm looking for care",
  careworker: "I'm a care or support worker",
  industryProfessional: "I'm an industry professional",
});
