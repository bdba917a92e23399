import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { CONTRACT_NOT_FOUND, SHIFT_NOT_FOUND } from '@tendly/domain/api/bookings';
import {
  TIMESHEET_BREAK_TOO_LONG,
  TIMESHEET_CONTRACT_NOT_ACTIVE,
  TIMESHEET_END_BEFORE_START,
  TIMESHEET_IN_FUTURE,
  TIMESHEET_NOT_EDITABLE,
  TIMESHEET_NOT_FOUND,
  TIMESHEET_SHIFT_NOT_CONFIRMED,
  TIMESHEET_SHIFT_TAKEN,
  TIMESHEET_TOO_LONG,
  agreementPeriod,
  hoursOutsideAgreementMessage,
  isWithinAgreement,
  timesheetLimitErrors,
  timesheetMove,
  type Timesheet,
  type TimesheetLimits,
  type timesheetListQuerySchema,
  type timesheetRequestSchema,
} from '@tendly/domain/api/timesheets';
import { isNdisFunded } from '@tendly/domain/job-options';
import { ndisLineItem, supportLevels } from '@tendly/domain/ndis-line-items';
import { formatLocalDateTime, instantToLocal, minutesBetween } from '@tendly/domain/shift-time';
import { stateTimeZone } from '@tendly/domain/states';
import { recordAudit } from '../../platform/audit/audit-log';
import { actingPersonId, type RequestAuth } from '../../platform/auth/authenticate';
import { autoApproveAtFor, queueJobReportSubmitted } from '../../platform/billing/job-report-submission';
import type { Config } from '../../platform/config';
import type { Db, DbExecutor } from '../../platform/db/client';
import { lockPerson } from '../../platform/db/person-lock';
import { timesheets } from '../../platform/db/schema/billing';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { instantOf } from '../../platform/http/local-date-time';
import { presentTimesheetFor, presentTimesheetRows } from './present-timesheets';
import { priceHours } from './timesheet-estimate';
import { canDeleteTimesheet, canEditTimesheet, type TimesheetViewer } from './timesheet-policies';
import {
  expensesOf,
  findActiveContractsOfWorker,
  findOverlappingHours,
  findReportableShifts,
  findTimesheetRows,
  findWorkerContract,
  findWorkerShift,
  listTimesheetPage,
  lockShiftRow,
  lockTimesheet,
  ndisRatesOf,
  replaceExpenses,
  saveShiftNote,
  shareShiftNote,
  timesheetOfShift,
  usableReceipts,
  type ContractRecord,
  type TimesheetRecord,
} from './timesheets-repository';

/**
 * Hours (issue 14; workflows.md "Hours, job reports and invoices"): the worker records the hours
 * of a confirmed shift that has ended, or of unbooked work under an active service agreement, as
 * local date-times in the client's state; saves them as a draft day by day and submits them,
 * alone or together, as job reports. Every write re-checks the whole request in one transaction.
 */

export const NDIS_ITEM_NOT_ON_AGREEMENT = 'Choose one of the NDIS support items on the service agreement.';
export const NO_NDIS_ITEMS_ON_AGREEMENT = 'This service agreement has no NDIS support items.';
export const RECEIPT_NOT_USABLE = 'Upload the receipt again';
export const TIMESHEET_NOT_DELETABLE = 'Only saved hours that have not been submitted can be deleted.';
/** How many ended shifts the Submit hours screen offers at most (older ones: record against the agreement). */
export const REPORTABLE_SHIFTS_MAX = 200;

type TimesheetInput = z.output<typeof timesheetRequestSchema>;
type ListQuery = z.output<typeof timesheetListQuerySchema>;

export interface TimesheetsContext {
  db: Db;
  /** JOB_REPORT_AUTO_APPROVE_DAYS. */
  autoApproveDays: number;
  /** MAX_TRAVEL_KM_PER_SHIFT and MAX_EXPENSES_PER_REPORT_DOLLARS. */
  limits: TimesheetLimits;
}

export function timesheetLimitsOf(config: Pick<Config, 'MAX_TRAVEL_KM_PER_SHIFT' | 'MAX_EXPENSES_PER_REPORT_DOLLARS'>): TimesheetLimits {
  return { travelKmMax: config.MAX_TRAVEL_KM_PER_SHIFT, expensesTotalMaxCents: config.MAX_EXPENSES_PER_REPORT_DOLLARS * 100 };
}

