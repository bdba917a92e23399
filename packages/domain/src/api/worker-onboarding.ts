import { z } from 'zod';
import { availabilitySchema } from '../days';
import { languageCodes } from '../languages';
import { genderCodes, workerProfileStatuses } from '../profile-options';
import { qualificationCodes } from '../qualifications';
import { skillCodes } from '../skills';
import { stateCodes } from '../states';
import { taskCodes } from '../tasks';
import { onboardingLinks, type OnboardingItemId } from '../worker-onboarding';
import { knownForCodes, knownForOptions } from '../validation/referees';
import { superFundIdentifierTypes, taxAndSuperSchema } from '../validation/tax-and-super';

/**
 * The answers of the worker onboarding API (issue 12): the profile editor, the checklist and
 * submitting for review, tax and super, referees and the public reference form.
 */

const isoDateTime = z.iso.datetime({ offset: true });
const onboardingItemIds = Object.keys(onboardingLinks) as [OnboardingItemId, ...OnboardingItemId[]];

/** Where the worker's profile is on its way to review. */
export const workerReviewStateSchema = z.object({
  status: z.enum(workerProfileStatuses),
  submittedForReviewAt: isoDateTime.nullable(),
  approvedAt: isoDateTime.nullable(),
  /** What an administrator asked to fix, one item per entry; empty when nothing is asked. */
  changesRequested: z.array(z.string()),
  changesRequestedAt: isoDateTime.nullable(),
  /** Why an approved profile is inactive now, if it is. */
  inactiveReason: z.string().nullable(),
});
export type WorkerReviewState = z.infer<typeof workerReviewStateSchema>;

/** GET /api/worker/profile: everything the editor shows. Rates in cents, null until set. */
export const workerProfileEditorSchema = z.object({
  firstName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  headline: z.string().nullable(),
  bio: z.string().nullable(),
  skills: z.array(z.enum(skillCodes)),
  tasks: z.array(z.enum(taskCodes)),
  experienceYears: z.number().int().nullable(),
  qualifications: z.array(z.enum(qualificationCodes)),
  languages: z.array(z.enum(languageCodes)),
  gender: z.enum(genderCodes).nullable(),
  /** The home locality, as the place field shows it ("Marrickville NSW 2204"). */
  location: z
    .object({ suburb: z.string(), state: z.enum(stateCodes), postcode: z.string(), label: z.string() })
    .nullable(),
  travelRadiusKm: z.number().int().nullable(),
  hasDriversLicence: z.boolean(),
  hasCar: z.boolean(),
  supportsMinors: z.boolean(),
  availability: availabilitySchema,
  rates: z.object({
    weekdayRateCents: z.number().int().nullable(),
    saturdayRateCents: z.number().int().nullable(),
    sundayRateCents: z.number().int().nullable(),
    publicHolidayRateCents: z.number().int().nullable(),
    eveningRateCents: z.number().int().nullable(),
    overnightRateCents: z.number().int().nullable(),
    sleepoverRateCents: z.number().int().nullable(),
    travelPerKmCents: z.number().int().nullable(),
  }),
  review: workerReviewStateSchema,
});
export type WorkerProfileEditor = z.infer<typeof workerProfileEditorSchema>;

export const onboardingItemSchema = z.object({
  id: z.enum(onboardingItemIds),
  label: z.string(),
  isRequired: z.boolean(),
  isDone: z.boolean(),
  href: z.string(),
});

/** GET /api/worker/onboarding and the answer of POST /api/worker/submit-for-review. */
export const workerOnboardingSchema = z.object({
  items: z.array(onboardingItemSchema),
  progressPercent: z.number().int().min(0).max(100),
  missing: z.array(z.string()),
  canSubmitForReview: z.boolean(),
  review: workerReviewStateSchema,
});
export type WorkerOnboarding = z.infer<typeof workerOnboardingSchema>;

export const NOT_READY_FOR_REVIEW_MESSAGE = 'A few things are still needed before we can review your profile.';

/** GET /api/worker/tax-and-super: what is stored, the account number only masked. Null details: nothing yet. */
export const taxAndSuperViewSchema = z.object({
  details: z
    .object({
      abn: z.string(),
      abnLegalName: z.string(),
      gstRegistered: z.boolean(),
      superFund: z.object({
        name: z.string(),
        identifierType: z.enum(superFundIdentifierTypes),
        identifier: z.string(),
        memberNumber: z.string(),
      }),
      bankAccount: z.object({ accountName: z.string(), bsb: z.string(), maskedAccountNumber: z.string() }),
      updatedAt: isoDateTime,
    })
    .nullable(),
});
export type TaxAndSuperView = z.infer<typeof taxAndSuperViewSchema>;

