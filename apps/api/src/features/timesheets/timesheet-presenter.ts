import type { Timesheet } from '@tendly/domain/api/timesheets';
import { instantToLocal, minutesBetween } from '@tendly/domain/shift-time';
import { approvalHoldsOf } from './approval-holds';
import { canDecideJobReport, canEditTimesheet, type TimesheetViewer } from './timesheet-policies';
import type { ExpenseRow, TimesheetRow } from './timesheets-repository';
import { personNameOf } from '../../platform/http/person-name';

/** What leaves the server about hours (STYLE.md: presenters decide what leaves the server). */

export type TimesheetEstimate = Pick<Timesheet, 'estimate' | 'priceProblem'>;

/** Where a receipt is fetched from (the worker's own, or the care seeker of the hours). */
export function receiptUrl(fileId: string): string {
  return `/api/timesheets/receipts/${fileId}`;
}

export function presentTimesheet(
  row: TimesheetRow,
  extras: { expenses: readonly ExpenseRow[]; estimate: TimesheetEstimate; invoiceId: string | null },
  viewer: TimesheetViewer,
): Timesheet {
  const { timesheet } = row;
  const facts = { kind: timesheet.kind, status: timesheet.status, workerId: timesheet.workerId, careSeekerId: timesheet.careSeekerId };
  const isWorker = viewer.kind === 'person' && viewer.userId === timesheet.workerId;
  // The care seeker's side reads the note once the hours are submitted (shift_notes.shared_at).
  const shiftNote = row.shiftNote !== null && (isWorker || row.shiftNoteSharedAt !== null) ? row.shiftNote : '';
  const approvalHolds = approvalHoldsOf(row, extras.expenses);
  return {
    id: timesheet.id,
    kind: timesheet.kind,
    status: timesheet.status,
    contractId: timesheet.contractId,
    shiftId: timesheet.shiftId,
    worker: personNameOf(row.worker),
    careSeeker: personNameOf(row.careSeeker),
    clientName: row.clientName,
    state: timesheet.state,
    timeZone: timesheet.timeZone,
    startLocal: instantToLocal(timesheet.startsAt, timesheet.timeZone),
    endLocal: instantToLocal(timesheet.endsAt, timesheet.timeZone),
    startsAt: timesheet.startsAt.toISOString(),
    endsAt: timesheet.endsAt.toISOString(),
    breakMinutes: timesheet.breakMinutes,
    workedMinutes: minutesBetween(timesheet.startsAt, timesheet.endsAt) - timesheet.breakMinutes,
    travelKm: timesheet.travelTenthKm / 10,
    travelNote: timesheet.travelNote,
    expenses: extras.expenses.map((expense) => ({
      id: expense.id,
      description: expense.description,
      amountCents: expense.amountCents,
      receipt: expense.receiptFileId ? { fileId: expense.receiptFileId, fileName: expense.receiptName ?? 'receipt', url: receiptUrl(expense.receiptFileId) } : null,
      paidAsAgent: expense.paidAsAgent,
    })),
    shiftNote,
    ndisLineItem: timesheet.ndisLineItem,
    ndisLevel: timesheet.ndisLevel,
    cancellation:
      timesheet.kind === 'CANCELLATION'
        ? { reasonCode: timesheet.cancellationReasonCode, reason: timesheet.cancellationReason ?? '', chargePercent: timesheet.cancellationChargePercent ?? 0 }
        : null,
    estimate: extras.estimate.estimate,
    priceProblem: extras.estimate.priceProblem,
    submittedAt: timesheet.submittedAt?.toISOString() ?? null,
    // A report that waits for a person is never approved automatically (issue 29).
    autoApproveAt: timesheet.status === 'SUBMITTED' && approvalHolds.length === 0 ? (timesheet.autoApproveAt?.toISOString() ?? null) : null,
    approvalHolds,
    decidedAt: timesheet.decidedAt?.toISOString() ?? null,
    decidedBy: timesheet.decidedBy,
    rejectionReason: timesheet.rejectionReason,
    invoiceId: extras.invoiceId,
    canEdit: canEditTimesheet(viewer, facts),
    canDecide: canDecideJobReport(viewer, facts),
    updatedAt: timesheet.updatedAt.toISOString(),
  };
}
