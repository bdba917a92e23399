import { and, asc, desc, eq, gt, ne, notInArray, type SQL } from 'drizzle-orm';
import type { BookingResponseStatus, Shift } from '@tendly/domain/api/bookings';
import { instantToLocal, minutesBetween } from '@tendly/domain/shift-time';
import type { DbExecutor } from '../db/client';
import { careSeekers, partyColumns, workers } from '../db/engagement-parties';
import { bookings, contracts, shifts } from '../db/schema/engagements';
import { overlapsWorkerTime } from '../db/worker-time-overlap';
import { personNameOf } from '../http/person-name';

/** Reading shifts with the people and the contract they belong to, shaped as the API's Shift. */

const shiftColumns = {
  shift: shifts,
  repeat: bookings.repeat,
  note: bookings.note,
  clientName: contracts.clientName,
  state: contracts.clientState,
  ...partyColumns,
};

function selectShifts(db: DbExecutor) {
  return db
    .select(shiftColumns)
    .from(shifts)
    .innerJoin(bookings, eq(bookings.id, shifts.bookingId))
    .innerJoin(contracts, eq(contracts.id, shifts.contractId))
    .innerJoin(careSeekers, eq(careSeekers.id, shifts.careSeekerId))
    .innerJoin(workers, eq(workers.id, shifts.workerId));
}

export type ShiftRow = Awaited<ReturnType<ReturnType<typeof selectShifts>['execute']>>[number];

export function toShift(row: ShiftRow): Shift {
  const { shift } = row;
  return {
    id: shift.id,
    bookingId: shift.bookingId,
    contractId: shift.contractId,
    careSeeker: personNameOf(row.careSeeker),
    worker: personNameOf(row.worker),
    clientName: row.clientName,
    state: row.state,
    timeZone: shift.timeZone,
    startsAt: shift.startsAt.toISOString(),
    endsAt: shift.endsAt.toISOString(),
    startLocal: instantToLocal(shift.startsAt, shift.timeZone),
    endLocal: instantToLocal(shift.endsAt, shift.timeZone),
    durationMinutes: minutesBetween(shift.startsAt, shift.endsAt),
    scheduleResponseStatus: shift.status,
    statusChangedAt: shift.statusChangedAt.toISOString(),
    repeat: row.repeat,
    note: row.note,
    cancellation:
      shift.status === 'CANCELLED' && shift.cancelledAt && shift.cancelledBySide
        ? {
            cancelledAt: shift.cancelledAt.toISOString(),
            cancelledBy: shift.cancelledBySide,
            reason: shift.cancellationReason ?? '',
            reasonCode: shift.cancellationReasonCode,
            noShow: shift.noShow,
            shortNotice: shift.shortNotice,
          }
        : null,
  };
}

export async function findShiftRow(db: DbExecutor, shiftId: string): Promise<ShiftRow | undefined> {
  const [row] = await selectShifts(db).where(eq(shifts.id, shiftId));
  return row;
}

export async function findShiftRows(db: DbExecutor, where: SQL | undefined): Promise<ShiftRow[]> {
  return selectShifts(db).where(where).orderBy(asc(shifts.startsAt));
}

/** Which side of a shift a person is on: the care seeker's (CS) or the worker's (CR). */
export type Side = { role: 'CS' | 'CR'; userId: string };

export function sideFilter(side: Side): SQL {
  return side.role === 'CR' ? eq(shifts.workerId, side.userId) : eq(shifts.careSeekerId, side.userId);
}

/** One page of a side's list: latest move first; the live lists hold only shifts that have not ended. */
export async function listShiftsPage(
  db: DbExecutor,
  side: Side,
  status: BookingResponseStatus,
  page: { start: number; limit: number },
  now: Date,
): Promise<{ rows: ShiftRow[]; allLoaded: boolean }> {
  const upcoming = status === 'CANCELLED' ? undefined : gt(shifts.endsAt, now);
  const rows = await selectShifts(db)
    .where(and(sideFilter(side), eq(shifts.status, status), upcoming))
    .orderBy(desc(shifts.statusChangedAt), asc(shifts.startsAt), asc(shifts.id))
    .offset(page.start)
    .limit(page.limit + 1);
  return { rows: rows.slice(0, page.limit), allLoaded: rows.length <= page.limit };
}

/** The worker's first live shift that overlaps [startsAt, endsAt), other than the shifts in `exceptShiftIds`. */
export async function findClash(
  db: DbExecutor,
  workerId: string,
  startsAt: Date,
  endsAt: Date,
  exceptShiftIds: readonly string[],
): Promise<ShiftRow | undefined> {
  const [first, ...others] = exceptShiftIds;
  const [row] = await selectShifts(db)
    .where(and(overlapsWorkerTime(shifts, workerId, startsAt, endsAt, first ?? null), others.length > 0 ? notInArray(shifts.id, others) : undefined, ne(shifts.status, 'CANCELLED')))
    .orderBy(asc(shifts.startsAt))
    .limit(1);
  return row;
}

/** Holds the shift's row until the transaction ends, and answers its current status. */
export async function lockShift(db: DbExecutor, shiftId: string): Promise<BookingResponseStatus | undefined> {
  const [row] = await db.select({ status: shifts.status }).from(shifts).where(eq(shifts.id, shiftId)).for('update');
  return row?.status;
}


/** Holds every shift row of a series until the transaction ends. */
export async function lockSeries(db: DbExecutor, bookingId: string): Promise<void> {
  await db.select({ id: shifts.id }).from(shifts).where(eq(shifts.bookingId, bookingId)).orderBy(asc(shifts.id)).for('update');
}
