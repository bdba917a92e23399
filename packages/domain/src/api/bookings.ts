import { z } from 'zod';
import { stateCodes } from '../states';
import { addMonthsToDate, isShortNoticeCancellation } from '../shift-time';
import { CANCEL_NOTE_MAX, SHIFT_MAX_MONTHS_AHEAD, bookingRepeatCodes, localDateTime, refineShiftPlan, shiftPlanFields } from './shift-plan';

export * from './shift-plan';
import { safeText } from '../validation/safe-text';
import { contractPartySchema } from './contracts';

/**
 * Bookings and shifts (issue 13; spec sections 3 Booking and 4 "Booking responses";
 * workflows.md "Bookings and the calendar"; ndis.md "Cancellations"). A booking is made under an
 * ACTIVE contract with a start and end as local date-times in the client's state, and a repeat;
 * each occurrence is a shift (the spec's jobScheduleId) with its own response status
 * (scheduleResponseStatus).
 *
 * Choices made here (the spec says "not shown"):
 * - A shift lasts 15 minutes to 24 hours and starts in the future; a booking's first shift (and a
 *   changed shift) starts at most 12 months from today in the client's state, and a repeat runs
 *   at most 12 months past the first shift's date (at most 53 weekly occurrences).
 * - Only the care seeker (or a coordinator acting) books. A care seeker's booking starts
 *   UNCONFIRMED; the worker confirms it or declines it (declining is cancelling with a reason).
 * - Changing a shift's times (update) makes it UNCONFIRMED again, for the worker to confirm.
 */

export const bookingResponseStatusCodes = ['CONFIRMED', 'UNCONFIRMED', 'CANCELLED'] as const;
export type BookingResponseStatus = (typeof bookingResponseStatusCodes)[number];

export const bookingResponseStatusLabels: Readonly<Record<BookingResponseStatus, string>> = {
  CONFIRMED: 'Confirmed',
  UNCONFIRMED: 'Unconfirmed',
  CANCELLED: 'Cancelled',
};

/**
 * Spec section 4's table, exactly: any other move is a 409 naming it. UNCONFIRMED to UNCONFIRMED
 * is an update of an unconfirmed booking; CANCELLED is final.
 */
export const bookingMoves = [
  { from: 'CONFIRMED', to: 'CANCELLED' },
  { from: 'CONFIRMED', to: 'UNCONFIRMED' },
  { from: 'UNCONFIRMED', to: 'CANCELLED' },
  { from: 'UNCONFIRMED', to: 'CONFIRMED' },
  { from: 'UNCONFIRMED', to: 'UNCONFIRMED' },
] as const satisfies readonly { from: BookingResponseStatus; to: BookingResponseStatus }[];

export function isAllowedBookingMove(from: BookingResponseStatus, to: BookingResponseStatus): boolean {
  return bookingMoves.some((move) => move.from === from && move.to === to);
}

/** The 409 for a move spec section 4 does not allow. */
export function illegalBookingMoveMessage(from: BookingResponseStatus, to: BookingResponseStatus): string {
  return `A ${bookingResponseStatusLabels[from].toLowerCase()} shift cannot be moved to ${bookingResponseStatusLabels[to].toLowerCase()}.`;
}


/** ndis.md: the reasons a participant's short-notice cancellation is claimed with. */
export const cancellationReasonCodes = ['NSDH', 'NSDF', 'NSDT', 'NSDO'] as const;
export type CancellationReasonCode = (typeof cancellationReasonCodes)[number];
export const cancellationReasonLabels: Readonly<Record<CancellationReasonCode, string>> = {
  NSDH: 'No show or cancelled: health reasons',
  NSDF: 'No show or cancelled: family reasons',
  NSDT: 'No show or cancelled: transport reasons',
  NSDO: 'No show or cancelled: other reasons',
};

/** POST /api/bookings. Start and end are local date-times in the client's state; a repeat runs until a date or for a number of shifts. */
export const createBookingRequestSchema = z
  .object({
    contractId: z.uuid({ error: 'Choose a service agreement' }),
    ...shiftPlanFields,
  })
  .superRefine(refineShiftPlan);
export type CreateBookingRequest = z.input<typeof createBookingRequestSchema>;

/** PATCH /api/shifts/{id}: new local times (the shift goes back to UNCONFIRMED). */
export const updateShiftRequestSchema = z.object({
  start: localDateTime('Enter when the shift starts'),
  end: localDateTime('Enter when the shift ends'),
});

export const CANCEL_REASON_REQUIRED = 'Tell the other person why the shift is cancelled.';
/**
 * POST /api/shifts/{id}/cancel. `reasonCode` (an NDIS reason) goes with a chargeable cancellation:
 * a no-show recorded by either side, or the care seeker's late cancellation. A worker cancelling
 * their own shift gives text only.
 */
