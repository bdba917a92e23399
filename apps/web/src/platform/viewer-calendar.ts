import { instantToLocalDate } from '@tendly/domain/shift-time';

/**
 * The calendar date (YYYY-MM-DD) of an instant where the viewer is, by their browser's time zone:
 * for dates that belong to no state (an invoice's issue date in the fee list, "today" for a
 * download's date range).
 */
export function viewerLocalDate(instant: Date): string {
  return instantToLocalDate(instant, Intl.DateTimeFormat().resolvedOptions().timeZone);
}
