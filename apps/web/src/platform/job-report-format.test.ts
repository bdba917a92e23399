import { describe, expect, it } from 'vitest';
import { formatDateIn, formatQuantity, timeBandLabel } from './job-report-format';

describe('job report formats', () => {
  it('writes an instant as the date in the client’s zone, not the browser’s', () => {
    // 14:30 UTC on 30 Nov is already 1 Dec in Sydney (daylight time) but still 30 Nov in Perth.
    expect(formatDateIn('2026-11-30T14:30:00.000Z', 'Australia/Sydney')).toBe('Tue 1 Dec 2026');
    expect(formatDateIn('2026-11-30T14:30:00.000Z', 'Australia/Perth')).toBe('Mon 30 Nov 2026');
  });

  it('names bands and units', () => {
    expect(timeBandLabel('PUBLIC_HOLIDAY')).toBe('Public holiday');
    expect(timeBandLabel(null)).toBe('');
    expect(formatQuantity(1.5, 'H')).toBe('1.5 h');
    expect(formatQuantity(12.25, 'KM')).toBe('12.25 km');
    expect(formatQuantity(1, 'E')).toBe('1 each');
  });
});
