import { z } from 'zod';
import { safeText } from '../validation/safe-text';
import { instantToLocalDate } from '../shift-time';

/**
 * The quarterly check-in (spec sections 3 and 4, issue 12): stored by check-in number (the
 * quarter, 1 to 4) and year; saving one for a number and year that already has one replaces it
 * (spec section 4), otherwise it adds one.
 *
 * Choices made here (the spec says "not shown"):
 * - Check-in numbers are calendar quarters: 1 is January to March, 4 is October to December,
 *   counted in Australian Eastern time, where the operations team works.
 * - Hours worked is the **average per week** over the quarter (0 to 168, in half hours), which
 *   workers can estimate from their calendar more easily than a quarter's total.
 * - A check-in may be for this quarter or an earlier one back to CHECK_IN_FIRST_YEAR, never for a
 *   quarter that has not started.
 */

export const CHECK_IN_FIRST_YEAR = 2020;
export const CHECK_IN_TIME_ZONE = 'Australia/Sydney';
export const HOURS_PER_WEEK_MAX = 168;
export const CHECK_IN_TEXT_MAX = 2000;

export const WELLBEING_MESSAGE = 'Choose how you have been feeling, from 1 (struggling) to 5 (very well).';
export const INCIDENTS_MESSAGE = 'Tell us whether there were any incidents since your last check-in.';
export const INCIDENT_DETAILS_MESSAGE = 'Tell us briefly what happened in each incident, and when.';
export const HOURS_MESSAGE = `Enter the hours you worked in an average week this quarter, from 0 to ${HOURS_PER_WEEK_MAX}.`;
export const HOURS_STEP_MESSAGE = 'Round your hours to the nearest half hour.';
export const CHECK_IN_TEXT_TOO_LONG = `Keep this to ${CHECK_IN_TEXT_MAX} characters or fewer.`;
export const CHECK_IN_NUMBER_MESSAGE = 'The check-in number is the quarter of the year, from 1 to 4.';
export const CHECK_IN_YEAR_MESSAGE = `The year must be between ${CHECK_IN_FIRST_YEAR} and this year.`;
export const CHECK_IN_FUTURE_MESSAGE = 'This quarter has not started yet, so its check-in cannot be filled in.';

export const wellbeingLabels: Readonly<Record<1 | 2 | 3 | 4 | 5, string>> = {
  1: 'Struggling',
  2: 'Not great',
  3: 'Okay',
  4: 'Good',
  5: 'Very well',
};

const optionalText = z.string().trim().check(safeText('multi')).max(CHECK_IN_TEXT_MAX, { error: CHECK_IN_TEXT_TOO_LONG });

/** PUT /api/worker/check-ins/{year}/{number}: the answers. */
export const checkInRequestSchema = z
  .object({
    wellbeing: z.number({ error: WELLBEING_MESSAGE }).int({ error: WELLBEING_MESSAGE }).min(1, { error: WELLBEING_MESSAGE }).max(5, { error: WELLBEING_MESSAGE }),
    hadIncidents: z.boolean({ error: INCIDENTS_MESSAGE }),
    /** Required when hadIncidents; dropped otherwise. */
    incidentDetails: optionalText.optional(),
    trainingNeeds: optionalText.optional(),
    hoursPerWeek: z
      .number({ error: HOURS_MESSAGE })
      .min(0, { error: HOURS_MESSAGE })
      .max(HOURS_PER_WEEK_MAX, { error: HOURS_MESSAGE })
      .multipleOf(0.5, { error: HOURS_STEP_MESSAGE }),
  })
  .superRefine((value, context) => {
    if (value.hadIncidents && !value.incidentDetails) {
      context.addIssue({ code: 'custom', path: ['incidentDetails'], message: INCIDENT_DETAILS_MESSAGE });
    }
  })
  .transform((value) => ({
    wellbeing: value.wellbeing,
    hadIncidents: value.hadIncidents,
    incidentDetails: value.hadIncidents ? (value.incidentDetails ?? '') : '',
    trainingNeeds: value.trainingNeeds ?? '',
    hoursPerWeek: value.hoursPerWeek,
  }));
export type CheckInRequest = z.input<typeof checkInRequestSchema>;
export type CheckInAnswers = z.output<typeof checkInRequestSchema>;

/** The path's year and number, as text; the service checks the year against today. */
export const checkInParamsSchema = z.object({
  year: z.string().regex(/^\d{4}$/, { error: CHECK_IN_YEAR_MESSAGE }).transform(Number),
  number: z.string().regex(/^[1-4]$/, { error: CHECK_IN_NUMBER_MESSAGE }).transform(Number),
});

export const checkInSchema = z.object({
  year: z.number().int(),
  number: z.number().int().min(1).max(4),
  wellbeing: z.number().int().min(1).max(5),
  hadIncidents: z.boolean(),
  incidentDetails: z.string(),
  trainingNeeds: z.string(),
  hoursPerWeek: z.number().min(0).max(HOURS_PER_WEEK_MAX),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type CheckIn = z.infer<typeof checkInSchema>;

/** GET /api/worker/check-ins → 200: the worker's check-ins, newest quarter first, and the current quarter. */
export const checkInListSchema = z.object({
  current: z.object({ year: z.number().int(), number: z.number().int().min(1).max(4) }),
  checkIns: z.array(checkInSchema),
});
export type CheckInList = z.infer<typeof checkInListSchema>;

export interface Quarter {
  readonly year: number;
  readonly number: number;
}

/** The calendar quarter an instant falls in, in Australian Eastern time. */
export function quarterOf(instant: Date): Quarter {
  const date = instantToLocalDate(instant, CHECK_IN_TIME_ZONE);
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return { year, number: Math.floor((month - 1) / 3) + 1 };
}

/** Null when a check-in may be saved for this quarter; otherwise the message saying why not. */
export function checkInQuarterProblem(quarter: Quarter, now: Date): string | null {
  const current = quarterOf(now);
  if (quarter.year < CHECK_IN_FIRST_YEAR || quarter.year > current.year) return CHECK_IN_YEAR_MESSAGE;
  if (quarter.year === current.year && quarter.number > current.number) return CHECK_IN_FUTURE_MESSAGE;
  return null;
}

/** "Quarter 3, 2026 (July to September)". */
export function quarterLabel(quarter: Quarter): string {
  const months = ['January to March', 'April to June', 'July to September', 'October to December'][quarter.number - 1];
  return `Quarter ${quarter.number}, ${quarter.year} (${months})`;
}
