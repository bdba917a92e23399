import { describe, expect, it } from 'vitest';
import { UNSAFE_TEXT_MESSAGE } from '../validation/safe-text';
import { localToInstant } from '../shift-time';
import {
  AUTO_APPROVE_TRAVEL_KM_MAX,
  DEFAULT_TIMESHEET_LIMITS,
  EXPENSE_RECEIPT_REQUIRED,
  RECEIPT_REQUIRED_ABOVE_CENTS,
  TIMESHEET_END_BEFORE_START,
  agreementPeriod,
  approvalHolds,
  hoursOutsideAgreementMessage,
  isDeletableTimesheet,
  isEditableTimesheet,
  isWithinAgreement,
  timesheetLimitErrors,
  timesheetMove,
  timesheetRequestSchema,
  timesheetRequestSchemaWithin,
  type ReportToReview,
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

describe('the limits of one report (issue 29)', () => {
  const base = { contractId: '00000000-0000-4000-8000-000000000001', start: '2026-11-02T09:00', end: '2026-11-02T09:15' };
  const receipt = '00000000-0000-4000-8000-000000000002';
  // The probe's bill: a 15-minute visit, 2,000 km of travel and ten $2,000 expenses without receipts.
  const probe = { ...base, travelKm: 2000, travelNote: 'Around', expenses: Array.from({ length: 10 }, () => ({ description: 'Supplies', amountCents: 200_000 })) };

  it('needs the receipt of an expense over $50 in the schema itself, and not of one of $50', () => {
    const issues = (expenses: object[]) => timesheetRequestSchema.safeParse({ ...base, expenses }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
    expect(issues([{ description: 'Parking', amountCents: RECEIPT_REQUIRED_ABOVE_CENTS }])).toEqual([]);
    expect(issues([{ description: 'Taxi', amountCents: 5_001 }])).toEqual([['expenses.0.receiptFileId', EXPENSE_RECEIPT_REQUIRED]]);
    expect(issues([{ description: 'Taxi', amountCents: 5_001, receiptFileId: receipt }])).toEqual([]);
    expect(EXPENSE_RECEIPT_REQUIRED).toBe('Upload the receipt: an expense over $50 needs one.');
  });

  it('refuses the probe’s bill with every limit named: travel, receipts and the total of expenses', () => {
    const errors = timesheetLimitErrors(timesheetRequestSchema.parse({ ...probe, expenses: probe.expenses.map((expense) => ({ ...expense, receiptFileId: receipt })) }), DEFAULT_TIMESHEET_LIMITS);
    expect(errors).toEqual({ travelKm: 'Travel can be at most 300 km for one shift.', expenses: 'Expenses can add up to at most $500.00 on one report.' });
    const messages = timesheetRequestSchemaWithin(DEFAULT_TIMESHEET_LIMITS).safeParse(probe).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('Travel can be at most 300 km for one shift.');
    expect(messages).toContain('Expenses can add up to at most $500.00 on one report.');
    expect(messages.filter((message) => message === EXPENSE_RECEIPT_REQUIRED)).toHaveLength(10);
  });

  it('takes a report at the limits', () => {
    const atLimits = { travelKm: 300, expenses: [{ amountCents: 45_000, receiptFileId: receipt }, { amountCents: 5_000, receiptFileId: null }] };
    expect(timesheetLimitErrors(atLimits, DEFAULT_TIMESHEET_LIMITS)).toEqual({});
    expect(timesheetLimitErrors({ ...atLimits, travelKm: 300.1 }, DEFAULT_TIMESHEET_LIMITS)).toHaveProperty('travelKm');
    expect(timesheetLimitErrors(atLimits, { travelKmMax: 300, expensesTotalMaxCents: 49_999 })).toHaveProperty('expenses');
  });
});

describe('the reports that wait for a person (issue 29)', () => {
  const report: ReportToReview = { kind: 'SHIFT', workedMinutes: 180, bookedMinutes: 180, travelKm: 0, expenses: [] };
  const codes = (changes: Partial<ReportToReview>) => approvalHolds({ ...report, ...changes }).map((hold) => hold.code);

  it('lets the job queue approve hours as booked, a little over, modest travel and no expenses', () => {
    expect(codes({})).toEqual([]);
    expect(codes({ workedMinutes: 195 })).toEqual([]);
    expect(codes({ workedMinutes: 60, bookedMinutes: 60, travelKm: AUTO_APPROVE_TRAVEL_KM_MAX })).toEqual([]);
    expect(codes({ kind: 'CANCELLATION', bookedMinutes: null, expenses: [{ amountCents: 100 }] })).toEqual([]);
  });

  it('holds hours over the booking by more than 15 minutes or 25%, unbooked work, long travel and any expense', () => {
    expect(approvalHolds({ ...report, workedMinutes: 196 })).toEqual([{ code: 'OVER_BOOKING', message: '3 h 16 min worked, 16 min more than the 3 h booked' }]);
    // 25% of a 15-minute visit is under 4 minutes.
    expect(codes({ workedMinutes: 19, bookedMinutes: 15 })).toEqual(['OVER_BOOKING']);
    expect(codes({ workedMinutes: 18, bookedMinutes: 15 })).toEqual([]);
    expect(codes({ bookedMinutes: null })).toEqual(['UNBOOKED']);
    expect(codes({ travelKm: AUTO_APPROVE_TRAVEL_KM_MAX + 0.1 })).toEqual(['TRAVEL']);
    expect(approvalHolds({ ...report, expenses: [{ amountCents: 850 }] })).toEqual([{ code: 'EXPENSES', message: 'an expense of $8.50 in all, which the service agreement does not cover by itself' }]);
  });
});
