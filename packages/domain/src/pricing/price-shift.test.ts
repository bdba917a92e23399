import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stateCodes, stateTimeZone, type StateCode } from '../states';
import { localToInstant } from '../shift-time';
import { amountCents, hoursHundredthsOfMinutes, shareOfCents } from './money';
import { priceContractShift, priceNdisShift, PricingError, type BandRates } from './price-shift';
import { publicHoliday } from './public-holidays';
import { splitIntoBands } from './time-bands';
import { NdisCatalogue, zoneOfMmm } from './ndis-catalogue';
import { catalogueItemsFromData, testCatalogue } from './test-catalogue';

const catalogue = testCatalogue();

function times(state: StateCode, start: string, end: string, breakMinutes = 0, postcode: string | null = null) {
  const zone = stateTimeZone(state);
  return { startsAtMs: localToInstant(start, zone).getTime(), endsAtMs: localToInstant(end, zone).getTime(), state, postcode, breakMinutes };
}

function bands(state: StateCode, start: string, end: string, postcode: string | null = null) {
  const shift = times(state, start, end);
  return splitIntoBands(shift.startsAtMs, shift.endsAtMs, state, postcode).map((segment) => `${segment.date} ${segment.band} ${segment.minutes}`);
}

const selfCare = (zone: 'NATIONAL' | 'REMOTE' | 'VERY_REMOTE' = 'NATIONAL', level: 'ONE' | 'TWO' = 'ONE') => ({ lineItem: 'SELF_CARE' as const, level, zone, catalogue });

