import { inArray } from 'drizzle-orm';
import {
  REPEAT_UNTIL_TOO_FAR,
  SHIFT_IN_PAST_MESSAGE,
  SHIFT_MAX_MINUTES,
  SHIFT_MIN_MINUTES,
  SHIFT_OUTSIDE_CONTRACT_MESSAGE,
  SHIFT_TOO_FAR_AHEAD_MESSAGE,
  SHIFT_TOO_LONG_MESSAGE,
  SHIFT_TOO_SHORT_MESSAGE,
  formatShiftWhen,
  latestRepeatUntil,
  latestShiftStartDate,
  type Shift,
  type ShiftPlan,
} from '@tendly/domain/api/bookings';
import { formatLocalDateTime, instantToLocalDate, isLaterDate, minutesBetween } from '@tendly/domain/shift-time';
import type { DbExecutor } from '../db/client';
import { bookings, shifts } from '../db/schema/engagements';
import { badRequest, conflict } from '../errors';
import { instantOf } from '../http/local-date-time';
import { addLocalMinutes, localMinutesBetween, occurrenceStarts } from './booking-occurrences';
import { findClash, findShiftRows, toShift, type ShiftRow } from './shifts-repository';

/**
 * Planning and writing a series of shifts (issue 13; issue 31 item 3): the occurrences of a plan
 * at their local times in the client's zone, checked against a booking's rules and the worker's
 * other shifts, and written as one booking with a shift row each. Bookings use it when the care
 * seeker books; service agreements use it when the worker accepts one that plans shifts.
 */


/** A booking's first shift, or a changed shift, starts at most SHIFT_MAX_MONTHS_AHEAD from today in the client's zone. */
export function refuseTooFarAhead(startLocal: string, timeZone: string, now: Date, field = 'start'): void {
  if (isLaterDate(startLocal.slice(0, 10), latestShiftStartDate(instantToLocalDate(now, timeZone)))) {
    throw badRequest(SHIFT_TOO_FAR_AHEAD_MESSAGE, { [field]: SHIFT_TOO_FAR_AHEAD_MESSAGE });
  }
}

export interface PlannedShift {
  startLocal: string;
  endLocal: string;
  startsAt: Date;
  endsAt: Date;
}

/** One shift's times: real, in the future, 15 minutes to 24 hours long, within the contract. */
export function planShift(
  startLocal: string,
  endLocal: string,
  contract: { timeZone: string; startDate: string; endDate: string | null },
  now: Date,
  fields: { start: string; end: string },
  /** Where a broken rule (length, past, outside the agreement) is reported; a gap in the clock is on `fields`. */
  ruleFields: { start: string; end: string } = { start: 'start', end: 'end' },
): PlannedShift {
  const startsAt = instantOf(startLocal, contract.timeZone, fields.start);
  const endsAt = instantOf(endLocal, contract.timeZone, fields.end);
  const minutes = minutesBetween(startsAt, endsAt);
  if (minutes < SHIFT_MIN_MINUTES) throw badRequest(SHIFT_TOO_SHORT_MESSAGE, { [ruleFields.end]: SHIFT_TOO_SHORT_MESSAGE });
  if (minutes > SHIFT_MAX_MINUTES) throw badRequest(SHIFT_TOO_LONG_MESSAGE, { [ruleFields.end]: SHIFT_TOO_LONG_MESSAGE });
  if (startsAt.getTime() <= now.getTime()) throw badRequest(SHIFT_IN_PAST_MESSAGE, { [ruleFields.start]: SHIFT_IN_PAST_MESSAGE });
  const date = startLocal.slice(0, 10);
  if (date < contract.startDate || (contract.endDate !== null && endLocal.slice(0, 10) > contract.endDate)) {
    throw badRequest(SHIFT_OUTSIDE_CONTRACT_MESSAGE, { [ruleFields.start]: SHIFT_OUTSIDE_CONTRACT_MESSAGE });
  }
  return { startLocal, endLocal, startsAt, endsAt };
}

/**
 * Every occurrence of a plan (a booking's, or an agreement's planned shifts); an occurrence in a
 * daylight-saving gap is a 400 naming its date. `prefix` puts field errors under the plan's own
 * field (`shiftPlan.` on an offer).
 */
export function planOccurrences(request: ShiftPlan, contract: { timeZone: string; startDate: string; endDate: string | null }, now: Date, prefix = ''): PlannedShift[] {
  const wallMinutes = localMinutesBetween(request.start, request.end);
  const untilField = request.occurrences !== null ? `${prefix}occurrences` : `${prefix}repeatUntil`;
  const ruleFields = { start: `${prefix}start`, end: `${prefix}end` };
  const first = planShift(request.start, request.end, contract, now, ruleFields, ruleFields);
  refuseTooFarAhead(request.start, contract.timeZone, now, `${prefix}start`);
  if (request.repeat === 'NONE') return [first];
  const starts = occurrenceStarts(request.start, request.repeat, request.repeatUntil, request.occurrences);
  const lastDate = request.repeatUntil ?? starts[starts.length - 1]!.slice(0, 10);
  if (isLaterDate(lastDate, latestRepeatUntil(request.start.slice(0, 10)))) {
    throw badRequest(REPEAT_UNTIL_TOO_FAR, { [untilField]: REPEAT_UNTIL_TOO_FAR });
  }
  return starts.map((startLocal, index) =>
    index === 0 ? first : planShift(startLocal, addLocalMinutes(startLocal, wallMinutes), contract, now, { start: untilField, end: untilField }, ruleFields),
  );
}

