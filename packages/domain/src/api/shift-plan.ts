import { z } from 'zod';
import { addMonthsToDate, formatLocalDate, formatLocalDateTime, formatLocalTime, isLocalDateTime } from '../shift-time';
import { safeText } from '../validation/safe-text';

/**
 * A plan of shifts (issue 13, and issue 31 item 3): a first shift's local start and end in the
 * client's state, and a repeat (once, weekly or fortnightly) that runs until a date or for a
 * number of shifts. A booking is made from one; a service agreement may carry one, booked when
 * the worker accepts. The shifts a plan makes are one series: the booking row links them.
 */

export const bookingRepeatCodes = ['NONE', 'WEEKLY', 'FORTNIGHTLY'] as const;
export type BookingRepeat = (typeof bookingRepeatCodes)[number];
export const bookingRepeatLabels: Readonly<Record<BookingRepeat, string>> = {
  NONE: 'Does not repeat',
  WEEKLY: 'Every week',
  FORTNIGHTLY: 'Every fortnight',
};

export const SHIFT_MIN_MINUTES = 15;
export const SHIFT_MAX_MINUTES = 24 * 60;
export const REPEAT_MAX_MONTHS = 12;
/** How far ahead a booking's first shift, or a changed shift, may start. */
export const SHIFT_MAX_MONTHS_AHEAD = 12;
export const CANCEL_NOTE_MAX = 1000;
/** A weekly series over REPEAT_MAX_MONTHS has at most 53 shifts. */
export const SERIES_MAX_SHIFTS = 53;

export const LOCAL_DATE_TIME_MESSAGE = 'Enter a date and time';
export const localDateTime = (required: string) => z.string({ error: required }).refine(isLocalDateTime, { error: LOCAL_DATE_TIME_MESSAGE });

export const SHIFT_TOO_SHORT_MESSAGE = `A shift must be at least ${SHIFT_MIN_MINUTES} minutes long.`;
export const SHIFT_TOO_LONG_MESSAGE = 'A shift can be at most 24 hours long.';
export const REPEAT_UNTIL_REQUIRED = 'Choose the date the shifts repeat until.';
export const REPEAT_UNTIL_TOO_FAR = `Shifts can repeat for at most ${REPEAT_MAX_MONTHS} months ahead.`;
export const REPEAT_UNTIL_BEFORE_START = 'The repeat must end on or after the first shift’s date.';
export const OCCURRENCES_MESSAGE = `Enter a number of shifts from 2 to ${SERIES_MAX_SHIFTS}.`;
export const REPEAT_END_BOTH_MESSAGE = 'Choose a number of shifts or an end date, not both.';

/** The fields of a plan; the booking request adds the agreement. */
export const shiftPlanFields = {
  start: localDateTime('Enter when the shift starts'),
  end: localDateTime('Enter when the shift ends'),
  repeat: z.enum(bookingRepeatCodes, { error: 'Choose how often the shift repeats' }).default('NONE'),
  /** The last date (YYYY-MM-DD) a repeating shift may start on; this or `occurrences` unless repeat is NONE. */
  repeatUntil: z.iso.date({ error: 'Enter a date as YYYY-MM-DD' }).nullable().default(null),
  /** How many shifts a repeat makes (the first included); this or `repeatUntil` unless repeat is NONE. */
  occurrences: z
    .number({ error: OCCURRENCES_MESSAGE })
    .int({ error: OCCURRENCES_MESSAGE })
    .min(2, { error: OCCURRENCES_MESSAGE })
    .max(SERIES_MAX_SHIFTS, { error: OCCURRENCES_MESSAGE })
    .nullable()
    .default(null),
  note: z.string().trim().max(CANCEL_NOTE_MAX, { error: `Keep the note to ${CANCEL_NOTE_MAX} characters or fewer` }).check(safeText('multi')).default(''),
};

type PlanShape = { start: string; repeat: BookingRepeat; repeatUntil: string | null; occurrences: number | null };

export function refineShiftPlan(value: PlanShape, context: z.RefinementCtx): void {
  if (value.repeat === 'NONE') return;
  if (value.repeatUntil === null && value.occurrences === null) {
    context.addIssue({ code: 'custom', path: ['repeatUntil'], message: REPEAT_UNTIL_REQUIRED });
  }
  if (value.repeatUntil !== null && value.occurrences !== null) {
    context.addIssue({ code: 'custom', path: ['occurrences'], message: REPEAT_END_BOTH_MESSAGE });
  }
  if (value.repeatUntil !== null && isLocalDateTime(value.start) && value.repeatUntil < value.start.slice(0, 10)) {
    context.addIssue({ code: 'custom', path: ['repeatUntil'], message: REPEAT_UNTIL_BEFORE_START });
  }
}

/** A service agreement's planned shifts (POST /api/contracts `shiftPlan`). */
export const shiftPlanSchema = z.object(shiftPlanFields).superRefine(refineShiftPlan);
export type ShiftPlan = z.output<typeof shiftPlanSchema>;
export type ShiftPlanInput = z.input<typeof shiftPlanSchema>;

