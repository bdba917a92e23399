import { describe, expect, it } from 'vitest';
import { catalogueItemsFromData } from './pricing/test-catalogue';
import { RATE_LOADINGS, suggestRatesFromWeekday } from './suggested-rates';

describe('suggested rates from the weekday rate', () => {
  it('loads each day and time as the NDIS price limits for standard daily support do, in every edition held', () => {
    // Self-care (01_0xx_0107_1_1) and community access (04_10x_0125_6_1) at the standard level:
    // within one edition and one of them, each time band's limit over the weekday daytime limit.
    const bands = { SATURDAY: RATE_LOADINGS.saturday, SUNDAY: RATE_LOADINGS.sunday, PUBLIC_HOLIDAY: RATE_LOADINGS.publicHoliday, WEEKDAY_EVENING: RATE_LOADINGS.evening };
    const standard = catalogueItemsFromData().filter((item) => /^(01_0\d\d_0107_1_1|04_10\d_0125_6_1)$/.test(item.number));
    const checked = new Set<string>();
    for (const item of standard) {
      const loading = bands[item.timeBand as keyof typeof bands];
      const weekday = standard.find((other) => other.edition === item.edition && other.number.slice(0, 2) === item.number.slice(0, 2) && other.timeBand === 'WEEKDAY_DAYTIME');
      if (loading === undefined || !weekday?.priceNationalCents || item.priceNationalCents === null) continue;
      expect(item.priceNationalCents / weekday.priceNationalCents, `${item.edition} ${item.number}`).toBeCloseTo(loading, 1);
      checked.add(item.timeBand);
    }
    expect([...checked].sort()).toEqual(Object.keys(bands).sort());
  });

  it('rounds each to the nearest 50 cents', () => {
    expect(suggestRatesFromWeekday(5200)).toEqual({
      saturdayRateCents: 7350, // 73.32
      sundayRateCents: 9400, // 94.12
      publicHolidayRateCents: 11550, // 115.44
      eveningRateCents: 5700, // 57.20
      travelPerKmCents: 99,
    });
  });
});
