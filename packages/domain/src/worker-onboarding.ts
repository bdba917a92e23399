import { availableDayCodes, type Availability } from './days';
import { complianceDocumentKinds, isDocumentRequired, type ComplianceDocumentKind } from './compliance';
import { REQUIRED_INDUCTION_MODULE } from './learning';

/**
 * The worker's onboarding checklist (issue 12; workflows.md, worker onboarding): what a worker
 * must give before an administrator reviews their profile, with where to go to fix each item.
 * This one definition drives /care-worker/welcome, the dashboard's profile completeness and the
 * server's check on "Submit for review".
 */

/** The bio's length limits (issue 12): long enough to say something, short enough to read. */
export const BIO_MIN_LENGTH = 50;
export const BIO_MAX_LENGTH = 2000;
/** Referees a worker gives (workflows.md: two). */
export const REFEREES_REQUIRED = 2;

/** Where each item is fixed. Documents and the learning hub are screens of their own. */
export const onboardingLinks = {
  about: '/care-worker/update-profile#about',
  skills: '/care-worker/update-profile#skills',
  experience: '/care-worker/update-profile#experience',
  languages: '/care-worker/update-profile#languages',
  photo: '/care-worker/update-profile#photo',
  rates: '/care-worker/update-profile#rates',
  availability: '/care-worker/update-profile#availability',
  location: '/care-worker/update-profile#location',
  documents: '/care-worker/documents',
  referees: '/care-worker/referees',
  taxAndSuper: '/tax-and-super',
  // The module itself, not the hub's list: one click from the checklist to the quiz.
  induction: `/learning-hub/${REQUIRED_INDUCTION_MODULE}`,
} as const;

export type OnboardingItemId = keyof typeof onboardingLinks;

/** What the checklist is worked out from: the profile row and what the other onboarding tables hold. */
export interface OnboardingFacts {
  headline: string | null;
  bio: string | null;
  skills: readonly string[];
  experienceYears: number | null;
  languages: readonly string[];
  avatarUrl: string | null;
  weekdayRateCents: number | null;
  saturdayRateCents: number | null;
  sundayRateCents: number | null;
  publicHolidayRateCents: number | null;
  eveningRateCents: number | null;
  travelPerKmCents: number | null;
  availability: Availability;
  localityId: number | null;
  travelRadiusKm: number | null;
  supportsMinors: boolean;
  /** Kinds of document the worker has uploaded that are current: not replaced, not rejected, not expired. */
  currentDocumentKinds: readonly ComplianceDocumentKind[];
  /** How many referees the worker has named. */
  refereeCount: number;
  hasTaxDetails: boolean;
  /** Whether a quiz attempt of the required induction module passed. */
  hasPassedInduction: boolean;
}

export interface OnboardingItem {
  id: OnboardingItemId;
  label: string;
  isRequired: boolean;
  isDone: boolean;
  href: string;
}

export interface OnboardingChecklist {
  items: OnboardingItem[];
  /** Required items done, in whole percent. */
  progressPercent: number;
  /** Labels of the required items not done yet, in order. */
  missing: string[];
  canSubmitForReview: boolean;
}

const hasText = (value: string | null) => (value?.trim().length ?? 0) > 0;

/** Whether the bio is within the limits, not counting spaces around it. */
export function isBioLongEnough(bio: string | null): boolean {
  const length = bio?.trim().length ?? 0;
  return length >= BIO_MIN_LENGTH && length <= BIO_MAX_LENGTH;
}

/** The document kinds this worker must hold, given whether they support people under 18. */
export function requiredDocumentKinds(supportsMinors: boolean): ComplianceDocumentKind[] {
  return complianceDocumentKinds.filter((kind) => isDocumentRequired(kind, supportsMinors));
}

const definitions: readonly {
  id: OnboardingItemId;
  label: string;
  isRequired: boolean;
  isDone: (facts: OnboardingFacts) => boolean;
}[] = [
  {
    id: 'about',
    label: `A headline and a bio of ${BIO_MIN_LENGTH} to ${BIO_MAX_LENGTH.toLocaleString('en-AU')} characters`,
    isRequired: true,
    isDone: (f) => hasText(f.headline) && isBioLongEnough(f.bio),
  },
  { id: 'skills', label: 'The support you offer and your skills', isRequired: true, isDone: (f) => f.skills.length > 0 },
  { id: 'photo', label: 'A profile photo', isRequired: true, isDone: (f) => hasText(f.avatarUrl) },
  {
    id: 'rates',
    label: 'Your rates',
    isRequired: true,
    isDone: (f) =>
      [f.weekdayRateCents, f.saturdayRateCents, f.sundayRateCents, f.publicHolidayRateCents, f.eveningRateCents, f.travelPerKmCents].every(
        (rate) => rate !== null,
      ),
  },
  { id: 'availability', label: 'When you are available', isRequired: true, isDone: (f) => availableDayCodes(f.availability).length > 0 },
  {
    id: 'location',
    label: 'Your home suburb and how far you travel',
    isRequired: true,
    isDone: (f) => f.localityId !== null && f.travelRadiusKm !== null,
  },
  {
    id: 'documents',
    label: 'Your required compliance documents',
    isRequired: true,
    isDone: (f) => requiredDocumentKinds(f.supportsMinors).every((kind) => f.currentDocumentKinds.includes(kind)),
  },
  { id: 'referees', label: `${REFEREES_REQUIRED} referees`, isRequired: true, isDone: (f) => f.refereeCount >= REFEREES_REQUIRED },
  { id: 'taxAndSuper', label: 'Your tax, super and bank details', isRequired: true, isDone: (f) => f.hasTaxDetails },
  { id: 'induction', label: 'The platform induction in the learning hub', isRequired: true, isDone: (f) => f.hasPassedInduction },
  { id: 'experience', label: 'Your experience and qualifications', isRequired: false, isDone: (f) => f.experienceYears !== null },
  { id: 'languages', label: 'The languages you speak', isRequired: false, isDone: (f) => f.languages.length > 0 },
];

/** The checklist for one worker: every item in order, progress over the required ones, and whether they may submit. */
export function workerOnboardingChecklist(facts: OnboardingFacts): OnboardingChecklist {
  const items = definitions.map(({ id, label, isRequired, isDone }) => ({ id, label, isRequired, isDone: isDone(facts), href: onboardingLinks[id] }));
  const required = items.filter((item) => item.isRequired);
  const missing = required.filter((item) => !item.isDone).map((item) => item.label);
  return {
    items,
    progressPercent: Math.round(((required.length - missing.length) / required.length) * 100),
    missing,
    canSubmitForReview: missing.length === 0,
  };
}