describe('time bands on the local clock', () => {
  it('puts every minute either side of a boundary in its own band', () => {
    // Wednesday 4 November 2026, an ordinary weekday in NSW.
    const minute = (start: string, end: string) => bands('NSW', start, end);
    expect(minute('2026-11-04T05:59', '2026-11-04T06:00')).toEqual(['2026-11-04 WEEKDAY_NIGHT 1']);
    expect(minute('2026-11-04T06:00', '2026-11-04T06:01')).toEqual(['2026-11-04 WEEKDAY_DAYTIME 1']);
    expect(minute('2026-11-04T19:59', '2026-11-04T20:00')).toEqual(['2026-11-04 WEEKDAY_DAYTIME 1']);
    expect(minute('2026-11-04T20:00', '2026-11-04T20:01')).toEqual(['2026-11-04 WEEKDAY_EVENING 1']);
    expect(minute('2026-11-04T23:59', '2026-11-05T00:00')).toEqual(['2026-11-04 WEEKDAY_EVENING 1']);
    expect(minute('2026-11-05T00:00', '2026-11-05T00:01')).toEqual(['2026-11-05 WEEKDAY_NIGHT 1']);
  });

  it('splits a weekday at 06:00 and 20:00 (the price guide, not the spec’s 5am)', () => {
    // Tuesday 3 November 2026 is Melbourne Cup Day in metropolitan Melbourne only: NSW is an ordinary Tuesday.
    expect(bands('NSW', '2026-11-03T05:59', '2026-11-03T06:01')).toEqual(['2026-11-03 WEEKDAY_NIGHT 1', '2026-11-03 WEEKDAY_DAYTIME 1']);
    expect(bands('NSW', '2026-11-03T19:59', '2026-11-03T20:01')).toEqual(['2026-11-03 WEEKDAY_DAYTIME 1', '2026-11-03 WEEKDAY_EVENING 1']);
    expect(bands('NSW', '2026-11-03T23:59', '2026-11-04T00:01')).toEqual(['2026-11-03 WEEKDAY_EVENING 1', '2026-11-04 WEEKDAY_NIGHT 1']);
  });

  it('starts Saturday at midnight on Friday night, and Monday night at midnight on Sunday', () => {
    expect(bands('NSW', '2026-11-13T22:00', '2026-11-14T02:00')).toEqual(['2026-11-13 WEEKDAY_EVENING 120', '2026-11-14 SATURDAY 120']);
    expect(bands('NSW', '2026-11-15T22:00', '2026-11-16T07:00')).toEqual(['2026-11-15 SUNDAY 120', '2026-11-16 WEEKDAY_NIGHT 360', '2026-11-16 WEEKDAY_DAYTIME 60']);
  });

  it('keeps state-only public holidays to their state', () => {
    expect(bands('VIC', '2026-11-03T09:00', '2026-11-03T12:00', '3000')).toEqual(['2026-11-03 PUBLIC_HOLIDAY 180']);
    expect(bands('NSW', '2026-11-03T09:00', '2026-11-03T12:00', '2000')).toEqual(['2026-11-03 WEEKDAY_DAYTIME 180']);
    // The second Monday of March 2026 (9 March): Labour Day VIC, Adelaide Cup SA, Canberra Day ACT, Eight Hours Day TAS.
    for (const state of ['VIC', 'SA', 'ACT', 'TAS'] as const) expect(publicHoliday(state, '2026-03-09'), state).not.toBeNull();
    for (const state of ['NSW', 'QLD', 'WA', 'NT'] as const) expect(publicHoliday(state, '2026-03-09'), state).toBeNull();
    expect(publicHoliday('VIC', '2026-03-09')).toBe('Labour Day');
    expect(publicHoliday('SA', '2026-03-09')).toBe('Adelaide Cup Day');
    expect(publicHoliday('ACT', '2026-03-09')).toBe('Canberra Day');
    expect(publicHoliday('TAS', '2026-03-09')).toBe('Eight Hours Day');
    expect(bands('TAS', '2026-03-09T09:00', '2026-03-09T10:00')).toEqual(['2026-03-09 PUBLIC_HOLIDAY 60']);
    expect(bands('NSW', '2026-03-09T09:00', '2026-03-09T10:00')).toEqual(['2026-03-09 WEEKDAY_DAYTIME 60']);
    // WA: Labour Day on the first Monday of March, Western Australia Day on 1 June, the King's Birthday in September.
    expect(publicHoliday('WA', '2026-03-02')).toBe('Labour Day');
    expect(publicHoliday('VIC', '2026-03-02')).toBeNull();
    expect(bands('WA', '2026-03-02T09:00', '2026-03-02T10:00')).toEqual(['2026-03-02 PUBLIC_HOLIDAY 60']);
    expect(publicHoliday('WA', '2026-06-01')).toBe('Western Australia Day');
    expect(publicHoliday('WA', '2026-09-28')).toBe("King's Birthday");
    expect(publicHoliday('WA', '2026-06-08')).toBeNull();
    // QLD: Labour Day on the first Monday of May, the King's Birthday on the first Monday of October.
    expect(publicHoliday('QLD', '2026-05-04')).toBe('Labour Day');
    expect(publicHoliday('NSW', '2026-05-04')).toBeNull();
    expect(publicHoliday('QLD', '2026-10-05')).toBe("King's Birthday");
    expect(publicHoliday('QLD', '2026-06-08')).toBeNull();
    expect(publicHoliday('NSW', '2026-06-08')).toBe("King's Birthday");
    expect(bands('QLD', '2026-10-05T09:00', '2026-10-05T10:00')).toEqual(['2026-10-05 PUBLIC_HOLIDAY 60']);
  });

  it('lets a public holiday outrank Saturday and ignores part-day holidays', () => {
    // Easter Saturday 4 April 2026 is a public holiday in NSW, not in WA.
    expect(bands('NSW', '2026-04-04T10:00', '2026-04-04T11:00')).toEqual(['2026-04-04 PUBLIC_HOLIDAY 60']);
    expect(bands('WA', '2026-04-04T10:00', '2026-04-04T11:00')).toEqual(['2026-04-04 SATURDAY 60']);
    // Christmas Eve is a holiday in SA from 7pm only: the day stays a weekday.
    expect(publicHoliday('SA', '2026-12-24')).toBeNull();
  });

  it('prices the evening of a part-day holiday in its ordinary band (docs/public-holidays.md)', () => {
    // NDIS Pricing Arrangements and Price Limits, "Public Holiday": the band runs from midnight before
    // a public holiday to midnight at its end, a whole day; the 6 or 7 pm to midnight holidays of
    // QLD, SA and NT are not one, so their hours keep the band of the day and hour.
    // SA, Thursday 24 December 2026, Christmas Eve from 7 pm: daytime to 8 pm, then evening.
    expect(bands('SA', '2026-12-24T18:00', '2026-12-24T23:00', '5000')).toEqual(['2026-12-24 WEEKDAY_DAYTIME 120', '2026-12-24 WEEKDAY_EVENING 180']);
    // QLD, Friday 24 December 2027, from 6 pm; the night runs into Christmas Day, a whole-day holiday.
    expect(bands('QLD', '2027-12-24T17:00', '2027-12-25T01:00', '4000')).toEqual(['2027-12-24 WEEKDAY_DAYTIME 180', '2027-12-24 WEEKDAY_EVENING 240', '2027-12-25 PUBLIC_HOLIDAY 60']);
    // NT, Friday 31 December 2027, New Year's Eve from 7 pm, into Saturday 1 January 2028 (New Year's Day).
    expect(bands('NT', '2027-12-31T19:00', '2028-01-01T02:00', '0800')).toEqual(['2027-12-31 WEEKDAY_DAYTIME 60', '2027-12-31 WEEKDAY_EVENING 240', '2028-01-01 PUBLIC_HOLIDAY 120']);
    // SA, Sunday 24 December 2028: a Sunday.
    expect(bands('SA', '2028-12-24T19:00', '2028-12-24T23:00', '5000')).toEqual(['2028-12-24 SUNDAY 240']);
    // At the price limits: the weekday evening item, not the public holiday one.
    const priced = priceNdisShift(times('SA', '2026-12-24T20:00', '2026-12-24T23:00', 0, '5000'), selfCare());
    expect(priced.lines.map((line) => [line.supportItem, line.timeBand, line.minutes, line.holiday])).toEqual([['01_015_0107_1_1', 'WEEKDAY_EVENING', 180, null]]);
  });

  it('gives each state its Christmas 2027 days (Saturday 25 and Sunday 26 December)', () => {
    const rates: BandRates = { WEEKDAY_DAYTIME: 6000, WEEKDAY_EVENING: 6600, WEEKDAY_NIGHT: 6700, SATURDAY: 8400, SUNDAY: 10800, PUBLIC_HOLIDAY: 13200 };
    const bandOn = (state: StateCode, date: string) => priceContractShift(times(state, `${date}T09:00`, `${date}T10:00`), { rates }).lines[0]!.timeBand;
    // SafeWork SA and NT Government 2027: Saturday 25 December is Christmas Day, with Monday 27 beside it.
    // WorkSafe Tasmania 2027: Christmas on Monday 27, Boxing Day on Tuesday 28, and the weekend is a weekend.
    for (const state of stateCodes) {
      expect(bandOn(state, '2027-12-25'), state).toBe(state === 'TAS' ? 'SATURDAY' : 'PUBLIC_HOLIDAY');
      expect(bandOn(state, '2027-12-26'), state).toBe(state === 'TAS' ? 'SUNDAY' : 'PUBLIC_HOLIDAY');
      expect(bandOn(state, '2027-12-27'), state).toBe('PUBLIC_HOLIDAY');
      expect(bandOn(state, '2027-12-28'), state).toBe('PUBLIC_HOLIDAY');
      // 2028: Monday 25 and Tuesday 26 December, no substitutes; Wednesday 27 is a weekday.
      expect(bandOn(state, '2028-12-26'), state).toBe('PUBLIC_HOLIDAY');
      expect(bandOn(state, '2028-12-27'), state).toBe('WEEKDAY_DAYTIME');
    }
  });

  it('prices Anzac Day 2027 (a Sunday) and 2028 (a Tuesday) as each state keeps it', () => {
    // SafeWork SA 2027: Sunday 25 and Monday 26 April. NT Government 2027: the same.
    expect(bands('SA', '2027-04-26T09:00', '2027-04-26T10:00')).toEqual(['2027-04-26 PUBLIC_HOLIDAY 60']);
    expect(bands('NT', '2027-04-25T09:00', '2027-04-25T10:00')).toEqual(['2027-04-25 PUBLIC_HOLIDAY 60']);
    expect(bands('NT', '2027-04-26T09:00', '2027-04-26T10:00')).toEqual(['2027-04-26 PUBLIC_HOLIDAY 60']);
    // Victoria and Tasmania keep no Monday.
    expect(bands('VIC', '2027-04-26T09:00', '2027-04-26T10:00', '3000')).toEqual(['2027-04-26 WEEKDAY_DAYTIME 60']);
    expect(bands('TAS', '2027-04-26T09:00', '2027-04-26T10:00', '7000')).toEqual(['2027-04-26 WEEKDAY_DAYTIME 60']);
    for (const state of stateCodes) expect(bands(state, '2028-04-25T09:00', '2028-04-25T10:00'), state).toEqual(['2028-04-25 PUBLIC_HOLIDAY 60']);
  });

  it('decides the holidays of part of a state by the client’s postcode', () => {
    // Melbourne Cup Day (Public Holidays Act 1993 (Vic)): metropolitan Melbourne, not Ballarat; no postcode, no area.
    expect(bands('VIC', '2027-11-02T09:00', '2027-11-02T10:00', '3000')).toEqual(['2027-11-02 PUBLIC_HOLIDAY 60']);
    expect(bands('VIC', '2027-11-02T09:00', '2027-11-02T10:00', '3350')).toEqual(['2027-11-02 WEEKDAY_DAYTIME 60']);
    expect(bands('VIC', '2027-11-02T09:00', '2027-11-02T10:00')).toEqual(['2027-11-02 WEEKDAY_DAYTIME 60']);
    // Statutory Holidays Act 2000 (Tas): Royal Hobart Regatta in the south, Recreation Day in the north.
    expect(bands('TAS', '2028-02-14T09:00', '2028-02-14T10:00', '7000')).toEqual(['2028-02-14 PUBLIC_HOLIDAY 60']);
    expect(bands('TAS', '2028-02-14T09:00', '2028-02-14T10:00', '7250')).toEqual(['2028-02-14 WEEKDAY_DAYTIME 60']);
    expect(bands('TAS', '2028-11-06T09:00', '2028-11-06T10:00', '7250')).toEqual(['2028-11-06 PUBLIC_HOLIDAY 60']);
    expect(bands('TAS', '2028-11-06T09:00', '2028-11-06T10:00', '7000')).toEqual(['2028-11-06 WEEKDAY_DAYTIME 60']);
    // The postcode reaches the contract pricing too, and names the holiday on the line.
    const rates: BandRates = { WEEKDAY_DAYTIME: 6000, WEEKDAY_EVENING: 6600, WEEKDAY_NIGHT: 6700, SATURDAY: 8400, SUNDAY: 10800, PUBLIC_HOLIDAY: 13200 };
    const cup = priceContractShift(times('VIC', '2026-11-03T09:00', '2026-11-03T11:00', 0, '3150'), { rates });
    expect(cup.lines.map((line) => [line.timeBand, line.holiday, line.amountCents])).toEqual([['PUBLIC_HOLIDAY', 'Melbourne Cup', 26400]]);
    const regional = priceContractShift(times('VIC', '2026-11-03T09:00', '2026-11-03T11:00', 0, '3550'), { rates });
    expect(regional.lines.map((line) => [line.timeBand, line.holiday, line.amountCents])).toEqual([['WEEKDAY_DAYTIME', null, 12000]]);
  });

  it('gives shifts across daylight-saving changes their true length, and Queensland none', () => {
    // NSW clocks go forward at 2am on Sunday 4 October 2026 and back at 3am on Sunday 5 April 2026.
    expect(bands('NSW', '2026-10-04T01:00', '2026-10-04T05:00')).toEqual(['2026-10-04 SUNDAY 180']);
    expect(bands('NSW', '2026-04-05T01:00', '2026-04-05T05:00')).toEqual(['2026-04-05 PUBLIC_HOLIDAY 300']);
    expect(bands('QLD', '2026-10-04T01:00', '2026-10-04T05:00')).toEqual(['2026-10-04 SUNDAY 240']);
    // Across midnight into the change: the Sunday part is an hour short.
    expect(bands('VIC', '2026-10-03T22:00', '2026-10-04T04:00')).toEqual(['2026-10-03 SATURDAY 120', '2026-10-04 SUNDAY 180']);
    // 2027: back on Sunday 4 April (not Easter), forward on Sunday 3 October; Brisbane keeps its clock.
    expect(bands('NSW', '2027-04-04T01:00', '2027-04-04T05:00')).toEqual(['2027-04-04 SUNDAY 300']);
    expect(bands('NSW', '2027-10-03T01:00', '2027-10-03T05:00')).toEqual(['2027-10-03 SUNDAY 180']);
    expect(bands('QLD', '2027-04-04T01:00', '2027-04-04T05:00')).toEqual(['2027-04-04 SUNDAY 240']);
  });

  it('prices a shift across a daylight-saving change by its true length', () => {
    const rates: BandRates = { WEEKDAY_DAYTIME: 6000, WEEKDAY_EVENING: 6000, WEEKDAY_NIGHT: 6000, SATURDAY: 6000, SUNDAY: 6000, PUBLIC_HOLIDAY: 6000 };
    expect(priceContractShift(times('NSW', '2027-04-04T01:00', '2027-04-04T05:00'), { rates }).totalCents).toBe(30000);
    expect(priceContractShift(times('NSW', '2027-10-03T01:00', '2027-10-03T05:00'), { rates }).totalCents).toBe(18000);
    expect(priceContractShift(times('QLD', '2027-10-03T01:00', '2027-10-03T05:00'), { rates }).totalCents).toBe(24000);
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

  it('reads Modified Monash 1 to 5 (and unknown) as national, 6 as remote and 7 as very remote', () => {
    expect([1, 2, 3, 4, 5, null].map(zoneOfMmm)).toEqual(Array(6).fill('NATIONAL'));
    expect(zoneOfMmm(6)).toBe('REMOTE');
    expect(zoneOfMmm(7)).toBe('VERY_REMOTE');
  });

  it('uses remote and very remote prices for Modified Monash 6 and 7', () => {
    const day = times('NT', '2025-11-04T09:00', '2025-11-04T10:00');
    expect(priceNdisShift(day, selfCare('REMOTE')).lines[0]).toMatchObject({ unitPriceCents: 9832 });
    expect(priceNdisShift(day, selfCare('VERY_REMOTE')).lines[0]).toMatchObject({ unitPriceCents: 10535 });
    // 2026-27 has no remote prices: the 2025-26 remote price, flagged.
    expect(priceNdisShift(times('NT', '2026-11-04T09:00', '2026-11-04T10:00'), selfCare('REMOTE')).lines[0]).toMatchObject({ unitPriceCents: 9832, edition: '2025-26', flagged: true });
  });

  it('claims level 2 at its own items, and falls back to level 1 where no level-2 item exists for the band', () => {
    const sunday = priceNdisShift(times('NSW', '2025-11-09T09:00', '2025-11-09T10:00'), { lineItem: 'COMMUNITY_ACCESS', level: 'TWO', zone: 'NATIONAL', catalogue });
    expect(sunday.lines[0]).toMatchObject({ supportItem: '04_403_0104_1_1' });
    const levelTwoDay = priceNdisShift(times('NSW', '2026-11-04T09:00', '2026-11-04T10:00'), selfCare('NATIONAL', 'TWO'));
    expect(levelTwoDay.lines[0]).toMatchObject({ supportItem: '01_400_0104_1_1', unitPriceCents: 7960 });
    // The catalogue has a level-2 item in every self-care band; without the Saturday one, level 2 is claimed at level 1.
    const withoutLevelTwoSaturday = new NdisCatalogue(catalogueItemsFromData().filter((item) => item.number !== '01_402_0104_1_1'));
    const saturday = priceNdisShift(times('NSW', '2025-11-08T09:00', '2025-11-08T10:00'), { lineItem: 'SELF_CARE', level: 'TWO', zone: 'NATIONAL', catalogue: withoutLevelTwoSaturday });
    expect(saturday.lines[0]).toMatchObject({ supportItem: '01_013_0107_1_1', unitPriceCents: 9883, flagged: false });
    // Level 1 never falls to another support: intensive behaviour supports (no level) do not stand in for a missing item.
    const withoutLevelOneDay = new NdisCatalogue(catalogueItemsFromData().filter((item) => item.number !== '01_011_0107_1_1'));
    expect(() => priceNdisShift(times('NSW', '2025-11-04T09:00', '2025-11-04T10:00'), { lineItem: 'SELF_CARE', level: 'ONE', zone: 'NATIONAL', catalogue: withoutLevelOneDay })).toThrow(
      'The NDIS has no assistance with self-care support item for weekday daytime.',
    );
    // Groups without levels (domestic activities) are priced by their items at any time.
    const domestic = priceNdisShift(times('NSW', '2025-11-08T09:00', '2025-11-08T10:00'), { lineItem: 'DOMESTIC', level: 'TWO', zone: 'NATIONAL', catalogue });
    expect(domestic.lines[0]).toMatchObject({ supportItem: '01_004_0107_1_1', unitPriceCents: 5906 });
  });

  it('refuses a band with no item', () => {
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
    expect(hoursHundredthsOfMinutes(7)).toBe(12); // 0.11666… → 0.12
    expect(hoursHundredthsOfMinutes(20)).toBe(33); // 0.333… → 0.33
    expect(hoursHundredthsOfMinutes(40)).toBe(67); // 0.666… → 0.67
    expect(hoursHundredthsOfMinutes(50)).toBe(83);
    expect(hoursHundredthsOfMinutes(89)).toBe(148); // 1.48333… → 1.48
    expect(hoursHundredthsOfMinutes(1440)).toBe(2400);
    expect(amountCents(33, 7023)).toBe(2318); // 23.1759 → 23.18
    expect(amountCents(50, 4999)).toBe(2500); // 24.995 → 25.00
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
        // One line per band and local date: never two lines of one band on one date.
        expect(new Set(segments.map((segment) => `${segment.date} ${segment.band}`)).size).toBe(segments.length);
      }),
      { numRuns: 500 },
    );
  });

  it('holds for priced lines after a break, whose hours are their minutes rounded', () => {
    const start = Date.UTC(2025, 6, 1);
    const rates: BandRates = { WEEKDAY_DAYTIME: 6537, WEEKDAY_EVENING: 7211, WEEKDAY_NIGHT: 8003, SATURDAY: 9101, SUNDAY: 12013, PUBLIC_HOLIDAY: 16007 };
    fc.assert(
      fc.property(
        fc.constantFrom(...stateCodes),
        fc.integer({ min: 0, max: 700 * 24 * 60 }),
        fc.integer({ min: 2, max: 24 * 60 }),
        fc.integer({ min: 0, max: 100 }),
        (state, offsetMinutes, length, breakPercent) => {
          const breakMinutes = Math.min(length - 1, Math.floor((length * breakPercent) / 200));
          const startsAtMs = start + offsetMinutes * 60_000;
          const priced = priceContractShift({ startsAtMs, endsAtMs: startsAtMs + length * 60_000, state, breakMinutes }, { rates });
          expect(priced.minutes).toBe(length - breakMinutes);
          for (const line of priced.lines) {
            expect(line.quantityHundredths).toBe(hoursHundredthsOfMinutes(line.minutes));
            expect(line.amountCents).toBe(amountCents(line.quantityHundredths, rates[line.timeBand as keyof BandRates]));
          }
          expect(priced.totalCents).toBe(priced.lines.reduce((sum, line) => sum + line.amountCents, 0));
        },
      ),
      { numRuns: 300 },
    );
  });
});
