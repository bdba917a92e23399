import { and, eq, gt, lt } from 'drizzle-orm';
import { fullName } from '@tendly/domain/format';
import {
  CALENDAR_MAX_DAYS,
  CALENDAR_RANGE_BACKWARDS,
  CALENDAR_RANGE_TOO_LONG,
  CONTRACT_NOT_ACTIVE_MESSAGE,
  CONTRACT_NOT_FOUND,
  NO_SHOW_BEFORE_START,
  SHIFT_NOT_FOUND,
  cancellationReasonCodeProblem,
  type createBookingRequestSchema,
  illegalBookingMoveMessage,
  isAllowedBookingMove,
  isChargeableCancellation,
  type BookingResponseStatus,
  type Shift,
  type ShiftDetail,
  type cancelShiftRequestSchema,
  type updateShiftRequestSchema,
} from '@tendly/domain/api/bookings';
import { stateTimeZone } from '@tendly/domain/states';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log';
import { createCancellationJobReport } from '../../platform/billing/cancellation-job-report';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import type { Db, DbExecutor } from '../../platform/db/client';
import { lockPerson } from '../../platform/db/person-lock';
import { users } from '../../platform/db/schema/accounts';
import { contracts, shifts } from '../../platform/db/schema/engagements';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { insertSeries, planOccurrences, planShift, refuseClashes, refuseTooFarAhead } from '../../platform/bookings/shift-series';
import {
  bookingMadeEmail,
  shiftCancelledEmail,
  shiftChangedEmail,
  shiftConfirmedEmail,
  type BookingEmailSite,
} from './booking-emails';
import { bookingMadeNotification, shiftCancelledNotification, shiftChangedNotification, shiftConfirmedNotification } from './booking-notifications';
import { findShiftRow, findShiftRows, listShiftsPage, lockShift, sideFilter, toShift, type ShiftRow } from '../../platform/bookings/shifts-repository';
import { sideOf } from '../../platform/bookings/side-of';

export const SHIFT_ENDED_MESSAGE = 'This shift has already ended.';

type CreateBooking = z.output<typeof createBookingRequestSchema>;
type UpdateShift = z.output<typeof updateShiftRequestSchema>;
type CancelShift = z.output<typeof cancelShiftRequestSchema>;

export interface BookingContext {
  db: Db;
  site: BookingEmailSite;
  /** JOB_REPORT_AUTO_APPROVE_DAYS: a short-notice cancellation's job report is approved by the job queue after this (issue 14). */
  jobReportAutoApproveDays: number;
}

export async function contractOfCareSeeker(db: DbExecutor, contractId: string, careSeekerId: string) {
  const [contract] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.careSeekerId, careSeekerId)));
  if (!contract) throw notFound(CONTRACT_NOT_FOUND);
  return { ...contract, timeZone: stateTimeZone(contract.clientState) };
}

export async function recipientOf(db: DbExecutor, userId: string) {
  const [user] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`No user ${userId}`);
  return user;
}

/** POST /api/bookings: the care seeker (or a coordinator acting) books shifts under an ACTIVE contract. */
export async function createBooking(ctx: BookingContext, auth: RequestAuth, request: CreateBooking, now = new Date()): Promise<{ bookingId: string; shifts: Shift[] }> {
  return ctx.db.transaction(async (tx) => {
    const contract = await contractOfCareSeeker(tx, request.contractId, auth.user.id);
    if (contract.status !== 'ACTIVE') throw conflict(CONTRACT_NOT_ACTIVE_MESSAGE);
    const planned = planOccurrences(request, contract, now);
    await lockPerson(tx, contract.workerId);
    await refuseClashes(tx, contract.workerId, contract.careSeekerId, planned, null);
    const series = await insertSeries(tx, { contract, plan: request, planned, status: 'UNCONFIRMED', createdByUserId: actingPersonId(auth), now });
    const made = series.shifts;
    await recordAudit(tx, {
      actorUserId: actingPersonId(auth),
      subjectUserId: contract.careSeekerId,
      action: 'booking.created',
      detail: { contractId: contract.id, repeat: request.repeat, shifts: made.length },
      targetType: 'booking',
      targetId: series.bookingId,
    });
    const worker = await recipientOf(tx, contract.workerId);
    await queueMail(tx, bookingMadeEmail(ctx.site, worker, fullName(auth.user), made));
    await notify(tx, bookingMadeNotification(contract.workerId, fullName(auth.user), made));
    return series;
  });
}

export async function listMyBookings(db: Db, auth: RequestAuth, query: { status: BookingResponseStatus; start: number; limit: number }, now = new Date()) {
  const { rows, allLoaded } = await listShiftsPage(db, sideOf(auth), query.status, query, now);
  return { shifts: rows.map(toShift), allLoaded };
}

