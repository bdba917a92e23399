import { ndisTimeBands } from '@tendly/domain/ndis-line-items';
import { formatLocalDate, instantToLocalDate } from '@tendly/domain/shift-time';

/** What the job report screens say about time and money lines (issue 14). */

/** An instant as a date in the client's time zone: "Wed 2 Dec 2026" (as the shift times are written). */
export function formatDateIn(instant: string, timeZone: string): string {
  return formatLocalDate(instantToLocalDate(new Date(instant), timeZone));
}

/** A local date "2026-12-02" as "Wed 2 Dec 2026" (no time zone: it is already local). */
export function formatLocalDay(date: string): string {
  return formatLocalDate(date);
}

/** A pricing band code as its label ("WEEKDAY_EVENING" → "Weekday evening"); unknown codes as they are. */
export function timeBandLabel(band: string | null): string {
  if (band === null) return '';
  return ndisTimeBands.find((option) => option.code === band)?.label ?? band;
}

const unitNames = { H: 'h', E: 'each', KM: 'km' } as const;

/** "3.50 h", "1 each", "12.5 km". */
export function formatQuantity(quantity: number, unit: 'H' | 'E' | 'KM'): string {
  return `${new Intl.NumberFormat('en-AU', { maximumFractionDigits: 2 }).format(quantity)} ${unitNames[unit]}`;
}
