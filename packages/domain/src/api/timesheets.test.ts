import { describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '../validation/safe-text';
import { TIMESHEET_END_BEFORE_START, isDeletableTimesheet, isEditableTimesheet, timesheetMove, timesheetRequestSchema } from './timesheets';

describe('the timesheet moves', () => {
  it('let the worker save and submit drafts and rejected reports, and the care seeker’s side decide submitted ones', () => {
    expect(timesheetMove('DRAFT', 'submit')).toBe('SUBMITTED');
    expect(timesheetMove('REJECTED', 'submit')).toBe('SUBMITTED');
    expect(timesheetMove('REJECTED', 'save')).toBe('REJECTED');
    expect(timesheetMove('SUBMITTED', 'approve')).toBe('APPROVED');
    expect(timesheetMove('SUBMITTED', 'reject')).toBe('REJECTED');
  });

  it('refuse every other move: an approved report is final, a rejected one is not approved', () => {
    expect(timesheetMove('APPROVED', 'reject')).toBeUndefined();
    expect(timesheetMove('APPROVED', 'save')).toBeUndefined();
    expect(timesheetMove('REJECTED', 'approve')).toBeUndefined();
    expect(timesheetMove('SUBMITTED', 'save')).toBeUndefined();
    expect(timesheetMove('DRAFT', 'approve')).toBeUndefined();
    expect(['DRAFT', 'REJECTED'].every((status) => isEditableTimesheet(status as 'DRAFT'))).toBe(true);
    expect(isEditableTimesheet('SUBMITTED')).toBe(false);
    expect(isDeletableTimesheet('DRAFT')).toBe(true);
    expect(isDeletableTimesheet('REJECTED')).toBe(false);
  });
});

describe('timesheetRequestSchema', () => {
  const base = { contractId: '00000000-0000-4000-8000-000000000001', start: '2026-11-02T09:00', end: '2026-11-02T12:00' };

  it('fills the defaults', () => {
    expect(timesheetRequestSchema.parse(base)).toMatchObject({ shiftId: null, breakMinutes: 0, travelKm: 0, travelNote: '', expenses: [], shiftNote: '', ndisLineItem: null, submit: false });
  });

  it('refuses an end not after the start, kilometres to more than one decimal place, and control characters', () => {
    const issues = (value: object) => timesheetRequestSchema.safeParse({ ...base, ...value }).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ end: '2026-11-02T09:00' })).toContain(TIMESHEET_END_BEFORE_START);
    expect(issues({ travelKm: 1.25, travelNote: 'Shops' })).toContain('Enter kilometres to one decimal place');
    expect(issues({ shiftNote: 'a\u0000b' })).toContain(UNSAFE_TEXT_MESSAGE);
    expect(issues({ travelKm: 12.5, travelNote: 'Shops' })).toEqual([]);
  });
});
