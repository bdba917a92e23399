import type { Timesheet } from '@tendly/domain/api/timesheets';
import { centsToDollars, dollarsToCents } from '@tendly/domain/validation/worker-profile';
import type { ReportableContract, ReportableShift, ReportableWork, UploadedReceipt } from './timesheets-api';

/**
 * The hours form's values as typed (text), and the request the API and the domain schema take
 * (`timesheetRequestSchema`): numbers, cents and ids. Text that is not a number becomes NaN, so
 * the schema names the field with its own message rather than the form guessing one.
 */
export type ExpenseRow = {
  /** A key for React that survives rows being removed. */
  readonly key: string;
  description: string;
  /** Dollars as typed: "8.50". */
  amount: string;
  receipt: Pick<UploadedReceipt, 'fileId' | 'fileName'> | null;
  /** Paid as the client's agent, in their name: a true disbursement, no GST (issue 28). */
  paidAsAgent: boolean;
};

export type TimesheetFormValues = {
  /** What the hours are for: `shift:<id>`, `contract:<id>` (unbooked work), or '' before a choice. */
  work: string;
  start: string;
  end: string;
  breakMinutes: string;
  travelKm: string;
  travelNote: string;
  expenses: ExpenseRow[];
  shiftNote: string;
  /** An NDIS line item code of the contract, or '' where the contract is not NDIS-funded. */
  ndisLineItem: string;
};

export const shiftChoice = (id: string) => `shift:${id}`;
export const contractChoice = (id: string) => `contract:${id}`;

/** The shift or contract a `work` value names, in the reportable work; null when it names neither. */
export function chosenWork(work: ReportableWork, value: string): { shift: ReportableShift | null; contract: ReportableContract | null } | null {
  const [kind, id] = value.split(':');
  if (kind === 'shift') {
    const shift = work.shifts.find((candidate) => candidate.id === id);
    return shift ? { shift, contract: work.contracts.find((candidate) => candidate.id === shift.contractId) ?? null } : null;
  }
  if (kind === 'contract') {
    const contract = work.contracts.find((candidate) => candidate.id === id);
    return contract ? { shift: null, contract } : null;
  }
  return null;
}

let rowCount = 0;
export function newExpenseRow(): ExpenseRow {
  rowCount += 1;
  return { key: `expense-${rowCount}`, description: '', amount: '', receipt: null, paidAsAgent: false };
}

export function emptyTimesheetValues(): TimesheetFormValues {
  return { work: '', start: '', end: '', breakMinutes: '0', travelKm: '0', travelNote: '', expenses: [], shiftNote: '', ndisLineItem: '' };
}

/** Saved or sent-back hours as the form shows them. */
export function timesheetValues(timesheet: Timesheet): TimesheetFormValues {
  return {
    work: timesheet.shiftId ? shiftChoice(timesheet.shiftId) : contractChoice(timesheet.contractId),
    start: timesheet.startLocal,
    end: timesheet.endLocal,
    breakMinutes: String(timesheet.breakMinutes),
    travelKm: String(timesheet.travelKm),
    travelNote: timesheet.travelNote,
    expenses: timesheet.expenses.map((expense) => ({
      ...newExpenseRow(),
      description: expense.description,
      amount: centsToDollars(expense.amountCents),
      receipt: expense.receipt ? { fileId: expense.receipt.fileId, fileName: expense.receipt.fileName } : null,
      paidAsAgent: expense.paidAsAgent,
    })),
    shiftNote: timesheet.shiftNote,
    ndisLineItem: timesheet.ndisLineItem ?? '',
  };
}

/** '' is left out (the schema's default applies); anything else is a number, NaN when it is not one. */
function numberOrDefault(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/**
 * The request for the form's values. `target` is what the hours are for: the ids of the shift
 * and contract (an edited timesheet's, or the chosen work's); null contract when nothing is chosen.
 */
export function toTimesheetRequest(values: TimesheetFormValues, target: { shiftId: string | null; contractId: string | null }, submit: boolean) {
  return {
    shiftId: target.shiftId,
    contractId: target.contractId ?? undefined,
    start: values.start,
    end: values.end,
    breakMinutes: numberOrDefault(values.breakMinutes),
    travelKm: numberOrDefault(values.travelKm),
    travelNote: values.travelNote,
    expenses: values.expenses.map((row) => ({
      description: row.description,
      amountCents: dollarsToCents(row.amount) ?? undefined,
      receiptFileId: row.receipt?.fileId ?? null,
      paidAsAgent: row.paidAsAgent,
    })),
    shiftNote: values.shiftNote,
    ndisLineItem: values.ndisLineItem === '' ? null : values.ndisLineItem,
    submit,
  };
}

/**
 * The request's field paths as the form names its fields: the choice of work is one field, and an
 * expense's amount and receipt are typed as dollars and chosen as a file.
 */
export function formFieldOf(path: string): string {
  if (path === 'shiftId' || path === 'contractId') return 'work';
  return path.replace(/\.amountCents$/, '.amount').replace(/\.receiptFileId$/, '.receipt');
}

/** Errors keyed by request path (the schema's or the API's `errors`) keyed by form field; the first message per field wins. */
export function toFormErrors(errors: Readonly<Record<string, string>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = formFieldOf(path);
    if (!(field in result)) result[field] = message;
  }
  return result;
}

/** The form's fields in the order they appear, for the error summary. */
export function timesheetFieldOrder(values: TimesheetFormValues): string[] {
  return [
    'work',
    'start',
    'end',
    'breakMinutes',
    'ndisLineItem',
    'travelKm',
    'travelNote',
    'expenses',
    ...values.expenses.flatMap((_, index) => [`expenses.${index}.description`, `expenses.${index}.amount`, `expenses.${index}.paidAsAgent`, `expenses.${index}.receipt`]),
    'shiftNote',
  ];
}
