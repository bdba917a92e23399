import { describe, expect, it } from 'vitest';
import { formatCalendarDate, timeLeft } from './admin-format';
import { describeChange } from './admin-history';

describe('timeLeft', () => {
  const now = Date.parse('2026-11-25T00:00:00Z');
  it('says how long is left for the 24-hour response, or how long it is overdue', () => {
    expect(timeLeft('2026-11-25T05:30:00Z', now)).toEqual({ text: '5 h 30 min left', isOverdue: false });
    expect(timeLeft('2026-11-25T00:45:00Z', now)).toEqual({ text: '45 min left', isOverdue: false });
    expect(timeLeft('2026-11-24T21:55:00Z', now)).toEqual({ text: 'overdue by 2 h 5 min', isOverdue: true });
  });
});

describe('describeChange', () => {
  it('lists what changed from before to after, then the other facts', () => {
    expect(
      describeChange({ reason: 'A complaint', before: { status: 'ACTIVE', suspendedAt: null }, after: { status: 'INACTIVE', suspendedAt: null } }),
    ).toBe('status: ACTIVE → INACTIVE; reason: A complaint');
    expect(describeChange({ items: ['Add a photo', 'Fix the bio'] })).toBe('items: Add a photo; Fix the bio');
    expect(describeChange({})).toBe('—');
  });
});

describe('formatCalendarDate', () => {
  it('shows a calendar date as written, whatever the time zone', () => {
    expect(formatCalendarDate('2029-01-10')).toBe('10 Jan 2029');
    expect(formatCalendarDate(null)).toBe('—');
  });
});
