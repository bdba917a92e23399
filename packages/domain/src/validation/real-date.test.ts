import { describe, expect, it } from 'vitest';
import { isRealDate } from './real-date';

describe('a real date typed in a date field', () => {
  it('accepts a real day, leap days included', () => {
    expect(isRealDate('2025-03-27')).toBe(true);
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('1900-01-01')).toBe(true);
  });

  it('refuses a day the calendar does not have', () => {
    expect(isRealDate('2025-02-29')).toBe(false);
    expect(isRealDate('2025-04-31')).toBe(false);
    expect(isRealDate('2025-13-01')).toBe(false);
  });

  it('refuses a year before 1900 and anything not written YYYY-MM-DD', () => {
    expect(isRealDate('1899-12-31')).toBe(false);
    expect(isRealDate('27/03/2025')).toBe(false);
    expect(isRealDate('2025-3-27')).toBe(false);
  });
});
