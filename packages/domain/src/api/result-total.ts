/**
 * How many results a list has in all (issue 11: "Showing 25 of 1,234 workers"). GET /api/search
 * and GET /api/jobs/search answer a list, as spec section 7 says, and send the total beside it in
 * headers: `X-Total-Count`, and `X-Total-Count-Capped: true` when counting stopped at
 * `RESULT_TOTAL_CAP` (there are at least that many).
 */
export const TOTAL_COUNT_HEADER = 'x-total-count';
export const TOTAL_COUNT_CAPPED_HEADER = 'x-total-count-capped';

/**
 * Counting stops here (our choice). Counting every match of a broad search would read every one of
 * 100,000 workers for a figure nobody pages through; "more than 1,000" says as much. A count up to
 * the cap reads the matches through the same indexes as the page.
 */
export const RESULT_TOTAL_CAP = 1_000;

export interface ResultTotal {
  /** The matches, or `RESULT_TOTAL_CAP` when there are at least that many. */
  readonly count: number;
  /** True when there are at least `count` (counting stopped at the cap). */
  readonly isCapped: boolean;
}

/** The total from a count that went one past the cap (so a cap-sized total is told apart from more). */
export function resultTotalOf(countedUpTo: number): ResultTotal {
  return countedUpTo > RESULT_TOTAL_CAP ? { count: RESULT_TOTAL_CAP, isCapped: true } : { count: countedUpTo, isCapped: false };
}

export function totalCountHeaders(total: ResultTotal): Record<string, string> {
  return {
    [TOTAL_COUNT_HEADER]: String(total.count),
    ...(total.isCapped ? { [TOTAL_COUNT_CAPPED_HEADER]: 'true' } : {}),
  };
}

/** The total from a response's headers; null when the server sent none or something unreadable. */
export function readTotalCountHeaders(headers: { get(name: string): string | null }): ResultTotal | null {
  const value = headers.get(TOTAL_COUNT_HEADER);
  if (value === null || !/^\d+$/.test(value)) return null;
  return { count: Number(value), isCapped: headers.get(TOTAL_COUNT_CAPPED_HEADER) === 'true' };
}
