/**
 * For tests only: instants either side of midnight in Sydney, where date bugs live. Just after
 * midnight (daylight saving: UTC+11) the date in UTC, and on a server whose zone is UTC, is still
 * the day before; just before it, a date worked out now is carried into tomorrow a moment later.
 * A test of date logic runs at both, so that a date taken in the wrong zone fails every run, not
 * only in the hours after midnight.
 */
export const SYDNEY_MIDNIGHT = {
  /** 23:59:30 on Sunday 6 December 2026 in Sydney (12:59:30 UTC): the same date in UTC. */
  justBefore: { at: new Date('2026-12-06T23:59:30+11:00'), sydneyDate: '2026-12-06', utcDate: '2026-12-06' },
  /** 00:00:30 on Monday 7 December 2026 in Sydney (13:00:30 UTC): still the 6th in UTC. */
  justAfter: { at: new Date('2026-12-07T00:00:30+11:00'), sydneyDate: '2026-12-07', utcDate: '2026-12-06' },
} as const;

/** Both edges, for `it.each` / `describe.each`: `[name, edge]`. */
export const sydneyMidnightEdges = Object.entries(SYDNEY_MIDNIGHT) as [keyof typeof SYDNEY_MIDNIGHT, (typeof SYDNEY_MIDNIGHT)[keyof typeof SYDNEY_MIDNIGHT]][];
