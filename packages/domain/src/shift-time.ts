import { DAY_MS, dateOfDayNumber, dayNumberOf, localClock } from './pricing/local-clock';

/**
 * Shift times in Australian time zones (issue 13). A shift is booked as local date-times in the
 * client's state and stored as UTC instants with the state's IANA zone, so that a shift across a
 * daylight-saving change has its true length and a local time inside the spring-forward gap is
 * refused rather than silently moved. Every zone conversion goes through the one local clock
 * (pricing/local-clock.ts), the pricing engine's, which works out each zone's offsets once a year.
 */

/** `YYYY-MM-DDTHH:mm`, the value of an HTML datetime-local input. */
export const LOCAL_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export class NonexistentLocalTimeError extends Error {
  constructor(
    readonly localDateTime: string,
    readonly timeZone: string,
  ) {
    super(`${formatLocalDateTime(localDateTime)} does not exist in ${timeZone}: the clocks go forward an hour then. Choose a time outside the daylight-saving change.`);
    this.name = 'NonexistentLocalTimeError';
  }
}

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number };

function parseLocal(localDateTime: string): LocalParts {
  const match = LOCAL_DATE_TIME_PATTERN.exec(localDateTime);
  if (!match) throw new RangeError(`Not a local date-time: ${localDateTime}`);
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return { year, month, day, hour, minute };
}

/** Whether a string is a well-formed local date-time that names a real calendar date and time. */
export function isLocalDateTime(value: string): boolean {
  const match = LOCAL_DATE_TIME_PATTERN.exec(value);
  if (!match) return false;
  const { year, month, day, hour, minute } = parseLocal(value);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
}

const MINUTE_MS = 60_000;

/**
 * The instant a local date-time names in a zone. A time inside the spring-forward gap throws
 * NonexistentLocalTimeError; a time that happens twice (the autumn fall-back hour) is the first
 * of the two, in daylight time.
 */
export function localToInstant(localDateTime: string, timeZone: string): Date {
  const { year, month, day, hour, minute } = parseLocal(localDateTime);
  const clock = localClock(timeZone);
  const localMs = Date.UTC(year, month - 1, day, hour, minute);
  // The local time can only be read with an offset in force within a day of it; an offset that
  // gives an instant where that offset is in force names it. None: the gap. Two: the repeated
  // hour, whose first instant (the larger offset) is taken.
  let earliest: number | null = null;
  for (const offset of new Set([clock.offsetMinutes(localMs - DAY_MS), clock.offsetMinutes(localMs), clock.offsetMinutes(localMs + DAY_MS)])) {
    const instant = localMs - offset * MINUTE_MS;
    if (clock.offsetMinutes(instant) === offset && (earliest === null || instant < earliest)) earliest = instant;
  }
  if (earliest === null) throw new NonexistentLocalTimeError(localDateTime, timeZone);
  return new Date(earliest);
}

/**
 * The instant a scheduled wall-clock time (`HH:mm`) of a local date comes in a zone, for the daily
 * jobs: unlike `localToInstant` it never refuses, and a time inside the spring-forward gap comes
 * when the clocks have gone forward (2:30 am on the change day is 3:30 am daylight time).
 */
export function wallClockToInstant(date: string, time: string, timeZone: string): Date {
  const localDateTime = `${date}T${time}`;
  try {
    return localToInstant(localDateTime, timeZone);
  } catch (error) {
    if (!(error instanceof NonexistentLocalTimeError)) throw error;
    const { year, month, day, hour, minute } = parseLocal(localDateTime);
    const localMs = Date.UTC(year, month - 1, day, hour, minute);
    return new Date(localMs - localClock(timeZone).offsetMinutes(localMs - DAY_MS) * MINUTE_MS);
  }
}

/** A local date (`YYYY-MM-DD`) moved by whole days. */
export function addDaysToDate(date: string, days: number): string {
  return dateOfDayNumber(dayNumberOf(date) + days);
}

/** The local date-time (`YYYY-MM-DDTHH:mm`) of an instant in a zone. */
export function instantToLocal(instant: Date, timeZone: string): string {
  const localMs = instant.getTime() + localClock(timeZone).offsetMinutes(instant.getTime()) * MINUTE_MS;
  return new Date(Math.floor(localMs / MINUTE_MS) * MINUTE_MS).toISOString().slice(0, 16);
}

/** The local calendar date (`YYYY-MM-DD`) of an instant in a zone. */
export function instantToLocalDate(instant: Date, timeZone: string): string {
  return instantToLocal(instant, timeZone).slice(0, 10);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "9:00 am", "12:30 pm": a local time of day. */
export function formatLocalTime(localDateTime: string): string {
  const { hour, minute } = parseLocal(localDateTime);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

/** "Sun 4 Oct 2026": a local date. */
export function formatLocalDate(localDateTime: string): string {
  const { year, month, day } = parseLocal(localDateTime.length === 10 ? `${localDateTime}T00:00` : localDateTime);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${day} ${MONTHS[month - 1]} ${year}`;
}

/**
 * "Sun 4 Oct 2026, 1:00 am": a local date-time for messages. Written out by hand rather than
 * with Intl, whose en-AU output differs between ICU versions ("Sun, 4 Oct", "June"), so that
 * the server and every browser say the same.
 */
export function formatLocalDateTime(localDateTime: string): string {
  return `${formatLocalDate(localDateTime)}, ${formatLocalTime(localDateTime)}`;
}

/**
 * A local date (`YYYY-MM-DD`) moved by whole calendar months, kept to the last day of a shorter
 * month (31 January + 1 month is the last day of February). A date past year 9999 comes out in
 * ISO's expanded form (`+010000-01-31`), which `isLaterDate` still orders rightly.
 */
export function addMonthsToDate(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = month - 1 + months;
  // setUTCFullYear, not Date.UTC, which reads years 0 to 99 as 1900 to 1999.
  const candidate = new Date(0);
  candidate.setUTCFullYear(year + Math.floor(monthIndex / 12), ((monthIndex % 12) + 12) % 12, day);
  if (candidate.getUTCDate() !== day) candidate.setUTCDate(0);
  return candidate.toISOString().split('T')[0]!;
}

/** Whether local date `a` is after local date `b` (either may be in the expanded form past 9999). */
export function isLaterDate(a: string, b: string): boolean {
  return Date.parse(`${a}T00:00:00Z`) > Date.parse(`${b}T00:00:00Z`);
}

/** Minutes between two instants: a shift's true length, daylight saving included. */
export function minutesBetween(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / 60_000);
}

/**
 * Clear days of notice (ndis.md "Cancellations"): the whole days between the day the notice is
 * given and the day the shift starts, neither counted, in the zone where the support happens.
 * Notice on Monday for a shift the next Tuesday week (8 days later) gives 7 clear days.
 */
export function clearDaysOfNotice(noticeAt: Date, shiftStartsAt: Date, timeZone: string): number {
  return dayNumberOf(instantToLocalDate(shiftStartsAt, timeZone)) - dayNumberOf(instantToLocalDate(noticeAt, timeZone)) - 1;
}

/** The NDIS short-notice threshold: fewer clear days than this is a short-notice cancellation. */
export const SHORT_NOTICE_CLEAR_DAYS = 7;

/** Whether a cancellation given at `noticeAt` is short notice (a no-show always is). */
export function isShortNoticeCancellation(noticeAt: Date, shiftStartsAt: Date, timeZone: string, noShow = false): boolean {
  return noShow || clearDaysOfNotice(noticeAt, shiftStartsAt, timeZone) < SHORT_NOTICE_CLEAR_DAYS;
}
