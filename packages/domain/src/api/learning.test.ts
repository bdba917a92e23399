import { describe, expect, it } from 'vitest';
import { formatPassDate } from './learning';

describe('formatPassDate', () => {
  it('writes the day a module was passed in Sydney time, whatever the zone of the instant', () => {
    // 14:30 UTC on 24 November is already 25 November in Sydney (daylight time).
    expect(formatPassDate(new Date('2026-11-24T14:30:00Z'))).toBe('25 November 2026');
    expect(formatPassDate('2026-11-24T14:30:00.000Z')).toBe('25 November 2026');
  });
});
