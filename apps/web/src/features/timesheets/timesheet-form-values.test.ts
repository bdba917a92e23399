import { describe, expect, it } from 'vitest';
import { timesheetRequestSchema } from '@tendly/domain/api/timesheets';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { testJobReport } from '../../app/test-job-reports';
import { testReportableWork } from '../../app/test-timesheets';
import {
  chosenWork,
  contractChoice,
  emptyTimesheetValues,
  newExpenseRow,
  shiftChoice,
  timesheetFieldOrder,
  timesheetValues,
  toFormErrors,
  toTimesheetRequest,
  type TimesheetFormValues,
} from './timesheet-form-values';

const SHIFT_ID = '11111111-1111-4111-8111-111111111111';
const CONTRACT_ID = '33333333-3333-4333-8333-333333333333';
const target = { shiftId: SHIFT_ID, contractId: CONTRACT_ID };

function values(overrides: Partial<TimesheetFormValues> = {}): TimesheetFormValues {
  return { ...emptyTimesheetValues(), work: shiftChoice(SHIFT_ID), start: '2026-11-23T09:00', end: '2026-11-23T12:30', ...overrides };
}

describe('the hours form as a request', () => {
  it('turns text into numbers and dollars into cents, and passes the schema', () => {
    const request = toTimesheetRequest(
      values({ breakMinutes: '30', travelKm: '12.5', travelNote: 'Home to the shops', expenses: [{ ...newExpenseRow(), description: 'Parking', amount: '$8.50', paidAsAgent: true, receipt: { fileId: 'f1f1f1f1-1111-4111-8111-111111111111', fileName: 'p.pdf' } }] }),
      target,
      true,
    );
    const parsed = timesheetRequestSchema.parse(request);
    expect(parsed).toMatchObject({ shiftId: SHIFT_ID, contractId: CONTRACT_ID, breakMinutes: 30, travelKm: 12.5, submit: true, ndisLineItem: null });
    expect(parsed.expenses).toEqual([{ description: 'Parking', amountCents: 850, paidAsAgent: true, receiptFileId: 'f1f1f1f1-1111-4111-8111-111111111111' }]);
  });

  it('leaves blank numbers to the schema’s defaults, and lets the schema name what is not a number', () => {
    expect(timesheetRequestSchema.parse(toTimesheetRequest(values({ breakMinutes: ' ', travelKm: '' }), target, false))).toMatchObject({ breakMinutes: 0, travelKm: 0 });
    const result = timesheetRequestSchema.safeParse(
      toTimesheetRequest(values({ breakMinutes: 'half an hour', travelKm: '3', expenses: [{ ...newExpenseRow(), description: '', amount: 'eight' }] }), { shiftId: null, contractId: null }, false),
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFormErrors(fieldErrors(result.error))).toEqual({
      work: 'Choose a service agreement',
      breakMinutes: 'Enter the break in minutes',
      'expenses.0.description': 'Describe the expense',
      'expenses.0.amount': 'Enter the amount',
    });
  });

  it('asks for the route note with travel once the fields themselves are right (the schema’s whole-form rules)', () => {
    const result = timesheetRequestSchema.safeParse(toTimesheetRequest(values({ travelKm: '3' }), target, false));
    expect(result.success ? {} : toFormErrors(fieldErrors(result.error))).toEqual({ travelNote: 'Say where you travelled' });
  });

  it('names the API’s field paths as the form’s fields, the first message per field', () => {
    expect(toFormErrors({ shiftId: 'Hours have already been recorded for this shift.', contractId: 'Other', 'expenses.1.receiptFileId': 'Upload the receipt again', end: 'Too late' })).toEqual({
      work: 'Hours have already been recorded for this shift.',
      'expenses.1.receipt': 'Upload the receipt again',
      end: 'Too late',
    });
  });

  it('loads saved hours into the form, and lists the fields in the form’s order', () => {
    const loaded = timesheetValues(testJobReport({ status: 'DRAFT' }));
    expect(loaded).toMatchObject({ work: shiftChoice(SHIFT_ID), start: '2026-11-23T09:00', breakMinutes: '30', travelKm: '12.5', ndisLineItem: '' });
    expect(loaded.expenses.map((row) => [row.description, row.amount, row.receipt?.fileName])).toEqual([['Parking', '8.50', 'parking.pdf']]);
    expect(timesheetValues(testJobReport({ shiftId: null })).work).toBe(contractChoice(CONTRACT_ID));
    expect(timesheetFieldOrder(loaded)).toEqual(['work', 'start', 'end', 'breakMinutes', 'ndisLineItem', 'travelKm', 'travelNote', 'expenses', 'expenses.0.description', 'expenses.0.amount', 'expenses.0.paidAsAgent', 'expenses.0.receipt', 'shiftNote']);
  });

  it('finds the chosen shift with its agreement, or the chosen agreement', () => {
    const work = testReportableWork();
    expect(chosenWork(work, shiftChoice(SHIFT_ID))).toMatchObject({ shift: { id: SHIFT_ID }, contract: { id: CONTRACT_ID } });
    expect(chosenWork(work, contractChoice(CONTRACT_ID))).toMatchObject({ shift: null, contract: { id: CONTRACT_ID } });
    expect(chosenWork(work, shiftChoice('nope'))).toBeNull();
    expect(chosenWork(work, '')).toBeNull();
  });
});
