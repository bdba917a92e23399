import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  addMonthsToDate,
  clearDaysOfNotice,
  instantToLocal,
  isLaterDate,
  isLocalDateTime,
  isShortNoticeCancellation,
  localToInstant,
  minutesBetween,
  NonexistentLocalTimeError,
  wallClockToInstant,
} from './shift-time';

const SYDNEY = 'Australia/Sydney';

describe('calendar months on local dates', () => {
  it('keeps to the last day of a shorter month, across years and backwards', () => {
    expect(addMonthsToDate('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsToDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDate('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonthsToDate('2027-01-04', 36)).toBe('2030-01-04');
    expect(addMonthsToDate('2027-03-31', -1)).toBe('2027-02-28');
    expect(addMonthsToDate('2027-01-15', -1)).toBe('2026-12-15');
  });

  it('writes years past 9999 in the expanded form and years below 100 as they are, and orders them rightly', () => {
    expect(addMonthsToDate('9999-12-31', 12)).toBe('+010000-12-31');
    expect(addMonthsToDate('0000-01-01', 12)).toBe('0001-01-01');
    expect(isLaterDate('9999-12-31', addMonthsToDate('9999-01-01', 36))).toBe(false);
    expect(isLaterDate('+010000-01-01', '9999-12-31')).toBe(true);
    expect(isLaterDate('2027-01-02', '2027-01-01')).toBe(true);
    expect(isLaterDate('2027-01-01', '2027-01-01')).toBe(false);
  });
});

describe('shift times in Australian zones', () => {
  it('gives a shift across the spring-forward change its true length', () => {
    // NSW daylight saving starts at 2am on the first Sunday of October 2026 (4 October).
    const start = localToInstant('2026-10-04T01:00', SYDNEY);
    const end = localToInstant('2026-10-04T04:00', SYDNEY);
    expect(start.toISOString()).toBe('2026-10-03T15:00:00.000Z');
    expect(minutesBetween(start, end)).toBe(120);
  });

  it('gives a shift across the autumn change its true length', () => {
    // Daylight saving ends at 3am on the first Sunday of April 2026 (5 April): 1am to 4am is 4 hours.
    expect(minutesBetween(localToInstant('2026-04-05T01:00', SYDNEY), localToInstant('2026-04-05T04:00', SYDNEY))).toBe(240);
  });

  it('refuses a local time inside the daylight-saving gap, naming it', () => {
    expect(() => localToInstant('2026-10-04T02:30', SYDNEY)).toThrow(NonexistentLocalTimeError);
    expect(() => localToInstant('2026-10-04T02:30', SYDNEY)).toThrow(/2:30 am does not exist in Australia\/Sydney/);
    // Queensland has no daylight saving: the same time exists in Brisbane.
    expect(localToInstant('2026-10-04T02:30', 'Australia/Brisbane').toISOString()).toBe('2026-10-03T16:30:00.000Z');
  });

  it('takes the first of a repeated hour, and reads instants back as local times', () => {
    const instant = localToInstant('2026-04-05T02:30', SYDNEY);
    expect(instant.toISOString()).toBe('2026-04-04T15:30:00.000Z');
    expect(instantToLocal(instant, SYDNEY)).toBe('2026-04-05T02:30');
    expect(instantToLocal(new Date('2026-12-01T00:00:00Z'), 'Australia/Perth')).toBe('2026-12-01T08:00');
  });

  it('agrees with Intl across 2026 to 2028 in every Australian zone, and reads every local time back to its instant', () => {
    const zones = ['Australia/Sydney', 'Australia/Melbourne', 'Australia/Brisbane', 'Australia/Adelaide', 'Australia/Darwin', 'Australia/Perth', 'Australia/Hobart', 'Australia/Lord_Howe'];
    const mismatches: string[] = [];
    for (const zone of zones) {
      const intl = new Intl.DateTimeFormat('sv-SE', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      // Every 105 minutes: each quarter of the hour in turn, and through every clock change.
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2029, 0, 1); at += 105 * 60_000) {
        const local = instantToLocal(new Date(at), zone);
        if (local !== intl.format(at).replace(' ', 'T')) mismatches.push(`${zone} at ${new Date(at).toISOString()}: ${local}`);
        const back = localToInstant(local, zone).getTime();
        // The second of a repeated hour reads back as the first, an hour (half on Lord Howe) earlier.
        if (back !== at && back !== at - 3_600_000 && back !== at - 1_800_000) mismatches.push(`${zone} ${local} read back as ${new Date(back).toISOString()}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 20_000);

  it('schedules a daily job’s wall-clock time on any day, moving a time in the gap forward with the clocks', () => {
    expect(wallClockToInstant('2026-10-04', '02:30', SYDNEY).toISOString()).toBe('2026-10-03T16:30:00.000Z');
    expect(instantToLocal(wallClockToInstant('2026-10-04', '02:30', SYDNEY), SYDNEY)).toBe('2026-10-04T03:30');
    expect(wallClockToInstant('2026-10-03', '02:30', SYDNEY).toISOString()).toBe('2026-10-02T16:30:00.000Z');
    expect(wallClockToInstant('2026-04-05', '02:30', SYDNEY).toISOString()).toBe('2026-04-04T15:30:00.000Z');
    expect(wallClockToInstant('2026-11-27', '15:00', SYDNEY).toISOString()).toBe('2026-11-27T04:00:00.000Z');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2027-03-01', -1)).toBe('2027-02-28');
  });

  it('accepts only real local date-times', () => {
    expect(isLocalDateTime('2026-02-28T09:00')).toBe(true);
    expect(isLocalDateTime('2026-02-29T09:00')).toBe(false);
    expect(isLocalDateTime('2026-02-28T24:00')).toBe(false);
    expect(isLocalDateTime('2026-02-28 09:00')).toBe(false);
  });
});

describe('short-notice cancellations (7 clear days in the state’s zone)', () => {
  const shift = localToInstant('2026-12-09T09:00', SYDNEY);

  it('counts whole days between the notice day and the shift day', () => {
    expect(clearDaysOfNotice(localToInstant('2026-12-01T23:59', SYDNEY), shift, SYDNEY)).toBe(7);
    expect(clearDaysOfNotice(localToInstant('2026-12-02T00:00', SYDNEY), shift, SYDNEY)).toBe(6);
  });

  it('is short notice from the first minute of the seventh day before, and never earlier', () => {
    expect(isShortNoticeCancellation(localToInstant('2026-12-01T23:59', SYDNEY), shift, SYDNEY)).toBe(false);
    expect(isShortNoticeCancellation(localToInstant('2026-12-02T00:00', SYDNEY), shift, SYDNEY)).toBe(true);
  });

  it('counts days in the client’s zone, not UTC or the server’s', () => {
    // 1 Dec 23:30 in Perth is 2 Dec 02:30 in Sydney: for a Perth shift on 9 Dec that is 7 clear days.
    const perth = 'Australia/Perth';
    const perthShift = localToInstant('2026-12-09T09:00', perth);
    expect(isShortNoticeCancellation(localToInstant('2026-12-01T23:30', perth), perthShift, perth)).toBe(false);
  });

  it('always treats a no-show as short notice', () => {
    expect(isShortNoticeCancellation(localToInstant('2026-11-01T09:00', SYDNEY), shift, SYDNEY, true)).toBe(true);
  });
});