export const cancelShiftRequestSchema = z.object({
  reason: z.string({ error: CANCEL_REASON_REQUIRED }).trim().min(1, { error: CANCEL_REASON_REQUIRED }).max(CANCEL_NOTE_MAX, { error: `Keep the reason to ${CANCEL_NOTE_MAX} characters or fewer` }).check(safeText('multi')),
  reasonCode: z.enum(cancellationReasonCodes, { error: 'Choose a reason from the list' }).nullable().default(null),
  /** The client did not turn up or turned the worker away at the door: always short notice, whichever side records it. */
  noShow: z.boolean().default(false),
});

export const cancellingSides = ['CARE_SEEKER', 'WORKER'] as const;
export type CancellingSide = (typeof cancellingSides)[number];

/**
 * Whether a cancellation is a short-notice cancellation, chargeable under the agreement's policy
 * (ndis.md "Cancellations"): the care seeker's side (a coordinator acting counts) cancelling with
 * fewer than 7 clear days' notice in the client's zone, or a client no-show recorded by either
 * side. A worker's own late cancellation is never charged to the care seeker.
 */
export function isChargeableCancellation(by: CancellingSide, cancellation: { noticeAt: Date; shiftStartsAt: Date; timeZone: string; noShow: boolean }): boolean {
  if (cancellation.noShow) return true;
  return by === 'CARE_SEEKER' && isShortNoticeCancellation(cancellation.noticeAt, cancellation.shiftStartsAt, cancellation.timeZone);
}

export const NO_SHOW_REASON_CODE_REQUIRED = 'Choose the reason for the no-show from the list: a no-show is claimed with one.';
export const SHORT_NOTICE_REASON_CODE_REQUIRED =
  'Choose the reason for cancelling from the list: a cancellation with less than 7 clear days’ notice is claimed with one.';
export const WORKER_REASON_CODE_ONLY_FOR_NO_SHOW = 'A worker chooses a reason from the list only when recording a no-show.';

/**
 * The problem with a cancellation's NDIS reason code, or null. A chargeable cancellation is claimed
 * with one (ndis.md: NSDH, NSDF, NSDT or NSDO), so a no-show and the care seeker's late
 * cancellation need it; a worker cancelling their own shift gives none (it is not claimed).
 */
export function cancellationReasonCodeProblem(
  by: CancellingSide,
  cancellation: { noShow: boolean; chargeable: boolean; reasonCode: CancellationReasonCode | null },
): string | null {
  if (cancellation.noShow && cancellation.reasonCode === null) return NO_SHOW_REASON_CODE_REQUIRED;
  if (by === 'CARE_SEEKER' && cancellation.chargeable && cancellation.reasonCode === null) return SHORT_NOTICE_REASON_CODE_REQUIRED;
  if (by === 'WORKER' && !cancellation.noShow && cancellation.reasonCode !== null) return WORKER_REASON_CODE_ONLY_FOR_NO_SHOW;
  return null;
}

