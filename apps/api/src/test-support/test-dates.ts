import { instantToLocalDate } from '@tendly/domain/shift-time';

/**
 * Calendar dates for tests that book shifts or sign agreements, built from today in the client's
 * zone so that they never pass into the past (a test that books "2027-03-08" starts failing on its
 * own that morning). All dates are local `YYYY-MM-DD` strings.
 */

export const SYDNEY = 'Australia/Sydney';
export const PERTH = 'Australia/Perth';

const DAY_MS = 86_400_000;

/** Today's date in the zone. */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return instantToLocalDate(now, timeZone);
}

/** A local date moved by whole days (negative goes back). */
export function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/**
 * The first Monday after today in the zone, `weeksAhead` weeks on. With weeksAhead of 2 or more
 * the date is at least 8 days off, so cancelling it is never short notice.
 */
export function nextMonday(timeZone: string, weeksAhead = 0, now: Date = new Date()): string {
  const today = todayInZone(timeZone, now);
  const daysToMonday = ((8 - weekdayOf(today)) % 7) || 7;
  return plusDays(today, daysToMonday + weeksAhead * 7);
}

/**
 * The first given weekday (0 Sunday to 6 Saturday) of `month` (1 to 12) that is at least
 * `minDaysAhead` days after today in the zone: a date in a known season.
 */
export function nextFirstWeekdayOf(timeZone: string, month: number, weekday: number, minDaysAhead = 0, now: Date = new Date()): string {
  const earliest = plusDays(todayInZone(timeZone, now), minDaysAhead);
  for (let year = Number(earliest.slice(0, 4)); ; year += 1) {
    const first = `${year}-${String(month).padStart(2, '0')}-01`;
    const date = plusDays(first, (7 + weekday - weekdayOf(first)) % 7);
    if (date >= earliest) return date;
  }
}

/**
 * The next first Sunday of `month` at least `minDaysAhead` days away. In New South Wales daylight
 * saving starts on the first Sunday of October (02:00 becomes 03:00) and ends on the first Sunday
 * of April (03:00 becomes 02:00).
 */
export function nextFirstSunday(timeZone: string, month: number, minDaysAhead = 0, now: Date = new Date()): string {
  return nextFirstWeekdayOf(timeZone, month, 0, minDaysAhead, now);
}

/** The same month and day a year later (28 February for 29 February). */
export function sameDayNextYear(date: string): string {
  const next = `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
  return next.endsWith('-02-29') ? next.replace(/29$/, '28') : next;
}