export async function myCalendar(db: Db, auth: RequestAuth, range: { from: string; to: string }): Promise<{ shifts: Shift[] }> {
  const from = new Date(range.from);
  const to = new Date(range.to);
  if (to.getTime() <= from.getTime()) throw badRequest(CALENDAR_RANGE_BACKWARDS, { to: CALENDAR_RANGE_BACKWARDS });
  if (to.getTime() - from.getTime() > CALENDAR_MAX_DAYS * 24 * 60 * 60 * 1000) throw badRequest(CALENDAR_RANGE_TOO_LONG, { to: CALENDAR_RANGE_TOO_LONG });
  const rows = await findShiftRows(db, and(sideFilter(sideOf(auth)), lt(shifts.startsAt, to), gt(shifts.endsAt, from)));
  return { shifts: rows.map(toShift) };
}

/**
 * GET /api/shifts/{id}: one shift of the person's side with its series, as My bookings shows it.
 * A stranger (another care seeker or worker) gets the same 404 as for a shift that does not exist.
 */
export async function getMyShift(db: Db, auth: RequestAuth, shiftId: string): Promise<ShiftDetail> {
  const row = await shiftOfSide(db, auth, shiftId);
  const series = await findShiftRows(db, and(sideFilter(sideOf(auth)), eq(shifts.bookingId, row.shift.bookingId)));
  return { shift: toShift(row), series: series.map(toShift) };
}

/** The shift if the person is on its side (the worker for CR, the care seeker for CS); a stranger gets 404. */
export async function shiftOfSide(db: DbExecutor, auth: RequestAuth, shiftId: string): Promise<ShiftRow> {
  const row = await findShiftRow(db, shiftId);
  const side = sideOf(auth);
  const mine = row && (side.role === 'CR' ? row.shift.workerId === side.userId : row.shift.careSeekerId === side.userId);
  if (!row || !mine) throw notFound(SHIFT_NOT_FOUND);
  return row;
}

/** Locks the shift and refuses a move spec section 4 does not allow (409 naming it). */
export async function lockForMove(tx: DbExecutor, shiftId: string, to: BookingResponseStatus): Promise<BookingResponseStatus> {
  const from = await lockShift(tx, shiftId);
  if (!from) throw notFound(SHIFT_NOT_FOUND);
  if (!isAllowedBookingMove(from, to)) throw conflict(illegalBookingMoveMessage(from, to));
  return from;
}

export async function moveShift(
  tx: DbExecutor,
  shiftId: string,
  from: BookingResponseStatus,
  changes: Partial<typeof shifts.$inferInsert> & { status: BookingResponseStatus },
  now: Date,
): Promise<Shift> {
  const [updated] = await tx
    .update(shifts)
    .set({ ...changes, statusChangedAt: now, updatedAt: now })
    .where(and(eq(shifts.id, shiftId), eq(shifts.status, from)))
    .returning({ id: shifts.id });
  // The row is locked, so the status cannot have changed since it was read.
  if (!updated) throw new AppError(409, illegalBookingMoveMessage(from, changes.status), { code: 'CONFLICT' });
  const row = await findShiftRow(tx, shiftId);
  if (!row) throw notFound(SHIFT_NOT_FOUND);
  return toShift(row);
}

/** POST /api/shifts/{id}/confirm: the worker confirms an unconfirmed shift. */
export async function confirmShift(ctx: BookingContext, auth: RequestAuth, shiftId: string, now = new Date()): Promise<Shift> {
  if (auth.user.role !== 'CR') throw notFound(SHIFT_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const row = await shiftOfSide(tx, auth, shiftId);
    const from = await lockForMove(tx, shiftId, 'CONFIRMED');
    if (row.shift.endsAt.getTime() <= now.getTime()) throw conflict(SHIFT_ENDED_MESSAGE);
    const shift = await moveShift(tx, shiftId, from, { status: 'CONFIRMED', reminderSentAt: null }, now);
    await recordAudit(tx, { actorUserId: actingPersonId(auth), subjectUserId: row.shift.careSeekerId, action: 'shift.confirmed', detail: { from }, targetType: 'shift', targetId: shiftId });
    await queueMail(tx, shiftConfirmedEmail(ctx.site, row.careSeeker, fullName(row.worker), shift));
    await notify(tx, shiftConfirmedNotification(row.careSeeker.id, fullName(row.worker), shift));
    return shift;
  });
}

