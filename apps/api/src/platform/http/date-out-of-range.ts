/**
 * Failures of date maths on a date the request gave (issue 13: a shift in year 9999 whose end
 * fell in year 10,000 was a 500). Each feature refuses such dates first with its own message
 * (an agreement starts at most a year ahead, a shift at most 12 months ahead); this is the safety
 * net for a date no rule caught, so that the caller gets a 400 rather than a 500:
 * - JavaScript's RangeError from a date it cannot represent or format ("Invalid time value" from
 *   toISOString or date-fns, "Invalid Date"), and the domain's "Not a local date-time";
 * - PostgreSQL's 22008 datetime_field_overflow ("date/time field value out of range", e.g. year
 *   0) and 22007 invalid_datetime_format, also when Drizzle wraps them in `cause`.
 * Other RangeErrors ("Maximum call stack size exceeded") are bugs and stay 500s.
 */
const DATE_RANGE_ERROR_MESSAGE = /time value|invalid date|date-time/i;
const DATE_SQL_STATES: ReadonlySet<string> = new Set(['22008', '22007']);

export function isDateOutOfRangeError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    if (current instanceof RangeError && DATE_RANGE_ERROR_MESSAGE.test(current.message)) return true;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && DATE_SQL_STATES.has(code)) return true;
    current = cause;
  }
  return false;
}
