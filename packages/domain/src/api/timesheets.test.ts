import { describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '../validation/safe-text';
import { localToInstant } from '../shift-time';
import {
  TIMESHEET_END_BEFORE_START,
  agreementPeriod,
  hoursOutsideAgreementMessage,
  isDeletableTimesheet,
  isEditableTimesheet,
  isWithinAgreement,
  timesheetMove,
  timesheetRequestSchema,
} from './timesheets';

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

// Issue 29: hours fall within an agreement as instants, in the client's time zone.
describe('the period of a service agreement', () => {
  const sydney = 'Australia/Sydney';
  const at = (local: string, zone = sydney) => localToInstant(local, zone);
  const terms = { startDate: '2026-12-03', endDate: '2027-03-31', terminationNoticeDate: null, signedAt: at('2026-12-01T10:00'), timeZone: sydney };

  it('runs from midnight of its first day, in the client’s zone, to the end of its last day', () => {
    const period = agreementPeriod(terms);
    expect(period.startsAt).toEqual(at('2026-12-03T00:00'));
    // Sydney is on daylight saving in December and not in April: the end is still local midnight.
    expect(period.endsAt).toEqual(at('2027-04-01T00:00'));
    expect(isWithinAgreement(period, at('2026-12-03T00:00'), at('2026-12-03T02:00'))).toBe(true);
    expect(isWithinAgreement(period, at('2026-12-02T23:00'), at('2026-12-03T01:00'))).toBe(false);
    expect(isWithinAgreement(period, at('2027-03-31T21:00'), at('2027-04-01T00:00'))).toBe(true);
    expect(isWithinAgreement(period, at('2027-03-31T22:00'), at('2027-04-01T00:01'))).toBe(false);
    expect(hoursOutsideAgreementMessage('Helen Carter', period)).toBe('These hours are outside your agreement with Helen Carter, which runs from 3 December 2026 to 31 March 2027.');
  });

  it('begins when it was accepted, if that was later than its first midnight, and says so', () => {
    const period = agreementPeriod({ ...terms, signedAt: at('2026-12-03T14:05'), endDate: null });
    expect(isWithinAgreement(period, at('2026-12-03T09:00'), at('2026-12-03T10:00'))).toBe(false);
    expect(isWithinAgreement(period, at('2026-12-03T14:05'), at('2026-12-03T15:00'))).toBe(true);
    expect(isWithinAgreement(period, at('2030-01-01T09:00'), at('2030-01-01T10:00'))).toBe(true);
    expect(hoursOutsideAgreementMessage('Helen Carter', period)).toBe(
      'These hours are outside your agreement with Helen Carter, which runs from 3 December 2026 (accepted at 2:05 pm), with no end date.',
    );
  });

  it('ends on the last day of a termination’s notice when that comes before its end date', () => {
    const period = agreementPeriod({ ...terms, terminationNoticeDate: '2027-01-15' });
    expect(period.endsAt).toEqual(at('2027-01-16T00:00'));
    expect(isWithinAgreement(period, at('2027-01-16T09:00'), at('2027-01-16T10:00'))).toBe(false);
  });

  it('reads the dates in the client’s zone: midnight in Perth is 3 am in Sydney', () => {
    const perth = agreementPeriod({ ...terms, timeZone: 'Australia/Perth' });
    expect(perth.startsAt).toEqual(at('2026-12-03T03:00'));
    expect(isWithinAgreement(perth, at('2026-12-03T01:00'), at('2026-12-03T02:00'))).toBe(false);
  });
});
