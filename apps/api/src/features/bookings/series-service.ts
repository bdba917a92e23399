import { and, eq, inArray } from 'drizzle-orm';
import { fullName } from '@tendly/domain/format';
import {
  CONTRACT_NOT_ACTIVE_MESSAGE,
  SERIES_NOT_FOUND,
  SERIES_NOTHING_TO_CANCEL,
  SERIES_NOTHING_TO_CHANGE,
  SERIES_NOTHING_TO_CONFIRM,
  cancellationReasonCodeProblem,
  isChargeableCancellation,
  type CancellingSide,
  type Shift,
  type cancelSeriesRequestSchema,
  type updateSeriesRequestSchema,
} from '@tendly/domain/api/bookings';
import { addDaysToDate } from '@tendly/domain/shift-time';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import { createCancellationJobReport } from '../../platform/billing/cancellation-job-report';
import type { DbExecutor } from '../../platform/db/client';
import { lockPerson } from '../../platform/db/person-lock';
import { shifts } from '../../platform/db/schema/engagements';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail/outbox';
import { notify } from '../../platform/notifications/notify';
import { seriesCancelledEmail, seriesChangedEmail, seriesConfirmedEmail } from './booking-emails';
import { seriesCancelledNotification, seriesChangedNotification, seriesConfirmedNotification } from './booking-notifications';
import { contractOfCareSeeker, type BookingContext } from './bookings-service';
import { sideOf } from '../../platform/bookings/side-of';
import { planShift, refuseClashes, type PlannedShift } from '../../platform/bookings/shift-series';
import { findShiftRows, lockSeries, sideFilter, toShift, type ShiftRow } from '../../platform/bookings/shifts-repository';

/**
 * Moves on a whole series (issue 31 item 3): the shifts one booking made, linked by bookingId.
 * Each move takes the series' shifts still to come, moves them in one transaction under the same
 * rules as one shift (spec section 4's moves, short notice per shift, overlaps), and tells the
 * other side once, by one email and one notification, however many shifts it moved.
 */

type CancelSeries = z.output<typeof cancelSeriesRequestSchema>;
type UpdateSeries = z.output<typeof updateSeriesRequestSchema>;

export interface SeriesMove {
  bookingId: string;
  shifts: Shift[];
}

/** The series' shifts on the viewer's side, locked; a stranger (or an unknown series) gets 404. */
async function lockedSeriesOfSide(tx: DbExecutor, auth: RequestAuth, bookingId: string): Promise<ShiftRow[]> {
  const side = sideOf(auth);
  const visible = await findShiftRows(tx, and(eq(shifts.bookingId, bookingId), sideFilter(side)));
  if (visible.length === 0) throw notFound(SERIES_NOT_FOUND);
  await lockSeries(tx, bookingId);
  return findShiftRows(tx, and(eq(shifts.bookingId, bookingId), sideFilter(side)));
}

async function reread(tx: DbExecutor, ids: readonly string[]): Promise<Shift[]> {
  return (await findShiftRows(tx, inArray(shifts.id, [...ids]))).map(toShift);
}

/** POST /api/bookings/{id}/confirm: the worker confirms every unconfirmed shift of the series still to come. */
export async function confirmSeries(ctx: BookingContext, auth: RequestAuth, bookingId: string, now = new Date()): Promise<SeriesMove> {
  if (auth.user.role !== 'CR') throw notFound(SERIES_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const rows = await lockedSeriesOfSide(tx, auth, bookingId);
    const targets = rows.filter((row) => row.shift.status === 'UNCONFIRMED' && row.shift.endsAt.getTime() > now.getTime());
    if (targets.length === 0) throw conflict(SERIES_NOTHING_TO_CONFIRM);
    const ids = targets.map((row) => row.shift.id);
    await tx
      .update(shifts)
      .set({ status: 'CONFIRMED', reminderSentAt: null, statusChangedAt: now, updatedAt: now })
      .where(and(inArray(shifts.id, ids), eq(shifts.status, 'UNCONFIRMED')));
    const moved = await reread(tx, ids);
    const { careSeeker, worker } = targets[0]!;
    await recordAudit(tx, { actorUserId: actingPersonId(auth), subjectUserId: careSeeker.id, action: 'series.confirmed', detail: { shifts: ids.length }, targetType: 'booking', targetId: bookingId });
    await queueMail(tx, seriesConfirmedEmail(ctx.site, careSeeker, fullName(worker), moved));
    await notify(tx, seriesConfirmedNotification(careSeeker.id, fullName(worker), moved));
    return { bookingId, shifts: moved };
  });
}

/**
 * POST /api/bookings/{id}/cancel: either side cancels every live shift of the series that has not
 * started, with one reason. Each shift's short notice is its own (the care seeker's side cancelling
 * one within 7 clear days); a chargeable one becomes its job report, as one shift's would.
 */
