import { and, asc, desc, eq, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { TimesheetStatus } from '@tendly/domain/api/timesheets';
import type { DbExecutor } from '../../platform/db/client';
import { careSeekers, partyColumns, workers } from '../../platform/db/engagement-parties';
import { accountNominees, invoices, shiftNotes, timesheetExpenses, timesheets } from '../../platform/db/schema/billing';
import { contractNdisRates, contracts, shifts } from '../../platform/db/schema/engagements';
import { storedFiles } from '../../platform/db/schema/platform';
import { overlapsWorkerTime } from '../../platform/db/worker-time-overlap';

/** Reading and writing hours (timesheets) with their parties, expenses and shift note. */

const timesheetColumns = {
  timesheet: timesheets,
  clientName: contracts.clientName,
  fundingType: contracts.fundingType,
  ...partyColumns,
  shiftNote: shiftNotes.body,
  shiftNoteSharedAt: shiftNotes.sharedAt,
  /** The booked shift's times (null for unbooked work): what the hours are held against (issue 29). */
  bookedStartsAt: shifts.startsAt,
  bookedEndsAt: shifts.endsAt,
};

function selectTimesheets(db: DbExecutor) {
  return db
    .select(timesheetColumns)
    .from(timesheets)
    .innerJoin(contracts, eq(contracts.id, timesheets.contractId))
    .innerJoin(careSeekers, eq(careSeekers.id, timesheets.careSeekerId))
    .innerJoin(workers, eq(workers.id, timesheets.workerId))
    .leftJoin(shiftNotes, eq(shiftNotes.timesheetId, timesheets.id))
    .leftJoin(shifts, eq(shifts.id, timesheets.shiftId));
}

export type TimesheetRow = Awaited<ReturnType<ReturnType<typeof selectTimesheets>['execute']>>[number];
export type TimesheetRecord = typeof timesheets.$inferSelect;

export interface ExpenseRow {
  id: string;
  timesheetId: string;
  description: string;
  amountCents: number;
  receiptFileId: string | null;
  receiptName: string | null;
  paidAsAgent: boolean;
}

export async function findTimesheetRow(db: DbExecutor, timesheetId: string): Promise<TimesheetRow | undefined> {
  const [row] = await selectTimesheets(db).where(eq(timesheets.id, timesheetId));
  return row;
}

export async function findTimesheetRows(db: DbExecutor, ids: readonly string[]): Promise<TimesheetRow[]> {
  if (ids.length === 0) return [];
  return selectTimesheets(db).where(inArray(timesheets.id, [...ids]));
}

/** The time a list runs by, newest first: when the report was submitted, or a draft last saved. */
export const listedAt = sql<Date>`coalesce(${timesheets.submittedAt}, ${timesheets.updatedAt})`;

/** One page of a side's hours, newest first by `listedAt`, strictly before the cursor. */
export async function listTimesheetPage(
  db: DbExecutor,
  side: { role: 'CS' | 'CR'; userId: string },
  filter: { status?: TimesheetStatus | undefined; excludeDrafts?: boolean; before?: Date | undefined; limit: number },
): Promise<{ rows: TimesheetRow[]; allLoaded: boolean }> {
  const rows = await selectTimesheets(db)
    .where(
      and(
        side.role === 'CR' ? eq(timesheets.workerId, side.userId) : eq(timesheets.careSeekerId, side.userId),
        // The care seeker's side never sees the worker's drafts.
        side.role === 'CS' || filter.excludeDrafts ? ne(timesheets.status, 'DRAFT') : undefined,
        filter.status ? eq(timesheets.status, filter.status) : undefined,
        filter.before ? lt(listedAt, sql`${filter.before.toISOString()}::timestamptz`) : undefined,
      ),
    )
    .orderBy(desc(listedAt), desc(timesheets.id))
    .limit(filter.limit + 1);
  return { rows: rows.slice(0, filter.limit), allLoaded: rows.length <= filter.limit };
}

/** Holds the timesheet's row until the transaction ends and answers it as it is now. */
export async function lockTimesheet(db: DbExecutor, timesheetId: string): Promise<TimesheetRecord | undefined> {
  const [row] = await db.select().from(timesheets).where(eq(timesheets.id, timesheetId)).for('update');
  return row;
}

export async function expensesOf(db: DbExecutor, timesheetIds: readonly string[]): Promise<ExpenseRow[]> {
  if (timesheetIds.length === 0) return [];
  return db
    .select({
      id: timesheetExpenses.id,
      timesheetId: timesheetExpenses.timesheetId,
      description: timesheetExpenses.description,
      amountCents: timesheetExpenses.amountCents,
      receiptFileId: timesheetExpenses.receiptFileId,
      receiptName: storedFiles.originalName,
      paidAsAgent: timesheetExpenses.paidAsAgent,
    })
    .from(timesheetExpenses)
    .leftJoin(storedFiles, eq(storedFiles.id, timesheetExpenses.receiptFileId))
    .where(inArray(timesheetExpenses.timesheetId, [...timesheetIds]))
    .orderBy(asc(timesheetExpenses.timesheetId), asc(timesheetExpenses.position));
}

export async function replaceExpenses(
  tx: DbExecutor,
  timesheetId: string,
  expenses: readonly { description: string; amountCents: number; receiptFileId: string | null; paidAsAgent: boolean }[],
): Promise<void> {
  await tx.delete(timesheetExpenses).where(eq(timesheetExpenses.timesheetId, timesheetId));
  if (expenses.length === 0) return;
  await tx.insert(timesheetExpenses).values(expenses.map((expense, position) => ({ timesheetId, ...expense, position })));
}

/**
 * The worker's note on the hours: written, replaced or (when emptied) removed with them. The
 * care seeker sees it once the hours are submitted (`shared_at`).
 */
export async function saveShiftNote(tx: DbExecutor, timesheet: TimesheetRecord, body: string, now: Date): Promise<void> {
  if (body === '') {
    await tx.delete(shiftNotes).where(eq(shiftNotes.timesheetId, timesheet.id));
    return;
  }
  const values = {
    shiftId: timesheet.shiftId,
    contractId: timesheet.contractId,
    workerId: timesheet.workerId,
    careSeekerId: timesheet.careSeekerId,
    startsAt: timesheet.startsAt,
    endsAt: timesheet.endsAt,
    timeZone: timesheet.timeZone,
    state: timesheet.state,
    body,
    updatedAt: now,
  };
  await tx
    .insert(shiftNotes)
    .values({ timesheetId: timesheet.id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: shiftNotes.timesheetId, set: values });
}

export async function shareShiftNote(tx: DbExecutor, timesheetId: string, now: Date): Promise<void> {
  await tx
    .update(shiftNotes)
    .set({ sharedAt: now })
    .where(and(eq(shiftNotes.timesheetId, timesheetId), isNull(shiftNotes.sharedAt)));
}

/** A contract of the worker's, with what recording hours needs. */
export async function findWorkerContract(db: DbExecutor, contractId: string, workerId: string) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.workerId, workerId)));
  return row;
}