/** A 400 naming every limit of one report the travel and expenses break (issue 29), if any. */
function refuseOverLimits(report: Parameters<typeof timesheetLimitErrors>[0], limits: TimesheetLimits): void {
  const errors = timesheetLimitErrors(report, limits);
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
}

const workerViewer = (auth: RequestAuth): TimesheetViewer => ({ kind: 'person', userId: auth.user.id });

function notEditable(): AppError {
  return new AppError(409, TIMESHEET_NOT_EDITABLE, { code: 'TIMESHEET_NOT_EDITABLE' });
}

interface PlannedHours {
  contract: ContractRecord;
  values: Omit<typeof timesheets.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
  expenses: { description: string; amountCents: number; receiptFileId: string | null; paidAsAgent: boolean }[];
  shiftNote: string;
}

/**
 * Null when hours from `startsAt` to `endsAt` lie within the agreement's period (from when it was
 * accepted, or its first day if later, to the end of its last day), otherwise the message naming
 * that period in the client's time zone. Never accepted: nothing lies within it.
 */
function hoursOutsideAgreement(contract: ContractRecord, startsAt: Date, endsAt: Date): string | null {
  if (contract.signedAt === null) return TIMESHEET_CONTRACT_NOT_ACTIVE;
  const period = agreementPeriod({ ...contract, timeZone: stateTimeZone(contract.clientState) });
  return isWithinAgreement(period, startsAt, endsAt) ? null : hoursOutsideAgreementMessage(contract.clientName, period);
}

/** The times: real local times, ending after they start, at most 24 hours, over, and longer than the break. */
function planTimes(request: TimesheetInput, timeZone: string, now: Date): { startsAt: Date; endsAt: Date } {
  const startsAt = instantOf(request.start, timeZone, 'start');
  const endsAt = instantOf(request.end, timeZone, 'end');
  const minutes = minutesBetween(startsAt, endsAt);
  if (minutes <= 0) throw badRequest(TIMESHEET_END_BEFORE_START, { end: TIMESHEET_END_BEFORE_START });
  if (minutes > 24 * 60) throw badRequest(TIMESHEET_TOO_LONG, { end: TIMESHEET_TOO_LONG });
  if (endsAt.getTime() > now.getTime()) throw badRequest(TIMESHEET_IN_FUTURE, { end: TIMESHEET_IN_FUTURE });
  if (request.breakMinutes >= minutes) throw badRequest(TIMESHEET_BREAK_TOO_LONG, { breakMinutes: TIMESHEET_BREAK_TOO_LONG });
  return { startsAt, endsAt };
}

/** The NDIS item claimed: one of the agreement's NDIS rates (the first when none is chosen). */
async function planNdisItem(tx: DbExecutor, contract: ContractRecord, chosen: TimesheetInput['ndisLineItem']) {
  const rates = isNdisFunded(contract.fundingType) ? await ndisRatesOf(tx, [contract.id]) : [];
  if (rates.length === 0) {
    if (chosen !== null) throw badRequest(NO_NDIS_ITEMS_ON_AGREEMENT, { ndisLineItem: NO_NDIS_ITEMS_ON_AGREEMENT });
    return { ndisLineItem: null, ndisLevel: null };
  }
  const rate = chosen === null ? rates[0] : rates.find((candidate) => candidate.lineItem === chosen);
  if (!rate) throw badRequest(NDIS_ITEM_NOT_ON_AGREEMENT, { ndisLineItem: NDIS_ITEM_NOT_ON_AGREEMENT });
  return { ndisLineItem: rate.lineItem, ndisLevel: rate.level };
}

/**
 * Checks a request to record hours against the agreement, the shift, the clock, the worker's
 * other hours and their receipts, and answers what to store. `current` is the timesheet being
 * changed (null for new hours).
 */
