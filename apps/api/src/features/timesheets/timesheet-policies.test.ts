import { describe, expect, it } from 'vitest';
import type { TimesheetStatus } from '@tendly/domain/api/timesheets';
import { canDecideJobReport, canDeleteTimesheet, canEditTimesheet, canFetchReceipt, canSeeTimesheet, type TimesheetViewer } from './timesheet-policies';

const worker: TimesheetViewer = { kind: 'person', userId: 'worker' };
const careSeeker: TimesheetViewer = { kind: 'person', userId: 'care-seeker' };
const stranger: TimesheetViewer = { kind: 'person', userId: 'stranger' };
const nominee: TimesheetViewer = { kind: 'nominee' };
const hours = (status: TimesheetStatus, kind: 'SHIFT' | 'CANCELLATION' = 'SHIFT') => ({ status, kind, workerId: 'worker', careSeekerId: 'care-seeker' });

describe('timesheet policies', () => {
  it('show hours to the worker always, to the care seeker’s side once submitted, and to nobody else', () => {
    expect(canSeeTimesheet(worker, hours('DRAFT'))).toBe(true);
    expect(canSeeTimesheet(careSeeker, hours('DRAFT'))).toBe(false);
    expect(canSeeTimesheet(nominee, hours('DRAFT'))).toBe(false);
    for (const status of ['SUBMITTED', 'APPROVED', 'REJECTED'] as const) {
      expect(canSeeTimesheet(careSeeker, hours(status))).toBe(true);
      expect(canSeeTimesheet(nominee, hours(status))).toBe(true);
      expect(canSeeTimesheet(stranger, hours(status))).toBe(false);
    }
  });

  it('let the worker change drafts and rejected reports of their own hours, and delete only drafts', () => {
    expect(canEditTimesheet(worker, hours('DRAFT'))).toBe(true);
    expect(canEditTimesheet(worker, hours('REJECTED'))).toBe(true);
    expect(canEditTimesheet(worker, hours('SUBMITTED'))).toBe(false);
    expect(canEditTimesheet(worker, hours('APPROVED'))).toBe(false);
    expect(canEditTimesheet(worker, hours('REJECTED', 'CANCELLATION'))).toBe(false);
    expect(canEditTimesheet(careSeeker, hours('DRAFT'))).toBe(false);
    expect(canDeleteTimesheet(worker, hours('DRAFT'))).toBe(true);
    expect(canDeleteTimesheet(worker, hours('REJECTED'))).toBe(false);
  });

  it('let the care seeker’s side decide a submitted report only', () => {
    expect(canDecideJobReport(careSeeker, hours('SUBMITTED'))).toBe(true);
    expect(canDecideJobReport(nominee, hours('SUBMITTED'))).toBe(true);
    expect(canDecideJobReport(worker, hours('SUBMITTED'))).toBe(false);
    expect(canDecideJobReport(stranger, hours('SUBMITTED'))).toBe(false);
    for (const status of ['DRAFT', 'APPROVED', 'REJECTED'] as const) expect(canDecideJobReport(careSeeker, hours(status))).toBe(false);
  });

  it('give a receipt to its uploader and to the care seeker of submitted hours that use it', () => {
    expect(canFetchReceipt('worker', { uploadedBy: 'worker', onTimesheets: [] })).toBe(true);
    expect(canFetchReceipt('care-seeker', { uploadedBy: 'worker', onTimesheets: [{ careSeekerId: 'care-seeker', status: 'DRAFT' }] })).toBe(false);
    expect(canFetchReceipt('care-seeker', { uploadedBy: 'worker', onTimesheets: [{ careSeekerId: 'care-seeker', status: 'SUBMITTED' }] })).toBe(true);
    expect(canFetchReceipt('stranger', { uploadedBy: 'worker', onTimesheets: [{ careSeekerId: 'care-seeker', status: 'APPROVED' }] })).toBe(false);
  });
});
