/**
 * A starting point for a new worker's other rates, worked out from their weekday rate (issue 31:
 * onboarding asks for fewer inputs). Each is the weekday rate times the ratio between the NDIS
 * price limits for standard self-care support (01_0xx_0107_1_1) on that day or time and on a
 * weekday daytime, which is how providers commonly load their own rates. The ratios have held,
 * to two places, across the 2025-26 and 2026-27 price guides (suggested-rates.test.ts checks them
 * against the catalogue). The worker sees the suggestion and can change any of them.
 */
export const RATE_LOADINGS = {
  saturday: 1.41,
  sunday: 1.81,
  publicHoliday: 2.22,
  evening: 1.1,
} as const;

/** The NDIS limit for an ordinary car, 2025-26 (ndis.md): a worker's travel rate rarely goes above it. */
export const SUGGESTED_TRAVEL_PER_KM_CENTS = 99;

/** Rounded to the nearest 50 cents, as people price their time. */
const toHalfDollar = (cents: number) => Math.round(cents / 50) * 50;

export interface SuggestedRates {
  saturdayRateCents: number;
  sundayRateCents: number;
  publicHolidayRateCents: number;
  eveningRateCents: number;
  travelPerKmCents: number;
}

export function suggestRatesFromWeekday(weekdayRateCents: number): SuggestedRates {
  return {
    saturdayRateCents: toHalfDollar(weekdayRateCents * RATE_LOADINGS.saturday),
    sundayRateCents: toHalfDollar(weekdayRateCents * RATE_LOADINGS.sunday),
    publicHolidayRateCents: toHalfDollar(weekdayRateCents * RATE_LOADINGS.publicHoliday),
    eveningRateCents: toHalfDollar(weekdayRateCents * RATE_LOADINGS.evening),
    travelPerKmCents: SUGGESTED_TRAVEL_PER_KM_CENTS,
  };
}
