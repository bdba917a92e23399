/** Dates as the operations team reads them: Australian Eastern time, en-AU. */
const dateTime = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Australia/Sydney' });
const dateOnly = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });

export function formatDateTime(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** A calendar date (YYYY-MM-DD), shown as it is written, whatever the time zone. */
export function formatCalendarDate(date: string | null): string {
  return date ? dateOnly.format(new Date(`${date}T00:00:00Z`)) : '—';
}

/** "3 h 20 min left" or "overdue by 2 h 5 min", for the 24-hour response. */
export function timeLeft(respondBy: string, now: number = Date.now()): { text: string; isOverdue: boolean } {
  const ms = Date.parse(respondBy) - now;
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const span = minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
  return ms >= 0 ? { text: `${span} left`, isOverdue: false } : { text: `overdue by ${span}`, isOverdue: true };
}