async function planHours(tx: DbExecutor, workerId: string, request: TimesheetInput, current: TimesheetRecord | null, limits: TimesheetLimits, now: Date): Promise<PlannedHours> {
  refuseOverLimits(request, limits);
  // One worker's saves of hours run one at a time, and with their bookings, so that two saved at
  // once cannot both pass the overlap check.
  await lockPerson(tx, workerId);
  const contract = await findWorkerContract(tx, request.contractId, workerId);
  if (!contract) throw notFound(CONTRACT_NOT_FOUND);
  const timeZone = stateTimeZone(contract.clientState);
  const exceptId = current?.id ?? null;

  if (request.shiftId !== null) {
    const shift = await findWorkerShift(tx, request.shiftId, workerId);
    if (!shift || shift.contractId !== contract.id) throw notFound(SHIFT_NOT_FOUND);
    await lockShiftRow(tx, shift.id);
    if (shift.status !== 'CONFIRMED') throw conflict(TIMESHEET_SHIFT_NOT_CONFIRMED);
    if (shift.endsAt.getTime() > now.getTime()) throw badRequest(TIMESHEET_IN_FUTURE, { shiftId: TIMESHEET_IN_FUTURE });
    if (await timesheetOfShift(tx, shift.id, exceptId)) throw conflict(TIMESHEET_SHIFT_TAKEN);
  } else {
    // Unbooked work needs an active agreement; hours already recorded under it may still be fixed after it ends.
    if (contract.status !== 'ACTIVE' && current?.contractId !== contract.id) throw conflict(TIMESHEET_CONTRACT_NOT_ACTIVE);
  }

  const { startsAt, endsAt } = planTimes(request, timeZone, now);
  // Booked or not, the hours lie within the agreement's period, as instants (issue 29).
  const outside = hoursOutsideAgreement(contract, startsAt, endsAt);
  if (outside) throw badRequest(outside, { start: outside });
  const overlap = await findOverlappingHours(tx, workerId, startsAt, endsAt, exceptId);
  if (overlap) throw conflict(`These hours overlap the hours you recorded for ${overlap.clientName} on ${formatLocalDateTime(instantToLocal(overlap.startsAt, overlap.timeZone))}.`);

  const receiptIds = [...new Set(request.expenses.flatMap((expense) => (expense.receiptFileId ? [expense.receiptFileId] : [])))];
  const usable = await usableReceipts(tx, workerId, receiptIds, exceptId);
  request.expenses.forEach((expense, index) => {
    if (expense.receiptFileId && !usable.has(expense.receiptFileId)) {
      throw badRequest(RECEIPT_NOT_USABLE, { [`expenses.${index}.receiptFileId`]: RECEIPT_NOT_USABLE });
    }
  });

  return {
    contract,
    values: {
      kind: 'SHIFT',
      contractId: contract.id,
      shiftId: request.shiftId,
      workerId,
      careSeekerId: contract.careSeekerId,
      startsAt,
      endsAt,
      timeZone,
      state: contract.clientState,
      breakMinutes: request.breakMinutes,
      travelTenthKm: Math.round(request.travelKm * 10),
      travelNote: request.travelNote,
      ...(await planNdisItem(tx, contract, request.ndisLineItem)),
    },
    expenses: request.expenses.map((expense) => ({ description: expense.description, amountCents: expense.amountCents, receiptFileId: expense.receiptFileId, paidAsAgent: expense.paidAsAgent })),
    shiftNote: request.shiftNote,
  };
}

/**
 * Submits locked hours: refuses what breaks the limits of one report as it is stored (hours saved
 * before a limit was lowered) and what cannot be priced (a 422 naming why: approval would fail the
 * same way), then makes them a job report and shares the shift note with the care seeker.
 */
