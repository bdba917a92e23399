import { approvalHolds, type ApprovalHold } from '@tendly/domain/api/timesheets';
import { minutesBetween } from '@tendly/domain/shift-time';
import type { TimesheetRow } from './timesheets-repository';

/**
 * Why a submitted report waits for the care seeker's side (issue 29; the rule is the domain's
 * `approvalHolds`), from its stored hours, its booked shift and its expenses. Only a SUBMITTED
 * report waits: anything else has none.
 */
export function approvalHoldsOf(row: Pick<TimesheetRow, 'timesheet' | 'bookedStartsAt' | 'bookedEndsAt'>, expenses: readonly { amountCents: number }[]): ApprovalHold[] {
  const { timesheet } = row;
  if (timesheet.status !== 'SUBMITTED') return [];
  const booked = row.bookedStartsAt && row.bookedEndsAt ? minutesBetween(row.bookedStartsAt, row.bookedEndsAt) : null;
  return approvalHolds({
    kind: timesheet.kind,
    workedMinutes: minutesBetween(timesheet.startsAt, timesheet.endsAt) - timesheet.breakMinutes,
    bookedMinutes: booked,
    travelKm: timesheet.travelTenthKm / 10,
    expenses,
  });
}