export const shiftSchema = z.object({
  /** The spec's jobScheduleId. */
  id: z.uuid(),
  bookingId: z.uuid(),
  contractId: z.uuid(),
  careSeeker: contractPartySchema,
  worker: contractPartySchema,
  clientName: z.string(),
  state: z.enum(stateCodes),
  timeZone: z.string(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  /** The same times as local date-times in the state's zone. */
  startLocal: z.string(),
  endLocal: z.string(),
  durationMinutes: z.number().int(),
  /** The spec's scheduleResponseStatus. */
  scheduleResponseStatus: z.enum(bookingResponseStatusCodes),
  /** When it last moved: lists put the latest move first. */
  statusChangedAt: z.iso.datetime({ offset: true }),
  repeat: z.enum(bookingRepeatCodes),
  note: z.string(),
  cancellation: z
    .object({
      cancelledAt: z.iso.datetime({ offset: true }),
      cancelledBy: z.enum(cancellingSides),
      reason: z.string(),
      reasonCode: z.enum(cancellationReasonCodes).nullable(),
      noShow: z.boolean(),
      shortNotice: z.boolean(),
    })
    .nullable(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const shiftListSchema = z.object({ shifts: z.array(shiftSchema), allLoaded: z.boolean() });
export const createBookingResponseSchema = z.object({ bookingId: z.uuid(), shifts: z.array(shiftSchema) });

/**
 * GET /api/shifts/{id} (issue 31 item 8: a shift email opens its shift): the shift and every shift
 * of its series (the booking that made it, each status, first first; just this one when it was
 * booked alone), so the page shows where it sits in the series and the moves on all of it.
 */
export const shiftDetailSchema = z.object({ shift: shiftSchema, series: z.array(shiftSchema) });
export type ShiftDetail = z.infer<typeof shiftDetailSchema>;

/** GET /api/my/bookings?status=&start=&limit=: each list newest move first. */
export const bookingListQuerySchema = z.object({
  status: z.enum(bookingResponseStatusCodes, { error: 'Choose confirmed, unconfirmed or cancelled' }),
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** GET /api/my/calendar?from=&to=: every shift of both sides in a range of at most 62 days. */
export const calendarQuerySchema = z.object({
  from: z.iso.datetime({ offset: true, error: 'from must be a date and time' }),
  to: z.iso.datetime({ offset: true, error: 'to must be a date and time' }),
});

/** The reminder email goes this long before a confirmed shift. */
export const SHIFT_REMINDER_HOURS = 24;

/** GET /api/my/calendar: the signed-in person's shifts (both sides') that overlap the range. */
export const calendarResponseSchema = z.object({ shifts: z.array(shiftSchema) });
export const CALENDAR_MAX_DAYS = 62;
export const CALENDAR_RANGE_TOO_LONG = `Choose a range of at most ${CALENDAR_MAX_DAYS} days.`;
export const CALENDAR_RANGE_BACKWARDS = 'The end of the range must be after its start.';

/** GET /api/my/calendar-feed and POST /api/my/calendar-feed/reset: the private iCalendar address. */
export const calendarFeedResponseSchema = z.object({ url: z.url() });

/** A shift or a care seeker's service agreement that is not there, or not the asker's: bookings and hours both refuse it so. */
export const SHIFT_NOT_FOUND = 'We could not find that shift.';
export const CONTRACT_NOT_FOUND = 'We could not find that service agreement.';

/** The `:shiftId` of one shift. */
export const shiftParamsSchema = z.object({ shiftId: z.uuid({ error: SHIFT_NOT_FOUND }) });

export const SHIFT_IN_PAST_MESSAGE = 'The shift must start in the future.';
export const SHIFT_TOO_FAR_AHEAD_MESSAGE = `A shift can start at most ${SHIFT_MAX_MONTHS_AHEAD} months from today.`;

/** The last date a booking's first shift may start on: SHIFT_MAX_MONTHS_AHEAD after today in the client's state. */
export function latestShiftStartDate(today: string): string {
  return addMonthsToDate(today, SHIFT_MAX_MONTHS_AHEAD);
}
export const SHIFT_OUTSIDE_CONTRACT_MESSAGE = 'Every shift must fall within the service agreement’s start and end dates.';
export const CONTRACT_NOT_ACTIVE_MESSAGE = 'Shifts can be booked only under an active service agreement.';
export const NO_SHOW_BEFORE_START = 'A shift can be marked as a no-show only once it has started.';

/**
 * A series (issue 31 item 3): the shifts one booking made, linked by their bookingId. Each shift
 * stays its own row (pricing, hours and invoices read shifts); a series is confirmed, changed or
 * cancelled as a whole with these, and the other side hears of it once.
 */
export const SERIES_NOT_FOUND = 'We could not find that series of shifts.';
export const SERIES_NOTHING_TO_CONFIRM = 'No shifts in this series are waiting for confirmation.';
export const SERIES_NOTHING_TO_CANCEL = 'No shifts in this series are left to cancel.';
export const SERIES_NOTHING_TO_CHANGE = 'No shifts in this series are left to change.';
export const SERIES_NO_SHOW_MESSAGE = 'Record a no-show on the one shift it happened on, not on a whole series.';
export const TIME_OF_DAY_MESSAGE = 'Enter a time as HH:MM';
const timeOfDay = (required: string) => z.string({ error: required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: TIME_OF_DAY_MESSAGE });

/** PATCH /api/bookings/{id}: new local times of day for every shift of the series still to come; an end before the start ends the next day. */
export const updateSeriesRequestSchema = z.object({
  startTime: timeOfDay('Enter when the shifts start'),
  endTime: timeOfDay('Enter when the shifts end'),
});
export type UpdateSeriesRequest = z.input<typeof updateSeriesRequestSchema>;

/** POST /api/bookings/{id}/cancel: every shift of the series still to come, with one reason. */
export const cancelSeriesRequestSchema = cancelShiftRequestSchema.pick({ reason: true, reasonCode: true }).extend({
  /** Refused for a series: a no-show belongs to one shift. */
  noShow: z.literal(false, { error: SERIES_NO_SHOW_MESSAGE }).default(false),
});
export type CancelSeriesRequest = z.input<typeof cancelSeriesRequestSchema>;

/** What a series move answers: the shifts it moved, first first. */
export const seriesMoveResponseSchema = z.object({ bookingId: z.uuid(), shifts: z.array(shiftSchema) });
export type SeriesMoveResponse = z.infer<typeof seriesMoveResponseSchema>;