async function submitLocked(tx: DbExecutor, ctx: Pick<TimesheetsContext, 'autoApproveDays' | 'limits'>, auth: RequestAuth, timesheet: TimesheetRecord, submittedAt: Date): Promise<void> {
  const to = timesheetMove(timesheet.status, 'submit');
  if (!to) throw notEditable();
  // Saved hours are checked again: the agreement may have been ended with notice since (issue 29).
  const contract = await findWorkerContract(tx, timesheet.contractId, timesheet.workerId);
  const outside = contract ? hoursOutsideAgreement(contract, timesheet.startsAt, timesheet.endsAt) : CONTRACT_NOT_FOUND;
  if (timesheet.kind === 'SHIFT' && outside) throw new AppError(409, outside, { code: 'HOURS_OUTSIDE_AGREEMENT' });
  const expenses = await expensesOf(tx, [timesheet.id]);
  refuseOverLimits({ travelKm: timesheet.travelTenthKm / 10, expenses }, ctx.limits);
  await priceHours(tx, timesheet, expenses);
  await tx
    .update(timesheets)
    .set({
      status: to,
      submittedAt,
      submittedByUserId: actingPersonId(auth),
      autoApproveAt: autoApproveAtFor(submittedAt, ctx.autoApproveDays),
      decidedAt: null,
      decidedBy: null,
      decidedByUserId: null,
      rejectionReason: null,
      updatedAt: submittedAt,
    })
    .where(and(eq(timesheets.id, timesheet.id), eq(timesheets.status, timesheet.status)));
  await shareShiftNote(tx, timesheet.id, submittedAt);
  await recordAudit(tx, {
    actorUserId: actingPersonId(auth),
    subjectUserId: timesheet.careSeekerId,
    action: timesheet.status === 'REJECTED' ? 'timesheet.resubmitted' : 'timesheet.submitted',
    detail: { contractId: timesheet.contractId, shiftId: timesheet.shiftId },
    targetType: 'timesheet',
    targetId: timesheet.id,
  });
  await queueJobReportSubmitted(tx, timesheet.id, submittedAt);
}

/** A unique-index violation: two saves of hours for one shift at once. */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

async function refusingDuplicateShift<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(TIMESHEET_SHIFT_TAKEN);
    throw error;
  }
}

/** POST /api/timesheets: new hours, saved as a draft or submitted at once. */
export async function createTimesheet(ctx: TimesheetsContext, auth: RequestAuth, request: TimesheetInput, now = new Date()): Promise<Timesheet> {
  const workerId = auth.user.id;
  const id = await refusingDuplicateShift(() =>
    ctx.db.transaction(async (tx) => {
      const planned = await planHours(tx, workerId, request, null, ctx.limits, now);
      const [row] = await tx
        .insert(timesheets)
        .values({ ...planned.values, status: 'DRAFT', createdByUserId: actingPersonId(auth), createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('createTimesheet: no row');
      await replaceExpenses(tx, row.id, planned.expenses);
      await saveShiftNote(tx, row, planned.shiftNote, now);
      if (request.submit) await submitLocked(tx, ctx, auth, row, now);
      return row.id;
    }),
  );
  return presentTimesheetFor(ctx.db, id, workerViewer(auth));
}

/** The worker's own timesheet, locked, or a 404. */
async function lockOwn(tx: DbExecutor, auth: RequestAuth, timesheetId: string): Promise<TimesheetRecord> {
  const timesheet = await lockTimesheet(tx, timesheetId);
  if (!timesheet || timesheet.workerId !== auth.user.id) throw notFound(TIMESHEET_NOT_FOUND);
  return timesheet;
}

/** PUT /api/timesheets/{id}: changes a draft or a rejected report; submit=true (re)submits it. */
export async function updateTimesheet(ctx: TimesheetsContext, auth: RequestAuth, timesheetId: string, request: TimesheetInput, now = new Date()): Promise<Timesheet> {
  await refusingDuplicateShift(() =>
    ctx.db.transaction(async (tx) => {
      // The worker's row first, as every save of hours takes it, then the timesheet's.
      await lockPerson(tx, auth.user.id);
      const current = await lockOwn(tx, auth, timesheetId);
      if (!canEditTimesheet(workerViewer(auth), current)) throw notEditable();
      const planned = await planHours(tx, auth.user.id, request, current, ctx.limits, now);
      const [row] = await tx
        .update(timesheets)
        .set({ ...planned.values, updatedAt: now })
        .where(eq(timesheets.id, current.id))
        .returning();
      if (!row) throw notFound(TIMESHEET_NOT_FOUND);
      await replaceExpenses(tx, row.id, planned.expenses);
      await saveShiftNote(tx, row, planned.shiftNote, now);
      if (request.submit) await submitLocked(tx, ctx, auth, row, now);
    }),
  );
  return presentTimesheetFor(ctx.db, timesheetId, workerViewer(auth));
}

/** DELETE /api/timesheets/{id}: a saved draft only (its note and expenses go with it). */
export async function deleteTimesheet(ctx: TimesheetsContext, auth: RequestAuth, timesheetId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const current = await lockOwn(tx, auth, timesheetId);
    if (!canDeleteTimesheet(workerViewer(auth), current)) throw new AppError(409, TIMESHEET_NOT_DELETABLE, { code: 'TIMESHEET_NOT_EDITABLE' });
    await tx.delete(timesheets).where(eq(timesheets.id, current.id));
  });
}