/**
 * The occurrences of an agreement's planned shifts that have not started by `now`, at their local
 * times in the zone (the plan was checked against the agreement's dates, the daylight-saving gap
 * and the limits when it was offered; a worker accepting late books only what is still to come).
 */
export function upcomingOccurrences(plan: ShiftPlan, timeZone: string, now: Date): PlannedShift[] {
  const wallMinutes = localMinutesBetween(plan.start, plan.end);
  return occurrenceStarts(plan.start, plan.repeat, plan.repeatUntil, plan.occurrences)
    .map((startLocal) => {
      const endLocal = addLocalMinutes(startLocal, wallMinutes);
      return { startLocal, endLocal, startsAt: instantOf(startLocal, timeZone, 'shiftPlan.start'), endsAt: instantOf(endLocal, timeZone, 'shiftPlan.end') };
    })
    .filter((shift) => shift.startsAt.getTime() > now.getTime());
}

export function clashMessage(clash: ShiftRow, careSeekerId: string): string {
  const when = formatShiftWhen(toShift(clash));
  return clash.shift.careSeekerId === careSeekerId
    ? `This shift clashes with ${clash.clientName}’s shift on ${when}.`
    : `This shift clashes with another shift the worker has booked on ${when}.`;
}

function ownClash(planned: readonly PlannedShift[]): [PlannedShift, PlannedShift] | null {
  const sorted = [...planned].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (let index = 1; index < sorted.length; index += 1) {
    if (sorted[index]!.startsAt < sorted[index - 1]!.endsAt) return [sorted[index - 1]!, sorted[index]!];
  }
  return null;
}

/**
 * A 409 for shifts that overlap each other or the worker's other live shifts (their time, by
 * `overlapsWorkerTime`). `except` leaves out the shifts being moved; `message` words the clash for
 * who is asking (a worker accepting an agreement reads "you").
 */
export async function refuseClashes(
  db: DbExecutor,
  workerId: string,
  careSeekerId: string,
  planned: readonly PlannedShift[],
  except: string | readonly string[] | null,
  message: (clash: ShiftRow) => string = (clash) => clashMessage(clash, careSeekerId),
): Promise<void> {
  const own = ownClash(planned);
  if (own) throw conflict(`These shifts overlap each other on ${formatLocalDateTime(own[1].startLocal)}.`);
  const exceptIds = except === null ? [] : typeof except === 'string' ? [except] : except;
  for (const shift of planned) {
    const clash = await findClash(db, workerId, shift.startsAt, shift.endsAt, exceptIds);
    if (clash) throw conflict(message(clash));
  }
}


/**
 * Writes one series: its booking row and a shift row per occurrence (each its own row, so
 * pricing, hours and invoices keep reading shifts), in the caller's transaction. Answers the
 * booking's id and its shifts, first first.
 */
export async function insertSeries(
  tx: DbExecutor,
  input: {
    contract: { id: string; workerId: string; careSeekerId: string; timeZone: string };
    plan: ShiftPlan;
    planned: readonly PlannedShift[];
    status: 'UNCONFIRMED' | 'CONFIRMED';
    createdByUserId: string;
    now: Date;
  },
): Promise<{ bookingId: string; shifts: Shift[] }> {
  const { contract, plan, planned, now } = input;
  const last = planned[planned.length - 1]!;
  const [booking] = await tx
    .insert(bookings)
    .values({
      contractId: contract.id,
      createdByUserId: input.createdByUserId,
      timeZone: contract.timeZone,
      firstStartLocal: plan.start,
      firstEndLocal: plan.end,
      repeat: plan.repeat,
      // A number of shifts is kept as the date of the last one.
      repeatUntil: plan.repeat === 'NONE' ? null : (plan.repeatUntil ?? last.startLocal.slice(0, 10)),
      note: plan.note,
    })
    .returning({ id: bookings.id });
  if (!booking) throw new Error('insertSeries: no booking row');
  const inserted = await tx
    .insert(shifts)
    .values(
      planned.map((shift) => ({
        bookingId: booking.id,
        contractId: contract.id,
        workerId: contract.workerId,
        careSeekerId: contract.careSeekerId,
        startsAt: shift.startsAt,
        endsAt: shift.endsAt,
        timeZone: contract.timeZone,
        status: input.status,
        statusChangedAt: now,
      })),
    )
    .returning({ id: shifts.id });
  const made = (await findShiftRows(tx, inArray(shifts.id, inserted.map((row) => row.id)))).map(toShift);
  return { bookingId: booking.id, shifts: made };
}