/** POST /api/shifts/{id}/cancel: either side cancels (a worker declining an unconfirmed shift is this too). */
export async function cancelShift(ctx: BookingContext, auth: RequestAuth, shiftId: string, request: CancelShift, now = new Date()): Promise<Shift> {
  return ctx.db.transaction(async (tx) => {
    const row = await shiftOfSide(tx, auth, shiftId);
    const bySide = auth.user.role === 'CR' ? 'WORKER' : 'CARE_SEEKER';
    const from = await lockForMove(tx, shiftId, 'CANCELLED');
    if (request.noShow && row.shift.startsAt.getTime() > now.getTime()) throw badRequest(NO_SHOW_BEFORE_START, { noShow: NO_SHOW_BEFORE_START });
    if (!request.noShow && row.shift.endsAt.getTime() <= now.getTime()) throw conflict(SHIFT_ENDED_MESSAGE);
    // Chargeable only for the care seeker's late cancellation or a no-show (either side records it).
    const shortNotice = isChargeableCancellation(bySide, { noticeAt: now, shiftStartsAt: row.shift.startsAt, timeZone: row.shift.timeZone, noShow: request.noShow });
    const reasonCodeProblem = cancellationReasonCodeProblem(bySide, { ...request, chargeable: shortNotice });
    if (reasonCodeProblem) throw badRequest(reasonCodeProblem, { reasonCode: reasonCodeProblem });
    const shift = await moveShift(
      tx,
      shiftId,
      from,
      {
        status: 'CANCELLED',
        cancelledAt: now,
        cancelledByUserId: actingPersonId(auth),
        cancelledBySide: bySide,
        cancellationReason: request.reason,
        cancellationReasonCode: request.reasonCode,
        noShow: request.noShow,
        shortNotice,
      },
      now,
    );
    // Issue 14: a chargeable cancellation (the care seeker's short notice, or a no-show recorded
    // by either side) becomes a job report in this same transaction (none when the agreement
    // charges nothing).
    if (shortNotice) {
      await createCancellationJobReport(tx, { shiftId, now, autoApproveDays: ctx.jobReportAutoApproveDays });
    }
    await recordAudit(tx, {
      actorUserId: actingPersonId(auth),
      subjectUserId: row.shift.careSeekerId,
      action: 'shift.cancelled',
      detail: { from, by: bySide, reasonCode: request.reasonCode, noShow: request.noShow, shortNotice },
      targetType: 'shift',
      targetId: shiftId,
    });
    const [recipient, byName] = bySide === 'WORKER' ? [row.careSeeker, fullName(row.worker)] : [row.worker, fullName(row.careSeeker)];
    await queueMail(tx, shiftCancelledEmail(ctx.site, recipient, byName, shift, request.reason));
    await notify(tx, shiftCancelledNotification(recipient.id, byName, shift, request.reason));
    return shift;
  });
}

/** PATCH /api/shifts/{id}: the care seeker moves a shift; it is UNCONFIRMED again for the worker. */
export async function updateShift(ctx: BookingContext, auth: RequestAuth, shiftId: string, request: UpdateShift, now = new Date()): Promise<Shift> {
  if (auth.user.role !== 'CS') throw notFound(SHIFT_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const row = await shiftOfSide(tx, auth, shiftId);
    const contract = await contractOfCareSeeker(tx, row.shift.contractId, auth.user.id);
    await lockPerson(tx, row.shift.workerId);
    const from = await lockForMove(tx, shiftId, 'UNCONFIRMED');
    if (contract.status !== 'ACTIVE') throw conflict(CONTRACT_NOT_ACTIVE_MESSAGE);
    const planned = planShift(request.start, request.end, { ...contract, timeZone: row.shift.timeZone }, now, { start: 'start', end: 'end' });
    refuseTooFarAhead(request.start, row.shift.timeZone, now);
    await refuseClashes(tx, row.shift.workerId, row.shift.careSeekerId, [planned], shiftId);
    const shift = await moveShift(tx, shiftId, from, { status: 'UNCONFIRMED', startsAt: planned.startsAt, endsAt: planned.endsAt, reminderSentAt: null }, now);
    await recordAudit(tx, {
      actorUserId: actingPersonId(auth),
      subjectUserId: row.shift.careSeekerId,
      action: 'shift.changed',
      detail: { from, startsAt: planned.startsAt.toISOString(), endsAt: planned.endsAt.toISOString() },
      targetType: 'shift',
      targetId: shiftId,
    });
    await queueMail(tx, shiftChangedEmail(ctx.site, row.worker, fullName(row.careSeeker), shift));
    await notify(tx, shiftChangedNotification(row.worker.id, fullName(row.careSeeker), shift));
    return shift;
  });
}
