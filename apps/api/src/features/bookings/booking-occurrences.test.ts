import { describe, expect, it } from 'vitest';
import { bookingOccurrenceDates, formatShiftRange, latestRepeatUntil } from '@tendly/domain/api/bookings';
import { clearDaysOfNotice, formatLocalDateTime, isShortNoticeCancellation } from '@tendly/domain/shift-time';
import { addLocalMinutes, localMinutesBetween, occurrenceStarts } from '../../platform/bookings/booking-occurrences';

describe('occurrenceStarts (rrule on floating local times)', () => {
  it('keeps the local time across both daylight-saving changes', () => {
    expect(occurrenceStarts('2027-03-29T09:00', 'WEEKLY', '2027-04-12')).toEqual(['2027-03-29T09:00', '2027-04-05T09:00', '2027-04-12T09:00']);
    expect(occurrenceStarts('2027-09-26T23:30', 'FORTNIGHTLY', '2027-10-24')).toEqual(['2027-09-26T23:30', '2027-10-10T23:30', '2027-10-24T23:30']);
  });

  it('is the first shift alone without a repeat', () => {
    expect(occurrenceStarts('2027-03-29T09:00', 'NONE', null)).toEqual(['2027-03-29T09:00']);
  });

  it.each([
    ['2027-01-04', 'WEEKLY', '2028-01-04'],
    ['2027-01-04', 'FORTNIGHTLY', '2027-12-31'],
    ['2027-02-28', 'WEEKLY', '2027-03-06'],
    ['2028-02-29', 'FORTNIGHTLY', '2029-02-28'],
  ] as const)('agrees with the screens’ simple count from %s %s until %s', (first, repeat, until) => {
    expect(occurrenceStarts(`${first}T09:00`, repeat, until).map((start) => start.slice(0, 10))).toEqual(bookingOccurrenceDates(first, repeat, until));
  });

  it.each([
    ['2027-01-04', 'WEEKLY', 8],
    ['2027-09-26', 'FORTNIGHTLY', 4],
    ['2028-02-22', 'WEEKLY', 53],
  ] as const)('makes a number of shifts from %s %s (%i), as the screens count them (issue 31 item 3)', (first, repeat, count) => {
    const starts = occurrenceStarts(`${first}T09:00`, repeat, null, count);
    expect(starts).toHaveLength(count);
    expect(starts.every((start) => start.endsWith('T09:00'))).toBe(true);
    expect(starts.map((start) => start.slice(0, 10))).toEqual(bookingOccurrenceDates(first, repeat, null, count));
  });

  it('moves local times on the wall clock', () => {
    expect(addLocalMinutes('2027-12-31T23:00', 90)).toBe('2028-01-01T00:30');
    expect(localMinutesBetween('2027-10-03T01:00', '2027-10-03T04:00')).toBe(180);
  });
});

describe('formatting (the same on every ICU)', () => {
  it('writes dates and ranges as "Mon 7 Dec 2026, 9:00 am – 12:00 pm"', () => {
    expect(formatLocalDateTime('2026-12-07T09:00')).toBe('Mon 7 Dec 2026, 9:00 am');
    expect(formatLocalDateTime('2027-06-21T00:05')).toBe('Mon 21 Jun 2027, 12:05 am');
    expect(formatShiftRange('2026-12-07T09:00', '2026-12-07T12:00')).toBe('Mon 7 Dec 2026, 9:00 am – 12:00 pm');
    expect(formatShiftRange('2026-12-07T22:00', '2026-12-08T06:00')).toBe('Mon 7 Dec 2026, 10:00 pm – Tue 8 Dec 2026, 6:00 am');
  });

  it('allows a repeat to run exactly 12 months', () => {
    expect(latestRepeatUntil('2027-01-04')).toBe('2028-01-04');
    expect(latestRepeatUntil('2028-02-29')).toBe('2029-02-28');
  });
});

describe('short notice in the client’s zone', () => {
  it('counts clear days by the local dates where the support happens: Perth and Sydney differ at night', () => {
    // 14:30 UTC on 1 Mar: already Tue 2 Mar 01:30 in Sydney, still Mon 1 Mar 22:30 in Perth.
    const notice = new Date('2027-03-01T14:30:00Z');
    // Tue 9 Mar: 12:00 in Sydney, 09:00 in Perth.
    const startsAt = new Date('2027-03-09T01:00:00Z');
    expect(clearDaysOfNotice(notice, startsAt, 'Australia/Sydney')).toBe(6);
    expect(isShortNoticeCancellation(notice, startsAt, 'Australia/Sydney')).toBe(true);
    expect(clearDaysOfNotice(notice, startsAt, 'Australia/Perth')).toBe(7);
    expect(isShortNoticeCancellation(notice, startsAt, 'Australia/Perth')).toBe(false);
    expect(isShortNoticeCancellation(notice, startsAt, 'Australia/Perth', true)).toBe(true);
  });
});
