import { z } from 'zod';
import { phoneSchema } from './account';
import { requiredText, optionalText } from './forms';
import { safeText } from './safe-text';

/**
 * Referees (issue 12; workflows.md: two referees, each emailed a link to a short reference form).
 * The worker names exactly two on /care-worker/referees; each answers at /reference/<token>.
 */

export const REFEREE_POSITIONS = [1, 2] as const;
export type RefereePosition = (typeof REFEREE_POSITIONS)[number];
/** How long an emailed reference link works (issue 12), in days. */
export const REFERENCE_LINK_DAYS = 14;

const refereeEmailSchema = z
  .string({ error: 'Enter your referee’s email address' })
  .trim()
  .min(1, { error: 'Enter your referee’s email address', abort: true })
  .check(safeText())
  .toLowerCase()
  .max(254, { error: 'Email address must be 254 characters or fewer', abort: true })
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const refereeSchema = z.object({
  name: requiredText('Enter your referee’s name', 100, 'The name'),
  relationship: requiredText('Say how you know them, such as “former team leader”', 100, 'The relationship'),
  email: refereeEmailSchema,
  phone: phoneSchema,
});
export type RefereeInput = z.input<typeof refereeSchema>;

export const REFEREES_COUNT_MESSAGE = 'Give two referees';
export const SAME_REFEREE_EMAIL_MESSAGE = 'Your two referees need different email addresses';

export const refereesSchema = z.object({
  referees: z
    .array(refereeSchema, { error: REFEREES_COUNT_MESSAGE })
    .length(2, { error: REFEREES_COUNT_MESSAGE })
    .superRefine((referees, ctx) => {
      if (referees.length === 2 && referees[0]?.email === referees[1]?.email) {
        ctx.addIssue({ code: 'custom', path: [1, 'email'], message: SAME_REFEREE_EMAIL_MESSAGE });
      }
    }),
});
export type RefereesInput = z.input<typeof refereesSchema>;
export type Referees = z.output<typeof refereesSchema>;

/** The worker may not be their own referee: said by the API, which knows their email address. */
export const OWN_EMAIL_REFEREE_MESSAGE = 'A referee must be someone else: use their email address, not yours';

export const knownForOptions = [
  { code: 'UNDER_1_YEAR', label: 'Less than a year' },
  { code: '1_TO_3_YEARS', label: '1 to 3 years' },
  { code: '3_TO_5_YEARS', label: '3 to 5 years' },
  { code: 'OVER_5_YEARS', label: 'More than 5 years' },
] as const;
export const knownForCodes = ['UNDER_1_YEAR', '1_TO_3_YEARS', '3_TO_5_YEARS', 'OVER_5_YEARS'] as const;
export type KnownFor = (typeof knownForCodes)[number];

/** What a referee answers on the public form. */
export const referenceAnswersSchema = z.object({
  knownFor: z.enum(knownForCodes, { error: 'Choose how long you have known them' }),
  capacity: requiredText('Say in what capacity you know them, such as “I was their team leader”', 300, 'This answer'),
  reliability: z
    .number({ error: 'Rate their reliability from 1 to 5' })
    .int({ error: 'Rate their reliability from 1 to 5' })
    .min(1, { error: 'Rate their reliability from 1 to 5' })
    .max(5, { error: 'Rate their reliability from 1 to 5' }),
  wouldRecommend: z.boolean({ error: 'Say whether you would recommend them' }),
  comments: optionalText(2000, 'Your comments', 'multi'),
});
export type ReferenceAnswersInput = z.input<typeof referenceAnswersSchema>;
export type ReferenceAnswers = z.output<typeof referenceAnswersSchema>;