export type ContractRecord = typeof contracts.$inferSelect;

export async function ndisRatesOf(db: DbExecutor, contractIds: readonly string[]) {
  if (contractIds.length === 0) return [];
  return db
    .select({ contractId: contractNdisRates.contractId, lineItem: contractNdisRates.lineItem, level: contractNdisRates.level })
    .from(contractNdisRates)
    .where(inArray(contractNdisRates.contractId, [...contractIds]))
    .orderBy(asc(contractNdisRates.contractId), asc(contractNdisRates.position));
}

export async function findWorkerShift(db: DbExecutor, shiftId: string, workerId: string) {
  const [row] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, shiftId), eq(shifts.workerId, workerId)));
  return row;
}

/** Holds the shift's row: two saves of hours for one shift run one at a time. */
export async function lockShiftRow(db: DbExecutor, shiftId: string): Promise<void> {
  await db.select({ id: shifts.id }).from(shifts).where(eq(shifts.id, shiftId)).for('update');
}

export async function timesheetOfShift(db: DbExecutor, shiftId: string, exceptTimesheetId: string | null) {
  const [row] = await db
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(and(eq(timesheets.shiftId, shiftId), exceptTimesheetId ? ne(timesheets.id, exceptTimesheetId) : undefined));
  return row;
}

/** The worker's first other hours (not a cancellation) that overlap [startsAt, endsAt). */
export async function findOverlappingHours(db: DbExecutor, workerId: string, startsAt: Date, endsAt: Date, exceptTimesheetId: string | null) {
  const [row] = await db
    .select({ id: timesheets.id, startsAt: timesheets.startsAt, timeZone: timesheets.timeZone, clientName: contracts.clientName })
    .from(timesheets)
    .innerJoin(contracts, eq(contracts.id, timesheets.contractId))
    .where(and(overlapsWorkerTime(timesheets, workerId, startsAt, endsAt, exceptTimesheetId), eq(timesheets.kind, 'SHIFT')))
    .orderBy(asc(timesheets.startsAt))
    .limit(1);
  return row;
}

