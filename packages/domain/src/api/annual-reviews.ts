import { z } from 'zod';
import { CHECK_IN_FIRST_YEAR, CHECK_IN_TIME_ZONE } from './check-ins';
import { safeText } from '../validation/safe-text';
import { instantToLocalDate } from '../shift-time';

/**
 * The yearly self-review (issue 12; workflows.md: workers supporting agency-managed NDIS
 * participants complete an annual review), which an administrator signs off. The worker may change
 * it until it is signed off; after that it is kept as signed (409).
 */

export const ANNUAL_REVIEW_TEXT_MAX = 3000;
export const SIGN_OFF_NOTE_MAX = 2000;
export const ANNUAL_REVIEW_YEAR_MESSAGE = `The year must be between ${CHECK_IN_FIRST_YEAR} and this year.`;
export const ANNUAL_REVIEW_SIGNED_OFF = 'This annual review has been signed off, so it can no longer be changed.';
export const ANNUAL_REVIEW_NOT_FOUND = 'We could not find this annual review.';
export const SIGN_OFF_NOTE_MESSAGE = 'Write a short note for the worker about their review.';
const tooLong = (max: number) => `Keep this to ${max.toLocaleString('en-AU')} characters or fewer.`;

function answer(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .check(safeText('multi'))
    .max(ANNUAL_REVIEW_TEXT_MAX, { error: tooLong(ANNUAL_REVIEW_TEXT_MAX) });
}

/** PUT /api/worker/annual-reviews/{year}. */
export const annualReviewRequestSchema = z.object({
  wentWell: answer('Tell us what went well in your work this year.'),
  wasHard: answer('Tell us what was hard this year, even if it was only small things.'),
  trainingCompleted: answer('List the training you completed this year, or write “none”.'),
  goalsNextYear: answer('Tell us your goals for next year.'),
  supportNeeded: z
    .string()
    .trim()
    .check(safeText('multi'))
    .max(ANNUAL_REVIEW_TEXT_MAX, { error: tooLong(ANNUAL_REVIEW_TEXT_MAX) })
    .optional()
    .transform((value) => value ?? ''),
});
export type AnnualReviewRequest = z.input<typeof annualReviewRequestSchema>;
export type AnnualReviewAnswers = z.output<typeof annualReviewRequestSchema>;

export const annualReviewParamsSchema = z.object({
  year: z.string().regex(/^\d{4}$/, { error: ANNUAL_REVIEW_YEAR_MESSAGE }).transform(Number),
});

export const annualReviewAnswersSchema = z.object({
  wentWell: z.string(),
  wasHard: z.string(),
  trainingCompleted: z.string(),
  goalsNextYear: z.string(),
  supportNeeded: z.string(),
});

export const annualReviewStatuses = ['SUBMITTED', 'SIGNED_OFF'] as const;
export type AnnualReviewStatus = (typeof annualReviewStatuses)[number];

export const annualReviewSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  answers: annualReviewAnswersSchema,
  status: z.enum(annualReviewStatuses),
  submittedAt: z.string(),
  updatedAt: z.string(),
  signedOffAt: z.string().nullable(),
  signOffNote: z.string().nullable(),
});
export type AnnualReview = z.infer<typeof annualReviewSchema>;

/** GET /api/worker/annual-reviews → 200: newest year first, and the year a new review is for. */
export const annualReviewListSchema = z.object({
  currentYear: z.number().int(),
  reviews: z.array(annualReviewSchema),
});
export type AnnualReviewList = z.infer<typeof annualReviewListSchema>;

// Administrators.

export const adminAnnualReviewFilters = ['awaiting', 'signed'] as const;
export const adminAnnualReviewQuerySchema = z.object({
  status: z.enum(adminAnnualReviewFilters, { error: 'Choose awaiting or signed.' }).default('awaiting'),
});

export const adminAnnualReviewSchema = annualReviewSchema.extend({
  worker: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  signedOffBy: z.string().nullable(),
});
export type AdminAnnualReview = z.infer<typeof adminAnnualReviewSchema>;
/** GET /api/admin/annual-reviews → 200: awaiting sign-off oldest first; signed newest sign-off first. */
export const adminAnnualReviewListSchema = z.array(adminAnnualReviewSchema);

/** POST /api/admin/annual-reviews/{id}/sign-off. */
export const signOffRequestSchema = z.object({
  note: z
    .string({ error: SIGN_OFF_NOTE_MESSAGE })
    .trim()
    .min(1, { error: SIGN_OFF_NOTE_MESSAGE, abort: true })
    .check(safeText('multi'))
    .max(SIGN_OFF_NOTE_MAX, { error: tooLong(SIGN_OFF_NOTE_MAX) }),
});

/** The year of an instant in Australian Eastern time: the year a new review is for. */
export function reviewYearOf(instant: Date): number {
  return Number(instantToLocalDate(instant, CHECK_IN_TIME_ZONE).slice(0, 4));
}

export function isReviewYearAllowed(year: number, now: Date): boolean {
  return year >= CHECK_IN_FIRST_YEAR && year <= reviewYearOf(now);
}
