import * as rrulePackage from 'rrule';
import type { BookingRepeat } from '@tendly/domain/api/bookings';

// rrule's Node entry is CommonJS (its named exports reach an ES module only as the default);
// bundlers and the test runner read its ES module build, which has them named.
const { RRule } = 'RRule' in rrulePackage ? rrulePackage : (rrulePackage as unknown as { default: typeof rrulePackage }).default;

/**
 * The local start date-times (`YYYY-MM-DDTHH:mm`) of a booking's shifts. The rule runs on
 * floating times (local wall-clock parts written as if they were UTC), so a 9 am shift stays at
 * 9 am on every date across a daylight-saving change; the caller turns each into an instant in
 * the client's zone.
 */
export function occurrenceStarts(firstStartLocal: string, repeat: BookingRepeat, repeatUntil: string | null, occurrences: number | null = null): string[] {
  if (repeat === 'NONE' || (repeatUntil === null && occurrences === null)) return [firstStartLocal];
  const rule = new RRule({
    freq: RRule.WEEKLY,
    interval: repeat === 'FORTNIGHTLY' ? 2 : 1,
    dtstart: new Date(`${firstStartLocal}:00Z`),
    // A number of shifts (issue 31 item 3) or a last date: the schema allows one of them.
    ...(occurrences !== null ? { count: occurrences } : { until: new Date(`${repeatUntil}T23:59:59Z`) }),
  });
  return rule.all().map((floating) => floating.toISOString().slice(0, 16));
}

/** A local date-time moved by whole minutes on the wall clock (each occurrence's end). */
export function addLocalMinutes(localDateTime: string, minutes: number): string {
  return new Date(new Date(`${localDateTime}:00Z`).getTime() + minutes * 60_000).toISOString().slice(0, 16);
}

/** Whole minutes between two local date-times on the wall clock. */
export function localMinutesBetween(startLocal: string, endLocal: string): number {
  return Math.round((new Date(`${endLocal}:00Z`).getTime() - new Date(`${startLocal}:00Z`).getTime()) / 60_000);
}
