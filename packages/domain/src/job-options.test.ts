import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCATION_TYPE,
  DEFAULT_PAYING_FOR_CARE_TYPE,
  DEFAULT_RESTRICTIVE_PRACTICES,
  DEFAULT_SORT_TYPE,
} from './constants';
import {
  experienceLevels,
  genderPreferenceCodes,
  isNdisFunded,
  locationTypeCodes,
  locationTypeRadiusKm,
  locationTypes,
  newsletterSubscriptionTypeCodes,
  payingForCareTypeCodes,
  restrictivePracticesCodes,
  sortTypeCodes,
  supportCategoryCodes,
  type LocationType,
  type PayingForCareType,
  type RestrictivePractices,
  type SortType,
} from './job-options';
import { skillGroupCodes } from './skills';

describe('job defaults', () => {
  it('are members of their lists (spec section 9)', () => {
    // Assignments prove it to the compiler, expectations at run time.
    const locationType: LocationType = DEFAULT_LOCATION_TYPE;
    const payingForCareType: PayingForCareType = DEFAULT_PAYING_FOR_CARE_TYPE;
    const restrictivePractices: RestrictivePractices = DEFAULT_RESTRICTIVE_PRACTICES;
    const sortType: SortType = DEFAULT_SORT_TYPE;
    expect(locationTypeCodes).toContain(locationType);
    expect(payingForCareTypeCodes).toContain(payingForCareType);
    expect(restrictivePracticesCodes).toContain(restrictivePractices);
    expect(sortTypeCodes).toContain(sortType);
  });
});

describe('location types', () => {
  it('are ANY or a radius in km', () => {
    expect(locationTypes.map((type) => type.code)).toEqual(['ANY', 'KM_5', 'KM_10', 'KM_25', 'KM_50']);
    expect(locationTypeRadiusKm('ANY')).toBeNull();
    expect(locationTypeRadiusKm('KM_25')).toBe(25);
    for (const code of locationTypeCodes) {
      if (code !== 'ANY') expect(code).toBe(`KM_${locationTypeRadiusKm(code)}`);
    }
  });
});

describe('option lists', () => {
  it('have unique codes', () => {
    for (const codes of [
      locationTypeCodes,
      payingForCareTypeCodes,
      restrictivePracticesCodes,
      supportCategoryCodes,
      genderPreferenceCodes,
      sortTypeCodes,
      newsletterSubscriptionTypeCodes,
      experienceLevels.map((level) => level.code),
    ]) {
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it('match the spec values', () => {
    expect(sortTypeCodes).toEqual(['bestMatch', 'lastActive', 'newest']);
    expect(newsletterSubscriptionTypeCodes).toEqual(['careseeker', 'careworker', 'industryProfessional']);
    expect(genderPreferenceCodes).toEqual(['ANY', 'FEMALE', 'MALE', 'NON_BINARY']);
    expect(new Set(supportCategoryCodes)).toEqual(new Set(skillGroupCodes));
  });

  it('orders experience levels by years', () => {
    const years = experienceLevels.map((level) => level.minYears);
    expect(years).toEqual([...years].sort((a, b) => a - b));
  });

  it('knows which funding is NDIS', () => {
    expect(payingForCareTypeCodes.filter(isNdisFunded)).toEqual([
      'NDIS_SELF_MANAGED',
      'NDIS_PLAN_MANAGED',
      'NDIS_AGENCY_MANAGED',
    ]);
  });
});