/**
 * PUT /api/worker/tax-and-super: the domain schema, except that the account number may be left
 * out (or empty) to keep the one stored, which the worker cannot see again.
 */
export const taxAndSuperUpdateSchema = taxAndSuperSchema.extend({
  bankAccount: taxAndSuperSchema.shape.bankAccount.extend({
    accountNumber: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      taxAndSuperSchema.shape.bankAccount.shape.accountNumber.optional(),
    ),
  }),
});
export type TaxAndSuperUpdateInput = z.input<typeof taxAndSuperUpdateSchema>;

/** One referee as the worker sees them: whether they answered, never what. */
export const refereeViewSchema = z.object({
  position: z.number().int().min(1).max(2),
  name: z.string(),
  relationship: z.string(),
  email: z.string(),
  phone: z.string(),
  invitedAt: isoDateTime.nullable(),
  linkExpiresAt: isoDateTime.nullable(),
  answeredAt: isoDateTime.nullable(),
});
export const workerRefereesSchema = z.object({ referees: z.array(refereeViewSchema) });
export type WorkerReferees = z.infer<typeof workerRefereesSchema>;

export const referenceAnswersViewSchema = z.object({
  knownFor: z.enum(knownForCodes),
  capacity: z.string(),
  reliability: z.number().int().min(1).max(5),
  wouldRecommend: z.boolean(),
  comments: z.string(),
});

/** GET /api/admin/workers/:workerId/referees: the referees with their answers. */
export const adminWorkerRefereesSchema = z.object({
  referees: z.array(refereeViewSchema.extend({ answers: referenceAnswersViewSchema.nullable() })),
});
export type AdminWorkerReferees = z.infer<typeof adminWorkerRefereesSchema>;

/** GET /api/references/:token: who the reference is about, for the public form. */
export const referenceRequestSchema = z.object({
  workerFirstName: z.string(),
  refereeName: z.string(),
  questions: z.array(z.object({ field: z.string(), label: z.string() })),
});
export type ReferenceRequest = z.infer<typeof referenceRequestSchema>;

/** The questions of the reference form, in order (asked by both the page and GET /api/references/:token). */
export function referenceQuestions(workerFirstName: string): { field: string; label: string }[] {
  return [
    { field: 'knownFor', label: `How long have you known ${workerFirstName}?` },
    { field: 'capacity', label: `In what capacity do you know ${workerFirstName}?` },
    { field: 'reliability', label: `How reliable is ${workerFirstName}, from 1 (not at all) to 5 (completely)?` },
    { field: 'wouldRecommend', label: `Would you recommend ${workerFirstName} as a support worker?` },
    { field: 'comments', label: 'Anything else you would like to tell us (optional)' },
  ];
}

/** One answer of a reference as the referee saw it: the question's words and the label they chose. */
export interface ReferenceAnswerRow {
  field: string;
  question: string;
  answer: string;
}

/** The label of an answer as the reference form showed it ("1 to 3 years", "Yes", "4"). */
function answerLabel(field: string, value: unknown): string {
  if (field === 'knownFor') return knownForOptions.find((option) => option.code === value)?.label ?? String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return 'No answer';
  return String(value);
}

/**
 * A referee's answers as they saw the form (issue 31, item 10b): each question of
 * `referenceQuestions` in order with the label of the answer, never the stored codes. Anything
 * stored that the form no longer asks follows, under its own name, so nothing is hidden.
 */
export function referenceAnswerRows(workerFirstName: string, answers: Readonly<Record<string, unknown>>): ReferenceAnswerRow[] {
  const questions = referenceQuestions(workerFirstName);
  const asked = questions.map(({ field, label }) => ({ field, question: label, answer: answerLabel(field, answers[field]) }));
  const others = Object.entries(answers)
    .filter(([field]) => !questions.some((question) => question.field === field))
    .map(([field, value]) => ({ field, question: field, answer: answerLabel(field, value) }));
  return [...asked, ...others];
}

export const REFERENCE_NOT_FOUND_MESSAGE = 'We could not find this reference request. Check that the link is exactly as it was in the email.';
export const REFERENCE_USED_MESSAGE = 'This reference has already been given. Thank you: there is nothing more to do.';
export const REFERENCE_EXPIRED_MESSAGE =
  'This reference link has expired. Please ask the worker to send you a new one from their profile.';
export const REFERENCE_THANKS_MESSAGE = 'Thank you for your reference. It helps people choose support they can trust.';

