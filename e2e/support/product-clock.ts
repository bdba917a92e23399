import { inject } from 'vitest';
import { instantToLocalDate, localToInstant } from '@tendly/domain/shift-time';

declare module 'vitest' {
  export interface ProvidedContext {
    /** How far the product's clock (TEST_CLOCK) is ahead of this machine's, in milliseconds. */
    productClockOffsetMs: number;
  }
}

const SYDNEY = 'Australia/Sydney';
const DAY_MS = 86_400_000;

/**
 * Where the product's clock starts for a browser test run: 23:59:45 in Sydney on this machine's
 * date there. The product passes midnight while it starts (its database, demo data and the first
 * runs of the daily jobs straddle it), so every journey runs just after midnight, when the date in
 * UTC (or in the server's zone) is still the day before in Sydney. A date taken in the wrong zone,
 * or carried over from yesterday, then fails every run instead of one run in a hundred.
 */
export function testClockStart(now: Date = new Date()): Date {
  return new Date(localToInstant(`${instantToLocalDate(now, SYDNEY)}T23:59`, SYDNEY).getTime() + 45_000);
}

/** The product's current time (its clock runs ahead of, or behind, this machine's). */
export function productNow(): Date {
  return new Date(Date.now() + inject('productClockOffsetMs'));
}

/** An instant of this machine's clock (e.g. just before an action) on the product's clock. */
export function onProductClock(instant: Date): Date {
  return new Date(instant.getTime() + inject('productClockOffsetMs'));
}

/** The date (YYYY-MM-DD) in Sydney `days` days from the product's today, as a person there would type it. */
export function sydneyDateFromToday(days: number): string {
  return instantToLocalDate(new Date(productNow().getTime() + days * DAY_MS), SYDNEY);
}
