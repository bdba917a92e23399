import { emptyAvailability } from '../days';
import type { OnboardingFacts } from '../worker-onboarding';

/**
 * For tests only: one worker's onboarding facts, shared by the domain's checklist tests, the web
 * pages that show the checklist and the API's test workers, so that "a complete profile" means
 * the same thing in each.
 */

/** What test workers charge: the rates a profile is completed with and a test agreement is made at. */
export const testRates = {
  weekdayRateCents: 4500,
  saturdayRateCents: 5500,
  sundayRateCents: 6500,
  publicHolidayRateCents: 9000,
  eveningRateCents: 5000,
  travelPerKmCents: 99,
};

/** A worker who has just signed up: nothing on the checklist done. */
export const emptyOnboardingFacts: OnboardingFacts = {
  headline: null,
  bio: null,
  skills: [],
  experienceYears: null,
  languages: [],
  avatarUrl: null,
  weekdayRateCents: null,
  saturdayRateCents: null,
  sundayRateCents: null,
  publicHolidayRateCents: null,
  eveningRateCents: null,
  travelPerKmCents: null,
  availability: emptyAvailability(),
  localityId: null,
  travelRadiusKm: null,
  supportsMinors: false,
  currentDocumentKinds: [],
  refereeCount: 0,
  hasTaxDetails: false,
  hasPassedInduction: false,
};

/** Every required item done, and no optional one (experience, languages). */
export const completeOnboardingFacts: OnboardingFacts = {
  ...emptyOnboardingFacts,
  headline: 'Patient, reliable aged care worker',
  bio: 'I have supported older people at home for six years and love it.',
  skills: ['DEMENTIA'],
  avatarUrl: '/api/avatars/abc.webp',
  ...testRates,
  availability: { ...emptyAvailability(), mon: { morning: true, afternoon: false, evening: false } },
  localityId: 12,
  travelRadiusKm: 20,
  currentDocumentKinds: ['NDIS_WORKER_SCREENING', 'POLICE_CHECK'],
  refereeCount: 2,
  hasTaxDetails: true,
  hasPassedInduction: true,
};

/**
 * A worker's tax, super and bank details as the admin review shows them (the account number only
 * by its last digits): the API's tests store them and the web's admin tests answer with them.
 */
export const testTaxDetails = {
  abn: '51824753556',
  abnLegalName: 'Wren Worker',
  gstRegistered: false,
  superFundName: 'Good Super',
  superIdentifierType: 'USI' as const,
  superIdentifier: 'GSF0001AU',
  superMemberNumber: '12345',
  bankAccountName: 'W Worker',
  bsb: '062000',
  accountNumberLastDigits: '789',
};
