import { isDeletableTimesheet, isEditableTimesheet, timesheetMove, type TimesheetKind, type TimesheetStatus } from '@tendly/domain/api/timesheets';

/**
 * Who may do what to hours (STYLE.md rule 4: one policy per rule). A person is signed in as the
 * worker or the care seeker (a coordinator acting for a care seeker is that care seeker); the
 * nominee is not signed in, and reaches one report through its signed link.
 */
export type TimesheetViewer = { kind: 'person'; userId: string } | { kind: 'nominee' };

export interface TimesheetFacts {
  kind: TimesheetKind;
  status: TimesheetStatus;
  workerId: string;
  careSeekerId: string;
}

const isWorkerOf = (viewer: TimesheetViewer, timesheet: TimesheetFacts) => viewer.kind === 'person' && viewer.userId === timesheet.workerId;
const isCareSeekerOf = (viewer: TimesheetViewer, timesheet: TimesheetFacts) => viewer.kind === 'person' && viewer.userId === timesheet.careSeekerId;

/** The worker sees their hours; the care seeker's side sees them once submitted (never a draft). */
export function canSeeTimesheet(viewer: TimesheetViewer, timesheet: TimesheetFacts): boolean {
  if (isWorkerOf(viewer, timesheet)) return true;
  return timesheet.status !== 'DRAFT' && (isCareSeekerOf(viewer, timesheet) || viewer.kind === 'nominee');
}

/** The worker changes their own hours while they are a draft or rejected; a cancellation's report is the system's. */
export function canEditTimesheet(viewer: TimesheetViewer, timesheet: TimesheetFacts): boolean {
  return isWorkerOf(viewer, timesheet) && timesheet.kind === 'SHIFT' && isEditableTimesheet(timesheet.status);
}

export function canDeleteTimesheet(viewer: TimesheetViewer, timesheet: TimesheetFacts): boolean {
  return canEditTimesheet(viewer, timesheet) && isDeletableTimesheet(timesheet.status);
}

/** The care seeker (or a coordinator acting for them) or their nominee decides a submitted report. */
export function canDecideJobReport(viewer: TimesheetViewer, timesheet: TimesheetFacts): boolean {
  return (isCareSeekerOf(viewer, timesheet) || viewer.kind === 'nominee') && timesheetMove(timesheet.status, 'approve') !== undefined;
}

/**
 * A receipt: the worker who uploaded it, and the care seeker of a timesheet that uses it once it
 * is submitted. Anyone else is told it does not exist.
 */
export function canFetchReceipt(userId: string, receipt: { uploadedBy: string | null; onTimesheets: readonly { careSeekerId: string; status: TimesheetStatus }[] }): boolean {
  if (receipt.uploadedBy === userId) return true;
  return receipt.onTimesheets.some((timesheet) => timesheet.careSeekerId === userId && timesheet.status !== 'DRAFT');
}