export async function cancelSeries(ctx: BookingContext, auth: RequestAuth, bookingId: string, request: CancelSeries, now = new Date()): Promise<SeriesMove> {
  return ctx.db.transaction(async (tx) => {
    const rows = await lockedSeriesOfSide(tx, auth, bookingId);
    const bySide: CancellingSide = auth.user.role === 'CR' ? 'WORKER' : 'CARE_SEEKER';
    const targets = rows.filter((row) => row.shift.status !== 'CANCELLED' && row.shift.startsAt.getTime() > now.getTime());
    if (targets.length === 0) throw conflict(SERIES_NOTHING_TO_CANCEL);
    const chargeable = targets.filter((row) =>
      isChargeableCancellation(bySide, { noticeAt: now, shiftStartsAt: row.shift.startsAt, timeZone: row.shift.timeZone, noShow: false }),
    );
    const problem = cancellationReasonCodeProblem(bySide, { noShow: false, chargeable: chargeable.length > 0, reasonCode: request.reasonCode });
    if (problem) throw badRequest(problem, { reasonCode: problem });
    const chargeableIds = new Set(chargeable.map((row) => row.shift.id));
    const cancellation = {
      status: 'CANCELLED' as const,
      statusChangedAt: now,
      updatedAt: now,
      cancelledAt: now,
      cancelledByUserId: actingPersonId(auth),
      cancelledBySide: bySide,
      cancellationReason: request.reason,
      cancellationReasonCode: request.reasonCode,
      noShow: false,
    };
    const ids = targets.map((row) => row.shift.id);
    for (const [shortNotice, group] of [
      [true, ids.filter((id) => chargeableIds.has(id))],
      [false, ids.filter((id) => !chargeableIds.has(id))],
    ] as const) {
      if (group.length > 0) await tx.update(shifts).set({ ...cancellation, shortNotice }).where(inArray(shifts.id, group));
    }
    for (const id of chargeableIds) await createCancellationJobReport(tx, { shiftId: id, now, autoApproveDays: ctx.jobReportAutoApproveDays });
    const moved = await reread(tx, ids);
    const { careSeeker, worker } = targets[0]!;
    await recordAudit(tx, {
      actorUserId: actingPersonId(auth),
      subjectUserId: careSeeker.id,
      action: 'series.cancelled',
      detail: { by: bySide, shifts: ids.length, shortNotice: chargeableIds.size, reasonCode: request.reasonCode },
      targetType: 'booking',
      targetId: bookingId,
    });
    const [recipient, byName] = bySide === 'WORKER' ? [careSeeker, fullName(worker)] : [worker, fullName(careSeeker)];
    await queueMail(tx, seriesCancelledEmail(ctx.site, recipient, byName, moved, request.reason));
    await notify(tx, seriesCancelledNotification(recipient.id, byName, moved, request.reason));
    return { bookingId, shifts: moved };
  });
}

/**
 * PATCH /api/bookings/{id}: the care seeker moves every live shift of the series that has not
 * started to new local times of day (each keeps its date; an end before the start ends the next
 * day). Times are read in the state's zone on each date, so a series across a daylight-saving
 * change keeps its wall-clock times. They wait for the worker to confirm again.
 */
export async function updateSeries(ctx: BookingContext, auth: RequestAuth, bookingId: string, request: UpdateSeries, now = new Date()): Promise<SeriesMove> {
  if (auth.user.role !== 'CS') throw notFound(SERIES_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const rows = await lockedSeriesOfSide(tx, auth, bookingId);
    const first = rows[0]!;
    const contract = await contractOfCareSeeker(tx, first.shift.contractId, auth.user.id);
    if (contract.status !== 'ACTIVE') throw conflict(CONTRACT_NOT_ACTIVE_MESSAGE);
    await lockPerson(tx, first.shift.workerId);
    const targets = rows.filter((row) => row.shift.status !== 'CANCELLED' && row.shift.startsAt.getTime() > now.getTime());
    if (targets.length === 0) throw conflict(SERIES_NOTHING_TO_CHANGE);
    const overnight = request.endTime <= request.startTime;
    const planned: (PlannedShift & { id: string })[] = targets.map((row) => {
      const date = toShift(row).startLocal.slice(0, 10);
      const endDate = overnight ? addDaysToDate(date, 1) : date;
      const plan = planShift(`${date}T${request.startTime}`, `${endDate}T${request.endTime}`, { ...contract, timeZone: row.shift.timeZone }, now, { start: 'startTime', end: 'endTime' }, { start: 'startTime', end: 'endTime' });
      return { ...plan, id: row.shift.id };
    });
    const ids = planned.map((shift) => shift.id);
    await refuseClashes(tx, first.shift.workerId, first.shift.careSeekerId, planned, ids);
    for (const shift of planned) {
      await tx
        .update(shifts)
        .set({ status: 'UNCONFIRMED', startsAt: shift.startsAt, endsAt: shift.endsAt, reminderSentAt: null, statusChangedAt: now, updatedAt: now })
        .where(eq(shifts.id, shift.id));
    }
    const moved = await reread(tx, ids);
    await recordAudit(tx, {
      actorUserId: actingPersonId(auth),
      subjectUserId: first.shift.careSeekerId,
      action: 'series.changed',
      detail: { shifts: ids.length, startTime: request.startTime, endTime: request.endTime },
      targetType: 'booking',
      targetId: bookingId,
    });
    await queueMail(tx, seriesChangedEmail(ctx.site, first.worker, fullName(first.careSeeker), moved));
    await notify(tx, seriesChangedNotification(first.worker.id, fullName(first.careSeeker), moved));
    return { bookingId, shifts: moved };
  });
}
