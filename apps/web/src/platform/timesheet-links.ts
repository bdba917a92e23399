import { routePath } from '@tendly/domain/routes';

/**
 * Links into the hours form (/submit-timesheet, issue 14), written once for the screens that
 * send a worker there: Job Reports ("Fix and resubmit"), Saved hours ("Edit") and My bookings
 * ("Submit hours" on a shift that has ended).
 */
export const TIMESHEET_PARAM = 'timesheet';
export const SHIFT_PARAM = 'shift';

/** The form with saved or sent-back hours loaded, to change and save or submit again. */
export function editTimesheetPath(timesheetId: string): string {
  return `${routePath('submitTimesheet')}?${new URLSearchParams({ [TIMESHEET_PARAM]: timesheetId }).toString()}`;
}

/** The form with a shift that has ended already chosen. */
export function submitHoursForShiftPath(shiftId: string): string {
  return `${routePath('submitTimesheet')}?${new URLSearchParams({ [SHIFT_PARAM]: shiftId }).toString()}`;
}
