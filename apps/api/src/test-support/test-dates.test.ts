import { describe, expect, it } from 'vitest';
import { localToInstant, minutesBetween } from '@tendly/domain/shift-time';
import { PERTH, SYDNEY, nextFirstSunday, nextFirstWeekdayOf, nextMonday, plusDays, sameDayNextYear, todayInZone } from './test-dates';

// The helpers take `now`, so these run on any day: the same instants the booking tests meet
// on the real clock, including the days the old fixed dates (4 January 2027 on) went stale.
const at = (iso: string) => new Date(iso);

describe('dates for tests, from today in the zone', () => {
  it('reads today in the zone, not in UTC', () => {
    // 20:00 UTC on 3 January is 07:00 on 4 January in Sydney and 04:00 in Perth.
    expect(todayInZone(SYDNEY, at('2027-01-03T20:00:00Z'))).toBe('2027-01-04');
    expect(todayInZone(PERTH, at('2027-01-03T15:00:00Z'))).toBe('2027-01-03');
  });

  it('moves by days across months and years', () => {
    expect(plusDays('2027-12-30', 3)).toBe('2028-01-02');
    expect(plusDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it('gives a Monday after today, however late in the week today is', () => {
    // 4 January 2027 is a Monday: the next one is the 11th.
    expect(nextMonday(SYDNEY, 0, at('2027-01-04T01:00:00Z'))).toBe('2027-01-11');
    expect(nextMonday(SYDNEY, 2, at('2027-01-04T01:00:00Z'))).toBe('2027-01-25');
    expect(nextMonday(SYDNEY, 0, at('2027-01-09T13:30:00Z'))).toBe('2027-01-11');
    expect(nextMonday(SYDNEY, 0, at('2027-01-10T13:30:00Z'))).toBe('2027-01-18');
  });

  it('finds the next first Sunday of October that is far enough off: the day NSW daylight saving starts', () => {
    expect(nextFirstSunday(SYDNEY, 10, 14, at('2026-11-27T00:00:00Z'))).toBe('2027-10-03');
    // Too close to this year's: next year's.
    expect(nextFirstSunday(SYDNEY, 10, 14, at('2027-09-25T00:00:00Z'))).toBe('2028-10-01');
    const start = nextFirstSunday(SYDNEY, 10, 14, at('2031-02-01T00:00:00Z'));
    expect(start).toBe('2031-10-05');
    expect(minutesBetween(localToInstant(`${start}T01:00`, SYDNEY), localToInstant(`${start}T04:00`, SYDNEY))).toBe(120);
  });

  it('finds the first Sunday of April, when daylight saving ends, and the first Monday of a month', () => {
    const end = nextFirstSunday(SYDNEY, 4, 0, at('2026-11-27T00:00:00Z'));
    expect(end).toBe('2027-04-04');
    expect(minutesBetween(localToInstant(`${end}T01:00`, SYDNEY), localToInstant(`${end}T04:00`, SYDNEY))).toBe(240);
    // February 2027 starts on a Monday.
    expect(nextFirstWeekdayOf(SYDNEY, 2, 1, 0, at('2026-11-27T00:00:00Z'))).toBe('2027-02-01');
    expect(nextFirstWeekdayOf(SYDNEY, 2, 1, 0, at('2027-02-02T00:00:00Z'))).toBe('2028-02-07');
  });

  it('gives the same day a year on, keeping to February', () => {
    expect(sameDayNextYear('2027-01-04')).toBe('2028-01-04');
    expect(sameDayNextYear('2028-02-29')).toBe('2029-02-28');
  });
});
