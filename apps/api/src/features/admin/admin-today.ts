/** Today's calendar date (YYYY-MM-DD) in Australian Eastern time, which document dates are read in. */
export function todayInSydney(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