/**
 * The local start dates (YYYY-MM-DD) of a booking's occurrences: the first shift's date, then
 * every week or fortnight until `repeatUntil` (inclusive) or for `occurrences` shifts. The server
 * makes the shifts with the `rrule` package on floating local times; this simple twin lets a
 * screen say how many shifts a booking will make before it is sent (the two are tested to agree).
 */
export function bookingOccurrenceDates(firstDate: string, repeat: BookingRepeat, repeatUntil: string | null, occurrences: number | null = null): string[] {
  if (repeat === 'NONE' || (repeatUntil === null && occurrences === null)) return [firstDate];
  const step = repeat === 'WEEKLY' ? 7 : 14;
  const [year, month, day] = firstDate.split('-').map(Number) as [number, number, number];
  const dates: string[] = [];
  for (let offset = 0; ; offset += step) {
    const date = new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
    if ((repeatUntil !== null && date > repeatUntil) || (occurrences !== null && dates.length >= occurrences) || dates.length > 400) return dates;
    dates.push(date);
  }
}

/** The last date a repeat may run to: REPEAT_MAX_MONTHS after the first shift's date (29 Feb + 12 months is 28 Feb). */
export function latestRepeatUntil(firstDate: string): string {
  return addMonthsToDate(firstDate, REPEAT_MAX_MONTHS);
}

/** "Mon 7 Dec 2026, 9:00 am – 12:00 pm": a shift's local time range (the end's date only when it differs). */
export function formatShiftRange(startLocal: string, endLocal: string): string {
  const start = formatLocalDateTime(startLocal);
  if (startLocal.slice(0, 10) !== endLocal.slice(0, 10)) return `${start} – ${formatLocalDateTime(endLocal)}`;
  return `${start} – ${formatLocalTime(endLocal)}`;
}

/** "Mon 7 Dec 2026, 9:00 am – 12:00 pm (NSW time)": a shift as both sides read it. */
export function formatShiftWhen(shift: { startLocal: string; endLocal: string; state: string }): string {
  return `${formatShiftRange(shift.startLocal, shift.endLocal)} (${shift.state} time)`;
}

/** "Mon 14 Dec": a local date without its year, for a series' headline. */
export function formatShortDate(localDateOrDateTime: string): string {
  return formatLocalDate(localDateOrDateTime.slice(0, 10)).replace(/ \d{4}$/, '');
}

/** "8 weekly shifts", "4 fortnightly shifts", "1 shift": how a series is counted in messages. */
export function seriesCount(count: number, repeat: BookingRepeat): string {
  if (count === 1) return '1 shift';
  const often = repeat === 'WEEKLY' ? 'weekly ' : repeat === 'FORTNIGHTLY' ? 'fortnightly ' : '';
  return `${count} ${often}shifts`;
}

/**
 * "8 weekly shifts from Mon 14 Dec, 9:00 am – 12:00 pm (NSW time)", or with a verb "8 weekly
 * shifts booked from Mon 14 Dec, ...": a series as a plan, or the news of a move on it.
 */
export function describeSeries(series: { count: number; repeat: BookingRepeat; startLocal: string; endLocal: string; state: string }, verb = ''): string {
  const times = `${formatLocalTime(series.startLocal)} – ${formatLocalTime(series.endLocal)} (${series.state} time)`;
  const moved = verb ? `${verb} ` : '';
  if (series.count === 1) return `1 shift ${moved}on ${formatShortDate(series.startLocal)}, ${times}`;
  return `${seriesCount(series.count, series.repeat)} ${moved}from ${formatShortDate(series.startLocal)}, ${times}`;
}

/** A series' summary from its shifts (first first): what describeSeries reads. */
export function seriesOf(shifts: readonly { startLocal: string; endLocal: string; state: string; repeat: BookingRepeat }[]) {
  const first = shifts[0]!;
  return { count: shifts.length, repeat: first.repeat, startLocal: first.startLocal, endLocal: first.endLocal, state: first.state };
}

/** A plan's shift dates and its summary for a state's reader: what the offer form previews and the agreement shows. */
export function planSummary(plan: Pick<ShiftPlan, 'start' | 'end' | 'repeat' | 'repeatUntil' | 'occurrences'>, state: string) {
  const dates = bookingOccurrenceDates(plan.start.slice(0, 10), plan.repeat, plan.repeatUntil, plan.occurrences);
  return { dates, text: describeSeries({ count: dates.length, repeat: plan.repeat, startLocal: plan.start, endLocal: plan.end, state }) };
}

type PlanOf = Pick<ShiftPlan, 'start' | 'end' | 'repeat' | 'repeatUntil' | 'occurrences'>;

/** What the sign dialogs say of an agreement's planned shifts, wherever the worker signs it. */
export function signingBooksLine(plan: PlanOf, state: string): string {
  return `Signing also books these shifts, confirmed: ${planSummary(plan, state).text}.`;
}

/** What the worker is told once they have signed, on the agreement's page or in the conversation. */
export function signedAgreementMessage(plan: PlanOf | null, state: string): string {
  if (!plan) return 'You have signed the agreement. It is now active.';
  return `You have signed the agreement. It is now active, and its ${planSummary(plan, state).dates.length === 1 ? 'planned shift is' : 'planned shifts are'} booked.`;
}