/** Receipts the worker uploaded among `fileIds` that no other timesheet uses. */
export async function usableReceipts(db: DbExecutor, workerId: string, fileIds: readonly string[], timesheetId: string | null): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const owned = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(inArray(storedFiles.id, [...fileIds]), eq(storedFiles.ownerUserId, workerId), eq(storedFiles.purpose, 'EXPENSE_RECEIPT')));
  const usedElsewhere = await db
    .select({ id: timesheetExpenses.receiptFileId })
    .from(timesheetExpenses)
    .where(and(inArray(timesheetExpenses.receiptFileId, [...fileIds]), timesheetId ? ne(timesheetExpenses.timesheetId, timesheetId) : undefined));
  const taken = new Set(usedElsewhere.map((row) => row.id));
  return new Set(owned.map((row) => row.id).filter((id) => !taken.has(id)));
}

/**
 * Confirmed shifts of the worker that have ended and have no hours yet, latest first. At most
 * `limit`: older ones are still reachable by recording hours against the agreement.
 */
export async function findReportableShifts(db: DbExecutor, workerId: string, now: Date, limit: number) {
  return db
    .select({
      shift: shifts,
      clientName: contracts.clientName,
      state: contracts.clientState,
      careSeeker: { id: careSeekers.id, firstName: careSeekers.firstName, lastName: careSeekers.lastName },
    })
    .from(shifts)
    .innerJoin(contracts, eq(contracts.id, shifts.contractId))
    .innerJoin(careSeekers, eq(careSeekers.id, shifts.careSeekerId))
    .leftJoin(timesheets, eq(timesheets.shiftId, shifts.id))
    .where(and(eq(shifts.workerId, workerId), eq(shifts.status, 'CONFIRMED'), lte(shifts.endsAt, now), isNull(timesheets.id)))
    .orderBy(desc(shifts.startsAt))
    .limit(limit);
}

export async function findActiveContractsOfWorker(db: DbExecutor, workerId: string) {
  return db
    .select({
      contract: contracts,
      careSeeker: { id: careSeekers.id, firstName: careSeekers.firstName, lastName: careSeekers.lastName },
    })
    .from(contracts)
    .innerJoin(careSeekers, eq(careSeekers.id, contracts.careSeekerId))
    .where(and(eq(contracts.workerId, workerId), eq(contracts.status, 'ACTIVE')))
    .orderBy(asc(contracts.clientName), asc(contracts.id));
}

export async function findNominee(db: DbExecutor, careSeekerId: string) {
  const [row] = await db.select().from(accountNominees).where(eq(accountNominees.careSeekerId, careSeekerId));
  return row;
}

export interface DueReport {
  id: string;
  autoApproveAt: Date;
}

/** Reports past their auto-approval time, oldest due first, after `after` (the last of the previous batch). */
export async function findDueForAutoApproval(db: DbExecutor, now: Date, limit: number, after: DueReport | null): Promise<DueReport[]> {
  const rows = await db
    .select({ id: timesheets.id, autoApproveAt: timesheets.autoApproveAt })
    .from(timesheets)
    .where(
      and(
        eq(timesheets.status, 'SUBMITTED'),
        lte(timesheets.autoApproveAt, now),
        after ? sql`(${timesheets.autoApproveAt}, ${timesheets.id}) > (${after.autoApproveAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(timesheets.autoApproveAt), asc(timesheets.id))
    .limit(limit);
  return rows.flatMap((row) => (row.autoApproveAt ? [{ id: row.id, autoApproveAt: row.autoApproveAt }] : []));
}

/** A receipt with who may see it: its uploader, and the care seeker of any timesheet it is on. */
export async function findReceipt(db: DbExecutor, fileId: string) {
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.id, fileId), eq(storedFiles.purpose, 'EXPENSE_RECEIPT')));
  if (!file) return undefined;
  const onTimesheets = await db
    .select({ careSeekerId: timesheets.careSeekerId, status: timesheets.status })
    .from(timesheetExpenses)
    .innerJoin(timesheets, eq(timesheets.id, timesheetExpenses.timesheetId))
    .where(eq(timesheetExpenses.receiptFileId, fileId));
  return { file, onTimesheets };
}

/** The live invoice of each timesheet among `ids` (a credited one once it has no other). */
export async function invoicesOfTimesheets(db: DbExecutor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, timesheetId: invoices.timesheetId })
    .from(invoices)
    .where(and(inArray(invoices.timesheetId, [...ids]), eq(invoices.kind, 'INVOICE')))
    .orderBy(asc(invoices.issuedAt));
  // Later rows win: the newest invoice of a timesheet is its live one.
  return new Map(rows.flatMap((row) => (row.timesheetId ? [[row.timesheetId, row.id] as const] : [])));
}