/**
 * POST /api/timesheets/submit: saved hours submitted together, all or none. Each gets its own
 * submission time, a millisecond apart in the order given, so that the lists (newest submitted
 * first, paged by that time) keep a strict order.
 */
export async function submitTimesheets(ctx: TimesheetsContext, auth: RequestAuth, ids: readonly string[], now = new Date()): Promise<{ timesheets: Timesheet[]; allLoaded: boolean }> {
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    // Locked in one order, so that two batches sharing hours cannot deadlock.
    const locked = new Map<string, TimesheetRecord>();
    for (const id of [...unique].sort()) locked.set(id, await lockOwn(tx, auth, id));
    for (const [index, id] of unique.entries()) {
      const timesheet = locked.get(id)!;
      if (!canEditTimesheet(workerViewer(auth), timesheet)) throw notEditable();
      await submitLocked(tx, ctx, auth, timesheet, new Date(now.getTime() - index));
    }
  });
  const rows = await findTimesheetRows(ctx.db, unique);
  const byId = new Map(rows.map((row) => [row.timesheet.id, row]));
  return { timesheets: await presentTimesheetRows(ctx.db, unique.flatMap((id) => byId.get(id) ?? []), workerViewer(auth)), allLoaded: true };
}

/** GET /api/timesheets/{id}: the worker, or the care seeker's side once submitted. */
export function getTimesheet(ctx: TimesheetsContext, auth: RequestAuth, timesheetId: string): Promise<Timesheet> {
  return presentTimesheetFor(ctx.db, timesheetId, { kind: 'person', userId: auth.user.id });
}

/** GET /api/timesheets: the worker's own hours, newest first (drafts by when they were last saved). */
export async function listMyTimesheets(ctx: TimesheetsContext, auth: RequestAuth, query: ListQuery): Promise<{ timesheets: Timesheet[]; allLoaded: boolean }> {
  const { rows, allLoaded } = await listTimesheetPage(ctx.db, { role: 'CR', userId: auth.user.id }, { status: query.status, before: query.before ? new Date(query.before) : undefined, limit: query.limit });
  return { timesheets: await presentTimesheetRows(ctx.db, rows, workerViewer(auth)), allLoaded };
}

/** GET /api/timesheets/to-report: the worker's ended confirmed shifts without hours, and their active agreements. */
export async function workToReport(ctx: TimesheetsContext, auth: RequestAuth, now = new Date()) {
  const workerId = auth.user.id;
  const [shiftRows, contractRows] = await Promise.all([findReportableShifts(ctx.db, workerId, now, REPORTABLE_SHIFTS_MAX), findActiveContractsOfWorker(ctx.db, workerId)]);
  const rates = await ndisRatesOf(
    ctx.db,
    contractRows.filter((row) => isNdisFunded(row.contract.fundingType)).map((row) => row.contract.id),
  );
  return {
    shifts: shiftRows.map((row) => ({
      id: row.shift.id,
      contractId: row.shift.contractId,
      clientName: row.clientName,
      careSeeker: row.careSeeker,
      state: row.state,
      startLocal: instantToLocal(row.shift.startsAt, row.shift.timeZone),
      endLocal: instantToLocal(row.shift.endsAt, row.shift.timeZone),
    })),
    contracts: contractRows.map(({ contract, careSeeker }) => {
      const seen = new Set<string>();
      const items = rates
        .filter((rate) => rate.contractId === contract.id)
        .filter((rate) => {
          const key = `${rate.lineItem}:${rate.level}`;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      return {
        id: contract.id,
        clientName: contract.clientName,
        careSeeker,
        state: contract.clientState,
        fundingType: contract.fundingType,
        ndisLineItems: items.map((rate) => ({
          lineItem: rate.lineItem,
          level: rate.level,
          label: `${ndisLineItem(rate.lineItem).label} (${supportLevels.find((level) => level.code === rate.level)?.label ?? rate.level})`,
        })),
        travelPerKmCents: contract.travelPerKmCents,
      };
    }),
    limits: ctx.limits,
  };
}
