import { describe, expect, it } from 'vitest';
import { nationalPublicHoliday } from '../pricing/public-holidays';
import { isBankingDay, nextBankingDay } from './banking-days';

describe('banking days (BECS settles Monday to Friday, not on national public holidays)', () => {
  it('keeps a weekday that is no holiday', () => {
    expect(nextBankingDay('2026-12-01')).toBe('2026-12-01');
    expect(isBankingDay('2026-12-04')).toBe(true);
  });

  it('moves a Saturday or a Sunday to the Monday', () => {
    expect(nextBankingDay('2026-12-05')).toBe('2026-12-07');
    expect(nextBankingDay('2026-12-06')).toBe('2026-12-07');
  });

  it('moves a national public holiday to the next banking day', () => {
    expect(nationalPublicHoliday('2027-01-26')).toMatch(/Australia Day/);
    expect(nextBankingDay('2027-01-26')).toBe('2027-01-27');
    // Good Friday and Easter Monday 2027 (26 and 29 March): Friday to Tuesday.
    expect(nextBankingDay('2027-03-26')).toBe('2027-03-30');
    // Christmas 2026 is a Friday, Boxing Day a Saturday and its substitute Monday 28 December.
    expect(nextBankingDay('2026-12-25')).toBe('2026-12-29');
  });

  it('does not stop for a holiday of some states only', () => {
    // Melbourne Cup Day (Victoria) and the King's Birthday in most states but not WA or QLD.
    expect(nationalPublicHoliday('2026-11-03')).toBeNull();
    expect(nextBankingDay('2026-11-03')).toBe('2026-11-03');
    expect(nextBankingDay('2027-06-14')).toBe('2027-06-14');
  });

  it('refuses what is not a date', () => {
    expect(() => nextBankingDay('26/01/2027')).toThrow(RangeError);
  });
});
