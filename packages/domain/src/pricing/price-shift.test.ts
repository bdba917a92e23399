import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stateCodes, stateTimeZone, type StateCode } from '../states';
import { localToInstant } from '../shift-time';
import { amountCents, hoursHundredthsOfMinutes, shareOfCents } from './money';
import { priceContractShift, priceNdisShift, PricingError, type BandRates } from './price-shift';
import { publicHoliday } from './public-holidays';
import { splitIntoBands } from './time-bands';
import { testCatalogue } from './test-catalogue';

const catalogue = testCatalogue();

function times(state: StateCode, start: string, end: string, breakMinutes = 0) {
  const zone = stateTimeZone(state);
  return { startsAtMs: localToInstant(start, zone).getTime(), endsAtMs: localToInstant(end, zone).getTime(), state, breakMinutes };
}

function bands(state: StateCode, start: string, end: string) {
  const shift = times(state, start, end);
  return splitIntoBands(shift.startsAtMs, shift.endsAtMs, state).map((segment) => `${segment.date} ${segment.band} ${segment.minutes}`);
}

const selfCare = (zone: 'NATIONAL' | 'REMOTE' | 'VERY_REMOTE' = 'NATIONAL', level: 'ONE' | 'TWO' = 'ONE') => ({ lineItem: 'SELF_CARE' as const, level, zone, catalogue });

describe('time bands on the local clock', () => {
  it('splits a weekday at 06:00 and 20:00 (the price guide, not the spec’s 5am)', () => {
    // Tuesday 3 November 2026 is Melbourne Cup Day in VIC only: NSW is an ordinary Tuesday.
    expect(bands('NSW', '2026-11-03T05:59', '2026-11-03T06:01')).toEqual(['2026-11-03 WEEKDAY_NIGHT 1', '2026-11-03 WEEKDAY_DAYTIME 1']);
    expect(bands('NSW', '2026-11-03T19:59', '2026-11-03T20:01')).toEqual(['2026-11-03 WEEKDAY_DAYTIME 1', '2026-11-03 WEEKDAY_EVENING 1']);
    expect(bands('NSW', '2026-11-03T23:59', '2026-11-04T00:01')).toEqual(['2026-11-03 WEEKDAY_EVENING 1', '2026-11-04 WEEKDAY_NIGHT 1']);
  });

  it('starts Saturday at midnight on Friday night, and Monday night at midnight on Sunday', () => {
    expect(bands('NSW', '2026-11-13T22:00', '2026-11-14T02:00')).toEqual(['2026-11-13 WEEKDAY_EVENING 120', '2026-11-14 SATURDAY 120']);
    expect(bands('NSW', '2026-11-15T22:00', '2026-11-16T07:00')).toEqual(['2026-11-15 SUNDAY 120', '2026-11-16 WEEKDAY_NIGHT 360', '2026-11-16 WEEKDAY_DAYTIME 60']);
  });

  it('keeps state-only public holidays to their state', () => {
    expect(bands('VIC', '2026-11-03T09:00', '2026-11-03T12:00')).toEqual(['2026-11-03 PUBLIC_HOLIDAY 180']);
    expect(bands('NSW', '2026-11-03T09:00', '2026-11-03T12:00')).toEqual(['2026-11-03 WEEKDAY_DAYTIME 180']);
    // The second Monday of March 2026 (9 March): Labour Day VIC, Adelaide Cup SA, Canberra Day ACT, Eight Hours Day TAS.
    for (const state of ['VIC', 'SA', 'ACT', 'TAS'] as const) expect(publicHoliday(state, '2026-03-09'), state).not.toBeNull();
    for (const state of ['NSW', 'QLD', 'WA', 'NT'] as const) expect(publicHoliday(state, '2026-03-09'), state).toBeNull();
    // WA: Labour Day on the first Monday of March and Western Australia Day on 1 June; QLD: Labour Day on 4 May.
    expect(publicHoliday('WA', '2026-03-02')).toBe('Labour Day');
    expect(publicHoliday('WA', '2026-06-01')).toBe('Western Australia Day');
    expect(publicHoliday('QLD', '2026-05-04')).toBe('Labour Day');
    expect(publicHoliday('NSW', '2026-05-04')).toBeNull();
  });

  it('lets a public holiday outrank Saturday and ignores part-day holidays', () => {
    // Easter Saturday 4 April 2026 is a public holiday in NSW, not in WA.
    expect(bands('NSW', '2026-04-04T10:00', '2026-04-04T11:00')).toEqual(['2026-04-04 PUBLIC_HOLIDAY 60']);
    expect(bands('WA', '2026-04-04T10:00', '2026-04-04T11:00')).toEqual(['2026-04-04 SATURDAY 60']);
    // Christmas Eve is a holiday in SA from 7pm only: the day stays a weekday.
    expect(publicHoliday('SA', '2026-12-24')).toBeNull();
  });

  it('gives shifts across daylight-saving changes their true length, and Queensland none', () => {
    // NSW clocks go forward at 2am on Sunday 4 October 2026 and back at 3am on Sunday 5 April 2026.
    expect(bands('NSW', '2026-10-04T01:00', '2026-10-04T05:00')).toEqual(['2026-10-04 SUNDAY 180']);
    expect(bands('NSW', '2026-04-05T01:00', '2026-04-05T05:00')).toEqual(['2026-04-05 PUBLIC_HOLIDAY 300']);
    expect(bands('QLD', '2026-10-04T01:00', '2026-10-04T05:00')).toEqual(['2026-10-04 SUNDAY 240']);
    // Across midnight into the change: the Sunday part is an hour short.
    expect(bands('VIC', '2026-10-03T22:00', '2026-10-04T04:00')).toEqual(['2026-10-03 SATURDAY 120', '2026-10-04 SUNDAY 180']);
  });
});

