import { describe, expect, it } from 'vitest';
import { capitalise, formatAbn, formatCalendarDate, formatCents, formatDayAndMonth, formatDistance, formatInstantDate, formatInstantDateTime, formatMinutes, formatMonthYear, formatPeriod, formatShortCalendarDate, formatTimeOfDay, formatWait, formatWeekdayDateTime, formatWholeDollars, fullName, initial, joinList, metresToKilometres, truncate, truncateBlurb, truncateSummary, workerDisplayName } from './format';
import { formatLongDate } from './validation/compliance-documents';

const letters = (count: number) => 'a'.repeat(count);

describe('truncate', () => {
  it('leaves text at or under the limit untouched', () => {
    expect(truncateBlurb(letters(100))).toBe(letters(100));
    expect(truncateBlurb('')).toBe('');
    expect(truncateSummary(letters(350))).toBe(letters(350));
  });

  it('keeps the limit and adds one ellipsis character when longer', () => {
    expect(truncateBlurb(letters(101))).toBe(`${letters(100)}…`);
    expect(truncateSummary(letters(351))).toBe(`${letters(350)}…`);
    expect(truncateSummary(letters(1000))).toHaveLength(351);
  });

  it('drops whitespace before the ellipsis', () => {
    expect(truncate('Kind and patient carer', 9)).toBe('Kind and…');
    expect(truncate('Kind   \n and', 7)).toBe('Kind…');
  });

  it('never splits an emoji at the boundary and counts it as one character', () => {
    const blurb = `${letters(99)}😀😀`;
    expect(truncateBlurb(blurb)).toBe(`${letters(99)}😀…`);
    expect(truncateBlurb(`${letters(99)}😀`)).toBe(`${letters(99)}😀`);
    const family = '👩‍👩‍👧';
    expect(truncate(`${family}${family}`, 1)).toBe(`${family}…`);
  });

  it('keeps text whose UTF-16 length is over the limit but character count is not', () => {
    const text = '😀'.repeat(100);
    expect(text.length).toBe(200);
    expect(truncateBlurb(text)).toBe(text);
  });

  it('rejects a negative or fractional length', () => {
    expect(() => truncate('abc', -1)).toThrow(RangeError);
    expect(() => truncate('abc', 1.5)).toThrow(RangeError);
  });
});

