import { formatInstantDateTime, formatShortCalendarDate } from '@tendly/domain/format';

/** Dates as the operations team reads them: Australian Eastern time, en-AU. */

export function formatDateTime(iso: string | null): string {
  return iso ? formatInstantDateTime(iso, { timeZone: 'Australia/Sydney' }) : '—';
}

/** A calendar date (YYYY-MM-DD), shown as it is written, whatever the time zone. */
export function formatCalendarDate(date: string | null): string {
  return date ? formatShortCalendarDate(date) : '—';
}

/** "3 h 20 min left" or "overdue by 2 h 5 min", for the 24-hour response. */
export function timeLeft(respondBy: string, now: number = Date.now()): { text: string; isOverdue: boolean } {
  const ms = Date.parse(respondBy) - now;
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const span = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  return ms >= 0 ? { text: `${span} left`, isOverdue: false } : { text: `overdue by ${span}`, isOverdue: true };
}