describe('NDIS prices', () => {
  it('prices a weekday at the self-care level 1 items with odd minutes rounded half-up', () => {
    const priced = priceNdisShift(times('NSW', '2026-11-03T05:10', '2026-11-03T07:00'), selfCare());
    expect(priced.lines.map((line) => [line.supportItem, line.timeBand, line.minutes, line.quantityHundredths, line.unitPriceCents, line.amountCents, line.edition, line.flagged])).toEqual([
      // 50 minutes is 0.83 h: 0.83 × $82.57 = $68.5331, so $68.53.
      ['01_002_0107_1_1', 'WEEKDAY_NIGHT', 50, 83, 8257, 6853, '2026-27', false],
      ['01_011_0107_1_1', 'WEEKDAY_DAYTIME', 60, 100, 7358, 7358, '2026-27', false],
    ]);
    expect(priced.totalCents).toBe(6853 + 7358);
  });

  it('uses the edition in force on the date, and flags an older edition’s price', () => {
    const before = priceNdisShift(times('NSW', '2026-06-30T09:00', '2026-06-30T10:00'), selfCare());
    expect(before.lines[0]).toMatchObject({ edition: '2025-26', unitPriceCents: 7023, flagged: false });
    // The 2026-27 edition has no self-care level 1 public holiday item: Christmas Day 2026 uses 2025-26, flagged.
    const christmas = priceNdisShift(times('NSW', '2026-12-25T09:00', '2026-12-25T10:00'), selfCare());
    expect(christmas.lines[0]).toMatchObject({ supportItem: '01_012_0107_1_1', edition: '2025-26', unitPriceCents: 15603, flagged: true });
  });

  it('uses remote and very remote prices for Modified Monash 6 and 7', () => {
    const day = times('NT', '2025-11-04T09:00', '2025-11-04T10:00');
    expect(priceNdisShift(day, selfCare('REMOTE')).lines[0]).toMatchObject({ unitPriceCents: 9832 });
    expect(priceNdisShift(day, selfCare('VERY_REMOTE')).lines[0]).toMatchObject({ unitPriceCents: 10535 });
    // 2026-27 has no remote prices: the 2025-26 remote price, flagged.
    expect(priceNdisShift(times('NT', '2026-11-04T09:00', '2026-11-04T10:00'), selfCare('REMOTE')).lines[0]).toMatchObject({ unitPriceCents: 9832, edition: '2025-26', flagged: true });
  });

  it('falls back from level 2 to level 1 where there is no level-2 item, and refuses a band with no item', () => {
    const sunday = priceNdisShift(times('NSW', '2025-11-09T09:00', '2025-11-09T10:00'), { lineItem: 'COMMUNITY_ACCESS', level: 'TWO', zone: 'NATIONAL', catalogue });
    expect(sunday.lines[0]).toMatchObject({ supportItem: '04_403_0104_1_1' });
    const levelTwoDay = priceNdisShift(times('NSW', '2026-11-04T09:00', '2026-11-04T10:00'), selfCare('NATIONAL', 'TWO'));
    expect(levelTwoDay.lines[0]).toMatchObject({ supportItem: '01_400_0104_1_1', unitPriceCents: 7960 });
    expect(() => priceNdisShift(times('NSW', '2026-11-04T02:00', '2026-11-04T03:00'), { lineItem: 'COMMUNITY_ACCESS', level: 'ONE', zone: 'NATIONAL', catalogue })).toThrow(
      new PricingError('NO_ITEM', 'The NDIS has no community access support item for weekday night.'),
    );
  });

  it('charges a sleepover one unit a night', () => {
    const night = priceNdisShift(times('NSW', '2026-11-04T22:00', '2026-11-05T07:00'), { lineItem: 'SLEEPOVER', level: 'ONE', zone: 'NATIONAL', catalogue });
    expect(night.lines).toHaveLength(1);
    expect(night.lines[0]).toMatchObject({ supportItem: '01_010_0107_1_1', unit: 'E', quantityHundredths: 100, unitPriceCents: 31179, amountCents: 31179 });
    expect(() => priceNdisShift(times('NSW', '2026-11-04T14:00', '2026-11-04T23:00'), { lineItem: 'SLEEPOVER', level: 'ONE', zone: 'NATIONAL', catalogue })).toThrow(PricingError);
  });

  it('refuses an end before the start and a shift over 24 hours', () => {
    expect(() => priceNdisShift(times('NSW', '2026-11-04T10:00', '2026-11-04T09:00'), selfCare())).toThrow('The end time must be after the start time');
    expect(() => priceNdisShift(times('NSW', '2026-11-04T10:00', '2026-11-05T10:01'), selfCare())).toThrow('A shift can be at most 24 hours long');
  });
});