describe('distances', () => {
  it('rounds metres to kilometres with 2 decimals', () => {
    expect(metresToKilometres(12345)).toBe(12.35);
    expect(metresToKilometres(1005)).toBe(1.01);
    expect(metresToKilometres(0)).toBe(0);
    expect(metresToKilometres(4)).toBe(0);
  });

  it('formats with the unit and without trailing zeros', () => {
    expect(formatDistance(12345)).toBe('12.35 km');
    expect(formatDistance(5000)).toBe('5 km');
    expect(formatDistance(1500)).toBe('1.5 km');
    expect(formatDistance(1234567)).toBe('1,234.57 km');
  });

  it('rejects values that are not distances', () => {
    expect(() => metresToKilometres(Number.NaN)).toThrow(RangeError);
    expect(() => formatDistance(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  it('formats AUD with cents and thousands separators', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(25000)).toBe('$250.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-999)).toBe('-$9.99');
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatCents(10.5)).toThrow(RangeError);
  });
});

describe('fullName', () => {
  it('joins the first and last name, and is just the first name when there is no last name', () => {
    expect(fullName({ firstName: 'Jo', lastName: 'Citizen' })).toBe('Jo Citizen');
    expect(fullName({ firstName: 'Jo', lastName: '' })).toBe('Jo');
  });
});

describe('initial', () => {
  it('returns the capital initial with a full stop', () => {
    expect(initial('smith')).toBe('S.');
    expect(initial('  Nguyen')).toBe('N.');
    expect(initial('Ó Briain')).toBe('Ó.');
    expect(initial('')).toBe('');
    expect(initial('   ')).toBe('');
  });
});

describe('formatAbn', () => {
  it('groups an ABN’s 11 digits as it is printed, however it was spaced, and leaves anything else as given', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(formatAbn('518 247 535 56')).toBe('51 824 753 556');
    expect(formatAbn('5182475355')).toBe('5182475355');
  });
});

describe('formatMinutes', () => {
  it('writes minutes as hours and minutes', () => {
    expect(formatMinutes(210)).toBe('3 h 30 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect(formatMinutes(0)).toBe('0 min');
  });
});

describe('workerDisplayName', () => {
  it('writes the first name and the last initial with one full stop, or the first name alone', () => {
    expect(workerDisplayName({ firstName: 'Mei', lastInitial: 'L' })).toBe('Mei L.');
    expect(workerDisplayName({ firstName: 'Mei', lastInitial: 'L.' })).toBe('Mei L.');
    expect(workerDisplayName({ firstName: 'Mei', lastInitial: ' ' })).toBe('Mei');
  });
});

describe('capitalise', () => {
  it('puts the first character in capitals and leaves the rest as written', () => {
    expect(capitalise('every Monday at 9 am')).toBe('Every Monday at 9 am');
    expect(capitalise('')).toBe('');
  });
});

describe('joinList', () => {
  it('joins a list as a sentence writes it, with "and" or "or" before the last item', () => {
    expect(joinList([])).toBe('');
    expect(joinList(['Greek'])).toBe('Greek');
    expect(joinList(['Greek', 'Italian'])).toBe('Greek and Italian');
    expect(joinList(['Greek', 'Italian', 'Arabic'])).toBe('Greek, Italian and Arabic');
    expect(joinList(['Monday', 'Tuesday', 'Friday'], 'or')).toBe('Monday, Tuesday or Friday');
  });
});

describe('formatWait', () => {
  it('says seconds under a minute, minutes under two hours, hours beyond, always rounded up', () => {
    expect(formatWait(0)).toBe('1 second');
    expect(formatWait(1)).toBe('1 second');
    expect(formatWait(45)).toBe('45 seconds');
    expect(formatWait(60)).toBe('1 minute');
    expect(formatWait(61)).toBe('2 minutes');
    expect(formatWait(3599)).toBe('60 minutes');
    expect(formatWait(7199)).toBe('120 minutes');
    expect(formatWait(7200)).toBe('2 hours');
    expect(formatWait(86_400)).toBe('24 hours');
    expect(() => formatWait(Number.NaN)).toThrow(RangeError);
  });
});

describe('dates and times, one set of helpers with the locale as a parameter', () => {
  // 2026-11-25 03:05 UTC is 2:05 pm in Sydney (daylight time) and 11:05 am in Perth.
  const instant = '2026-11-25T03:05:00.000Z';

  it('writes an instant’s date and time in the zone asked for', () => {
    expect(formatInstantDate(instant, { timeZone: 'Australia/Sydney' })).toBe('25 November 2026');
    expect(formatInstantDate('2026-11-24T20:00:00.000Z', { timeZone: 'Australia/Sydney' })).toBe('25 November 2026');
    expect(formatInstantDate('2026-11-24T20:00:00.000Z', { timeZone: 'Australia/Perth' })).toBe('25 November 2026');
    expect(formatInstantDate('2026-11-24T15:00:00.000Z', { timeZone: 'Australia/Perth' })).toBe('24 November 2026');
    expect(formatTimeOfDay(instant, { timeZone: 'Australia/Perth' })).toBe('11:05 am');
    expect(formatInstantDateTime(instant, { timeZone: 'Australia/Sydney' })).toBe('25 Nov 2026, 2:05 pm');
    expect(formatDayAndMonth(instant, { timeZone: 'Australia/Sydney' })).toBe('25 Nov');
    expect(formatMonthYear(instant, { timeZone: 'Australia/Sydney' })).toBe('November 2026');
    expect(formatWeekdayDateTime(instant, { timeZone: 'Australia/Sydney' })).toMatch(/^Wed,? 25 Nov,? 2:05 pm$/);
  });

  it('writes a calendar date as it is written, whatever the zone', () => {
    expect(formatCalendarDate('2025-07-01')).toBe('1 July 2025');
    expect(formatShortCalendarDate('2025-07-01', 'en-US')).toBe('Jul 1, 2025');
    expect(formatLongDate('2027-03-03')).toBe('3 March 2027');
  });

  it('takes another locale', () => {
    expect(formatCalendarDate('2025-07-01', 'en-US')).toBe('July 1, 2025');
    expect(formatInstantDate(instant, { locale: 'vi-VN', timeZone: 'Australia/Sydney' })).toMatch(/25.*2026/);
  });

  it('writes limits in whole dollars', () => {
    expect(formatWholeDollars(2_000)).toBe('$20');
    expect(formatWholeDollars(30_000)).toBe('$300');
    expect(() => formatWholeDollars(1.5)).toThrow(RangeError);
  });
});

describe('formatPeriod', () => {
  it('writes one day once, and a longer period from first to last day', () => {
    expect(formatPeriod('2026-11-02', null)).toBe('2026-11-02');
    expect(formatPeriod('2026-11-02', '2026-11-02')).toBe('2026-11-02');
    expect(formatPeriod('2026-11-02', '2026-11-08')).toBe('2026-11-02 to 2026-11-08');
    expect(formatPeriod('2026-11-02', '2026-11-08', formatLongDate)).toBe('2 November 2026 to 8 November 2026');
  });
});
