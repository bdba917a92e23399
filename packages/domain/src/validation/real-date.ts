/**
 * Whether a date typed in a date field (YYYY-MM-DD) names a real calendar day from the year 1900
 * on. The pattern alone would let 2025-02-31 through; the date is built and read back to refuse it.
 */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}