describe('contract prices', () => {
  const rates: BandRates = { WEEKDAY_DAYTIME: 6500, WEEKDAY_EVENING: 7200, WEEKDAY_NIGHT: 8000, SATURDAY: 9000, SUNDAY: 12000, PUBLIC_HOLIDAY: 16000 };

  it('prices each band at the contract’s rate and takes the break from the longest band', () => {
    const priced = priceContractShift(times('NSW', '2026-11-06T18:00', '2026-11-06T22:00', 30), { rates });
    expect(priced.lines.map((line) => [line.timeBand, line.minutes, line.unitPriceCents, line.amountCents, line.supportItem])).toEqual([
      ['WEEKDAY_DAYTIME', 90, 6500, 9750, null],
      ['WEEKDAY_EVENING', 120, 7200, 14400, null],
    ]);
  });

  it('caps a rate above the NDIS limit for an NDIS-funded client and flags the line', () => {
    const priced = priceContractShift(times('NSW', '2026-11-07T09:00', '2026-11-07T11:00'), { rates: { ...rates, SATURDAY: 11000 }, ndis: selfCare() });
    expect(priced.lines[0]).toMatchObject({ supportItem: '01_013_0107_1_1', unitPriceCents: 10354, priceLimitCents: 10354, capped: true, flagged: true, amountCents: 20708 });
  });
});

describe('money in integers', () => {
  it('rounds half-up', () => {
    expect(hoursHundredthsOfMinutes(1)).toBe(2); // 0.01666… → 0.02
    expect(hoursHundredthsOfMinutes(3)).toBe(5); // 0.05
    expect(hoursHundredthsOfMinutes(50)).toBe(83);
    expect(amountCents(150, 4999)).toBe(7499); // 74.985 → 74.99
    expect(shareOfCents(11111, 900)).toBe(1000); // 9% of 111.11 = 9.9999
  });
});

describe('every minute of a shift is on exactly one line', () => {
  it('holds for random shifts in every state', () => {
    const start = Date.UTC(2025, 6, 1);
    fc.assert(
      fc.property(fc.constantFrom(...stateCodes), fc.integer({ min: 0, max: 600 * 24 * 60 }), fc.integer({ min: 1, max: 24 * 60 }), (state, offsetMinutes, length) => {
        const startsAtMs = start + offsetMinutes * 60_000;
        const endsAtMs = startsAtMs + length * 60_000;
        const segments = splitIntoBands(startsAtMs, endsAtMs, state);
        expect(segments.reduce((sum, segment) => sum + segment.minutes, 0)).toBe(length);
        expect(segments[0]!.startsAtMs).toBe(startsAtMs);
        expect(segments.at(-1)!.endsAtMs).toBe(endsAtMs);
        segments.slice(1).forEach((segment, index) => expect(segment.startsAtMs).toBe(segments[index]!.endsAtMs));
      }),
      { numRuns: 500 },
    );
  });
});
