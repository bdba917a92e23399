import { z } from 'zod';
import { formatCents, formatMinutes } from '../format';
import { ndisLineItemCodes, supportLevelCodes } from '../ndis-line-items';
import { addDaysToDate, formatLocalTime, instantToLocal, isLocalDateTime, localToInstant } from '../shift-time';
import { formatLongDate } from '../validation/compliance-documents';
import { stateCodes } from '../states';
import { safeText } from '../validation/safe-text';
import { cancellationReasonCodes } from './bookings';
import { contractPartySchema } from './contracts';
import { timePageParameters } from './query-params';
import { invoiceLineKindCodes, pricedLineFields } from './invoices';

/**
 * Hours, job reports and shift notes (issue 14; spec sections 2.5 and 2.6; workflows.md "Hours,
 * job reports and invoices"). A worker records the hours of a shift (a timesheet): saved as a
 * DRAFT day by day (/saved-hours) and submitted, alone or together. Submitted hours are a **job
 * report** (the spec's unapproved invoice, /unapproved-invoices), which the care seeker, a
 * coordinator acting for them, or the nominee on their account approves or rejects with a reason.
 * A rejected report goes back to the worker to fix and submit again; an approved one is invoiced.
 * A report nobody decides within the auto-approval period (7 days, a setting) is approved by the
 * job queue.
 *
 * Choices made here (the spec says "not shown"):
 * - One timesheet per shift. Unbooked work under an active contract has no shift.
 * - A shift lasts at most 24 hours; its start and end are local date-times in the client's state
 *   (the contract's); a time inside the daylight-saving gap is refused.
 * - Travel is kilometres to one decimal place, at the contract's rate a km.
 * - Expenses are at cost, each with a description and, usually, a receipt (PDF or image).
 * - A short-notice cancellation (issue 13) becomes a job report of kind CANCELLATION, priced at
 *   the contract's cancellation charge, with the NDIS claim type CANC and its reason.
 */

export const timesheetStatusCodes = ['DRAFT', 'SUBMITTED', 'APPROVED', 'REJECTED'] as const;
export type TimesheetStatus = (typeof timesheetStatusCodes)[number];
export const timesheetStatusLabels: Readonly<Record<TimesheetStatus, string>> = {
  DRAFT: 'Saved',
  SUBMITTED: 'Awaiting approval',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

export const timesheetKindCodes = ['SHIFT', 'CANCELLATION'] as const;
export type TimesheetKind = (typeof timesheetKindCodes)[number];

/** Who decided a job report: the care seeker, a coordinator acting for them, their nominee by the emailed link, or the job queue. */
export const jobReportDecidersCodes = ['CARE_SEEKER', 'COORDINATOR', 'NOMINEE', 'AUTO'] as const;
export type JobReportDecider = (typeof jobReportDecidersCodes)[number];

export const BREAK_MAX_MINUTES = 12 * 60;
export const TRAVEL_KM_MAX = 2_000;
export const EXPENSES_MAX = 10;
/** The largest single expense, in cents ($2,000). */
export const EXPENSE_MAX_CENTS = 200_000;
export const SHIFT_NOTE_MAX = 5_000;
export const ROUTE_NOTE_MAX = 500;
export const EXPENSE_DESCRIPTION_MAX = 200;
export const REJECTION_REASON_MAX = 1_000;
/** Drafts submitted together at most. */
export const SUBMIT_BATCH_MAX = 50;
export const DEFAULT_AUTO_APPROVE_DAYS = 7;

export const TIMESHEET_LOCAL_DATE_TIME_MESSAGE = 'Enter a date and time';
const localDateTime = (required: string) => z.string({ error: required }).refine(isLocalDateTime, { error: TIMESHEET_LOCAL_DATE_TIME_MESSAGE });

export const TIMESHEET_END_BEFORE_START = 'The end time must be after the start time.';
export const TIMESHEET_TOO_LONG = 'Hours for one shift can be at most 24 hours.';
export const TIMESHEET_IN_FUTURE = 'You can submit hours only once the shift has finished.';
export const TIMESHEET_BREAK_TOO_LONG = 'The break must be shorter than the time worked.';
export const TIMESHEET_SHIFT_TAKEN = 'Hours have already been recorded for this shift.';
export const TIMESHEET_SHIFT_NOT_CONFIRMED = 'Hours can be recorded only for a confirmed shift.';
export const TIMESHEET_CONTRACT_NOT_ACTIVE = 'Hours can be recorded only under an active service agreement.';
export const TIMESHEET_NOT_EDITABLE = 'These hours have been submitted and can no longer be changed.';
export const JOB_REPORT_ALREADY_DECIDED = 'This job report has already been decided.';
export const REJECTION_REASON_REQUIRED = 'Tell the worker what to fix.';
export const INACTIVE_WORKER_HOURS = 'Your profile is inactive, so you cannot submit hours.';

/**
 * When hours may fall under a service agreement (issue 29): from the later of its first day's
 * midnight and the instant it was accepted, to the end of its last day (its end date, or the last
 * day of a termination's notice, whichever is sooner), in the client's time zone. Instants, not
 * dates: hours on the day it was accepted but before the worker signed are outside it.
 */
export interface AgreementTerms {
  startDate: string;
  endDate: string | null;
  terminationNoticeDate: string | null;
  /** When the worker accepted (signed) it; null when it never was. */
  signedAt: Date | null;
  timeZone: string;
}

export interface AgreementPeriod {
  startsAt: Date;
  /** The first instant after its last day; null when it has no end. */
  endsAt: Date | null;
  timeZone: string;
  /** Its last day (YYYY-MM-DD), or null. */
  lastDay: string | null;
  /** Whether it began when it was accepted, partway through its first day or later. */
  beganOnAcceptance: boolean;
}

export function agreementPeriod(terms: AgreementTerms): AgreementPeriod {
  // Midnight exists in every Australian zone: daylight saving changes at 2 am and 3 am.
  const firstMidnight = localToInstant(`${terms.startDate}T00:00`, terms.timeZone);
  const beganOnAcceptance = terms.signedAt !== null && terms.signedAt.getTime() > firstMidnight.getTime();
  const lastDays = [terms.endDate, terms.terminationNoticeDate].filter((date): date is string => date !== null).sort();
  const lastDay = lastDays[0] ?? null;
  return {
    startsAt: beganOnAcceptance ? terms.signedAt! : firstMidnight,
    endsAt: lastDay === null ? null : localToInstant(`${addDaysToDate(lastDay, 1)}T00:00`, terms.timeZone),
    timeZone: terms.timeZone,
    lastDay,
    beganOnAcceptance,
  };
}

/** Whether hours from `startsAt` to `endsAt` lie wholly within the agreement's period. */
export function isWithinAgreement(period: AgreementPeriod, startsAt: Date, endsAt: Date): boolean {
  return startsAt.getTime() >= period.startsAt.getTime() && (period.endsAt === null || endsAt.getTime() <= period.endsAt.getTime());
}

/** "These hours are outside your agreement with Margaret Smith, which runs from 3 December 2026 (accepted at 2:05 pm) to 31 March 2027." */
export function hoursOutsideAgreementMessage(clientName: string, period: AgreementPeriod): string {
  const start = instantToLocal(period.startsAt, period.timeZone);
  const from = `${formatLongDate(start.slice(0, 10))}${period.beganOnAcceptance ? ` (accepted at ${formatLocalTime(start)})` : ''}`;
  const to = period.lastDay === null ? ', with no end date' : ` to ${formatLongDate(period.lastDay)}`;
  return `These hours are outside your agreement with ${clientName}, which runs from ${from}${to}.`;
}

// --- What one report may bill (issue 29: a bill nobody would pay) ---

/**
 * An expense above this needs its receipt (issue 29): a worker's word is enough for a coffee or
 * a parking meter, not for a large sum billed to the client at cost.
 */
export const RECEIPT_REQUIRED_ABOVE_CENTS = 5_000;
export const EXPENSE_RECEIPT_REQUIRED = `Upload the receipt: an expense over ${formatCents(RECEIPT_REQUIRED_ABOVE_CENTS).replace(/\.00$/, '')} needs one.`;

/**
 * The limits of one report that are settings (MAX_TRAVEL_KM_PER_SHIFT and
 * MAX_EXPENSES_PER_REPORT_DOLLARS): the server enforces them on every save and submission, and
 * gives them to the hours form (GET /api/timesheets/to-report) so that it says the same.
 */
export interface TimesheetLimits {
  /** Kilometres of travel one shift's hours may claim. */
  readonly travelKmMax: number;
  /** What the expenses of one report may add up to, in cents. */
  readonly expensesTotalMaxCents: number;
}
export const DEFAULT_TIMESHEET_LIMITS: TimesheetLimits = { travelKmMax: 300, expensesTotalMaxCents: 50_000 };
export const timesheetLimitsSchema = z.object({ travelKmMax: z.number(), expensesTotalMaxCents: z.number().int() });

export const travelOverLimitMessage = (limits: TimesheetLimits) => `Travel can be at most ${limits.travelKmMax.toLocaleString('en-AU')} km for one shift.`;
export const expensesOverLimitMessage = (limits: TimesheetLimits) => `Expenses can add up to at most ${formatCents(limits.expensesTotalMaxCents)} on one report.`;

/** The expenses above RECEIPT_REQUIRED_ABOVE_CENTS without a receipt, as errors by request path. */
function missingReceiptErrors(expenses: readonly { amountCents: number; receiptFileId: string | null }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  expenses.forEach((expense, index) => {
    if (expense.amountCents > RECEIPT_REQUIRED_ABOVE_CENTS && !expense.receiptFileId) errors[`expenses.${index}.receiptFileId`] = EXPENSE_RECEIPT_REQUIRED;
  });
  return errors;
}

/**
 * Everything one report's travel and expenses break (issue 29), as errors by request path: the
 * travel limit, an expense over $50 without its receipt, and the total of the expenses. Empty
 * when the report is within them. The API refuses a save or submission with any (400).
 */
export function timesheetLimitErrors(
  report: { travelKm: number; expenses: readonly { amountCents: number; receiptFileId: string | null }[] },
  limits: TimesheetLimits,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (report.travelKm > limits.travelKmMax) errors.travelKm = travelOverLimitMessage(limits);
  Object.assign(errors, missingReceiptErrors(report.expenses));
  const total = report.expenses.reduce((sum, expense) => sum + expense.amountCents, 0);
  if (total > limits.expensesTotalMaxCents) errors.expenses = expensesOverLimitMessage(limits);
  return errors;
}

const expenseSchema = z.object({
  description: z
    .string({ error: 'Describe the expense' })
    .trim()
    .min(1, { error: 'Describe the expense' })
    .max(EXPENSE_DESCRIPTION_MAX, { error: `Keep the description to ${EXPENSE_DESCRIPTION_MAX} characters or fewer` })
    .check(safeText('single')),
  amountCents: z
    .number({ error: 'Enter the amount' })
    .int({ error: 'Enter the amount in cents' })
    .min(1, { error: 'Enter an amount above $0' })
    .max(EXPENSE_MAX_CENTS, { error: 'An expense can be at most $2,000' }),
  /** A receipt uploaded with POST /api/timesheets/receipts. */
  receiptFileId: z.uuid({ error: 'Upload the receipt again' }).nullable().default(null),
  /**
   * A true disbursement: the worker paid it as the client's agent, in the client's name (a pharmacy
   * item bought for them), so it is not part of the worker's supply and carries no GST (issue 28;
   * ATO GSTR 2000/37). False, the default, is an on-charged cost, taxed with the hours.
   */
  paidAsAgent: z.boolean({ error: 'Say whether you paid this as the client’s agent' }).default(false),
});
export type ExpenseInput = z.input<typeof expenseSchema>;

/** POST /api/timesheets and PUT /api/timesheets/{id}: hours for a confirmed shift, or for a contract (unbooked work). */
export const timesheetRequestSchema = z
  .object({
    shiftId: z.uuid({ error: 'Choose a shift' }).nullable().default(null),
    contractId: z.uuid({ error: 'Choose a service agreement' }),
    start: localDateTime('Enter when you started'),
    end: localDateTime('Enter when you finished'),
    breakMinutes: z.number({ error: 'Enter the break in minutes' }).int({ error: 'Enter the break in whole minutes' }).min(0, { error: 'The break cannot be negative' }).max(BREAK_MAX_MINUTES, { error: TIMESHEET_BREAK_TOO_LONG }).default(0),
    /** Kilometres travelled for the client, to one decimal place. */
    travelKm: z
      .number({ error: 'Enter the kilometres travelled' })
      .min(0, { error: 'Kilometres cannot be negative' })
      .max(TRAVEL_KM_MAX, { error: `Kilometres can be at most ${TRAVEL_KM_MAX.toLocaleString('en-AU')}` })
      .refine((km) => Number.isInteger(Math.round(km * 10)) && Math.abs(Math.round(km * 10) - km * 10) < 1e-6, { error: 'Enter kilometres to one decimal place' })
      .default(0),
    travelNote: z.string().trim().max(ROUTE_NOTE_MAX, { error: `Keep the route note to ${ROUTE_NOTE_MAX} characters or fewer` }).check(safeText('multi')).default(''),
    expenses: z.array(expenseSchema).max(EXPENSES_MAX, { error: `Add at most ${EXPENSES_MAX} expenses` }).default([]),
    shiftNote: z.string().trim().max(SHIFT_NOTE_MAX, { error: `Keep the shift note to ${SHIFT_NOTE_MAX.toLocaleString('en-AU')} characters or fewer` }).check(safeText('multi')).default(''),
    /** For an NDIS-funded contract: the line item claimed (one of the contract's NDIS rates); null for the first. */
    ndisLineItem: z.enum(ndisLineItemCodes, { error: 'Choose a support item from the list' }).nullable().default(null),
    /** Submit now (a job report) rather than save as a draft. */
    submit: z.boolean().default(false),
  })
  .superRefine((value, context) => {
    if (value.travelKm > 0 && value.travelNote.length === 0) {
      context.addIssue({ code: 'custom', path: ['travelNote'], message: 'Say where you travelled' });
    }
    if (isLocalDateTime(value.start) && isLocalDateTime(value.end) && value.end <= value.start) {
      context.addIssue({ code: 'custom', path: ['end'], message: TIMESHEET_END_BEFORE_START });
    }
    for (const [path, message] of Object.entries(missingReceiptErrors(value.expenses))) {
      context.addIssue({ code: 'custom', path: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)), message });
    }
  });
export type TimesheetRequest = z.input<typeof timesheetRequestSchema>;

/** The request schema with the server's limits of one report (the hours form's resolver). */
export function timesheetRequestSchemaWithin(limits: TimesheetLimits) {
  return timesheetRequestSchema.superRefine((value, context) => {
    for (const [path, message] of Object.entries(timesheetLimitErrors(value, limits))) {
      // The receipts were checked by the schema itself.
      if (path.endsWith('.receiptFileId')) continue;
      context.addIssue({ code: 'custom', path: [path], message });
    }
  });
}

// --- Reports that wait for a person (issue 29) ---

/**
 * Why a submitted report is never approved by the job queue, however long it waits: the care
 * seeker's side must look at it. The service agreement records rates, not a usual amount of
 * travel or any allowance for expenses, so:
 * - UNBOOKED: hours without a booked shift (unbooked work) had no estimate anyone agreed to;
 * - OVER_BOOKING: the time worked exceeds the booked shift by more than 15 minutes or by more
 *   than 25% of it (either one: a 15-minute visit billed as 19 minutes is over);
 * - TRAVEL: more than AUTO_APPROVE_TRAVEL_KM_MAX km (a trip beyond the usual local run);
 * - EXPENSES: any expense at all. The agreement allows none in advance (it has no field for them),
 *   and they are billed at cost, so a person checks each one.
 */
export const approvalHoldCodes = ['UNBOOKED', 'OVER_BOOKING', 'TRAVEL', 'EXPENSES'] as const;
export type ApprovalHoldCode = (typeof approvalHoldCodes)[number];
export const OVER_BOOKING_GRACE_MINUTES = 15;
export const OVER_BOOKING_GRACE_PERCENT = 25;
export const AUTO_APPROVE_TRAVEL_KM_MAX = 50;
export const approvalHoldSchema = z.object({ code: z.enum(approvalHoldCodes), message: z.string() });
export type ApprovalHold = z.infer<typeof approvalHoldSchema>;

export interface ReportToReview {
  kind: TimesheetKind;
  workedMinutes: number;
  /** The booked shift's length; null for unbooked work. */
  bookedMinutes: number | null;
  travelKm: number;
  expenses: readonly { amountCents: number }[];
}

/**
 * The reasons a report waits for a person (empty: the job queue may approve it when its time
 * comes). Each message completes "Needs your approval: …". A short-notice cancellation is priced
 * from its booked shift by the agreement's policy, so it has none.
 */
export function approvalHolds(report: ReportToReview): ApprovalHold[] {
  if (report.kind !== 'SHIFT') return [];
  const holds: ApprovalHold[] = [];
  if (report.bookedMinutes === null) holds.push({ code: 'UNBOOKED', message: 'the hours were not booked as a shift' });
  else {
    const over = report.workedMinutes - report.bookedMinutes;
    if (over > OVER_BOOKING_GRACE_MINUTES || over * 100 > report.bookedMinutes * OVER_BOOKING_GRACE_PERCENT) {
      holds.push({ code: 'OVER_BOOKING', message: `${formatMinutes(report.workedMinutes)} worked, ${formatMinutes(over)} more than the ${formatMinutes(report.bookedMinutes)} booked` });
    }
  }
  if (report.travelKm > AUTO_APPROVE_TRAVEL_KM_MAX) {
    holds.push({ code: 'TRAVEL', message: `${report.travelKm.toLocaleString('en-AU')} km of travel, more than the ${AUTO_APPROVE_TRAVEL_KM_MAX} km approved automatically` });
  }
  if (report.expenses.length > 0) {
    const total = report.expenses.reduce((sum, expense) => sum + expense.amountCents, 0);
    const count = report.expenses.length === 1 ? 'an expense' : `${report.expenses.length} expenses`;
    holds.push({ code: 'EXPENSES', message: `${count} of ${formatCents(total)} in all, which the service agreement does not cover by itself` });
  }
  return holds;
}

/** POST /api/timesheets/submit: saved hours submitted together. */
export const submitTimesheetsRequestSchema = z.object({
  ids: z.array(z.uuid({ error: 'Choose saved hours' })).min(1, { error: 'Choose the hours to submit' }).max(SUBMIT_BATCH_MAX, { error: `Submit at most ${SUBMIT_BATCH_MAX} at once` }),
});

/** POST /api/job-reports/{id}/reject */
export const rejectJobReportRequestSchema = z.object({
  reason: z.string({ error: REJECTION_REASON_REQUIRED }).trim().min(1, { error: REJECTION_REASON_REQUIRED }).max(REJECTION_REASON_MAX, { error: `Keep the reason to ${REJECTION_REASON_MAX} characters or fewer` }).check(safeText('multi')),
});

/** POST /api/job-reports/approve-by-link: the nominee's emailed link (no sign-in). */
export const approveByLinkRequestSchema = z.object({ token: z.string().min(1).max(2_000) });

export const expenseSchemaOut = z.object({
  id: z.uuid(),
  description: z.string(),
  amountCents: z.number().int(),
  receipt: z.object({ fileId: z.uuid(), fileName: z.string(), url: z.string() }).nullable(),
  paidAsAgent: z.boolean(),
});

/** A line of a job report's price, as it will be invoiced (the same engine). */
export const estimateLineSchema = z.object({
  kind: z.enum(invoiceLineKindCodes),
  ...pricedLineFields,
  supportItem: z.string().nullable(),
  flagged: z.boolean(),
});

/** A timesheet: draft hours on /saved-hours, or a job report once submitted. */
export const timesheetSchema = z.object({
  id: z.uuid(),
  kind: z.enum(timesheetKindCodes),
  status: z.enum(timesheetStatusCodes),
  contractId: z.uuid(),
  shiftId: z.uuid().nullable(),
  worker: contractPartySchema,
  careSeeker: contractPartySchema,
  clientName: z.string(),
  state: z.enum(stateCodes),
  timeZone: z.string(),
  startLocal: z.string(),
  endLocal: z.string(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  breakMinutes: z.number().int(),
  workedMinutes: z.number().int(),
  travelKm: z.number(),
  travelNote: z.string(),
  expenses: z.array(expenseSchemaOut),
  shiftNote: z.string(),
  ndisLineItem: z.enum(ndisLineItemCodes).nullable(),
  ndisLevel: z.enum(supportLevelCodes).nullable(),
  cancellation: z.object({ reasonCode: z.enum(cancellationReasonCodes).nullable(), reason: z.string(), chargePercent: z.number().int() }).nullable(),
  /** The price as it will be invoiced; null where it cannot be priced (with `priceProblem` saying why). */
  estimate: z.object({ lines: z.array(estimateLineSchema), subtotalCents: z.number().int(), gstCents: z.number().int(), totalCents: z.number().int() }).nullable(),
  priceProblem: z.string().nullable(),
  submittedAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the job queue approves it if nobody decides first; null when it waits for a person (`approvalHolds`). */
  autoApproveAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why a submitted report waits for the care seeker's side and is never approved automatically (issue 29); empty otherwise. */
  approvalHolds: z.array(approvalHoldSchema),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
  decidedBy: z.enum(jobReportDecidersCodes).nullable(),
  rejectionReason: z.string().nullable(),
  invoiceId: z.uuid().nullable(),
  /** What the person asking may do now. */
  canEdit: z.boolean(),
  canDecide: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Timesheet = z.infer<typeof timesheetSchema>;

export const timesheetListQuerySchema = z.object({
  status: z.enum(timesheetStatusCodes, { error: 'Choose a status from the list' }).optional(),
  ...timePageParameters,
});
export const timesheetListSchema = z.object({ timesheets: z.array(timesheetSchema), allLoaded: z.boolean() });

/** GET /api/timesheets/to-report: what the worker can record hours for. */
export const reportableWorkSchema = z.object({
  shifts: z.array(
    z.object({
      id: z.uuid(),
      contractId: z.uuid(),
      clientName: z.string(),
      careSeeker: contractPartySchema,
      state: z.enum(stateCodes),
      startLocal: z.string(),
      endLocal: z.string(),
    }),
  ),
  contracts: z.array(
    z.object({
      id: z.uuid(),
      clientName: z.string(),
      careSeeker: contractPartySchema,
      state: z.enum(stateCodes),
      fundingType: z.string(),
      ndisLineItems: z.array(z.object({ lineItem: z.enum(ndisLineItemCodes), level: z.enum(supportLevelCodes), label: z.string() })),
      travelPerKmCents: z.number().int(),
    }),
  ),
  /** The limits of one report (settings), for the form to check as the server does. */
  limits: timesheetLimitsSchema,
});

/** A shift note (spec section 4: newest first). */
export const shiftNoteSchema = z.object({
  id: z.uuid(),
  timesheetId: z.uuid().nullable(),
  shiftId: z.uuid().nullable(),
  worker: contractPartySchema,
  careSeeker: contractPartySchema,
  clientName: z.string(),
  startLocal: z.string(),
  endLocal: z.string(),
  state: z.enum(stateCodes),
  body: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ShiftNote = z.infer<typeof shiftNoteSchema>;
export const shiftNoteListSchema = z.object({ shiftNotes: z.array(shiftNoteSchema), allLoaded: z.boolean() });
export const shiftNoteListQuerySchema = z.object({
  ...timePageParameters,
});
export const SHIFT_NOTES_RANGE_MAX_DAYS = 366;
export const shiftNotesDownloadQuerySchema = z
  .object({
    from: z.iso.date({ error: 'Enter the first date as YYYY-MM-DD' }),
    to: z.iso.date({ error: 'Enter the last date as YYYY-MM-DD' }),
    format: z.enum(['pdf', 'csv'], { error: 'Choose PDF or CSV' }).default('pdf'),
  })
  .refine((value) => value.to >= value.from, { path: ['to'], error: 'The last date must be on or after the first' });

/** The nominee on a care seeker's account, who may approve hours by an emailed link. */
export const nomineeSchema = z.object({
  name: z.string({ error: 'Enter the nominee’s name' }).trim().min(1, { error: 'Enter the nominee’s name' }).max(120, { error: 'Keep the name to 120 characters or fewer' }).check(safeText('single')),
  email: z.email({ error: 'Enter a valid email address' }).trim().toLowerCase().max(254),
});
export type Nominee = z.infer<typeof nomineeSchema>;
export const nomineeResponseSchema = z.object({ nominee: nomineeSchema.nullable() });

// --- The timesheet's moves (STYLE.md rule 6: state machines are data) ---

/**
 * The moves hours may make, and who makes each. The worker saves and submits DRAFT hours, and
 * fixes and resubmits REJECTED ones (saving a rejected report keeps it REJECTED, with its reason,
 * until it is submitted again); the care seeker's side (the care seeker, a coordinator acting for
 * them, their nominee, or the job queue) approves or rejects a SUBMITTED report. An APPROVED
 * report is final: its invoice is corrected by a credit note. Any other move is a 409.
 */
export const timesheetMoves = [
  { from: 'DRAFT', action: 'save', to: 'DRAFT', by: 'WORKER' },
  { from: 'DRAFT', action: 'submit', to: 'SUBMITTED', by: 'WORKER' },
  { from: 'REJECTED', action: 'save', to: 'REJECTED', by: 'WORKER' },
  { from: 'REJECTED', action: 'submit', to: 'SUBMITTED', by: 'WORKER' },
  { from: 'SUBMITTED', action: 'approve', to: 'APPROVED', by: 'CARE_SEEKER_SIDE' },
  { from: 'SUBMITTED', action: 'reject', to: 'REJECTED', by: 'CARE_SEEKER_SIDE' },
] as const satisfies readonly { from: TimesheetStatus; action: string; to: TimesheetStatus; by: 'WORKER' | 'CARE_SEEKER_SIDE' }[];
export type TimesheetAction = (typeof timesheetMoves)[number]['action'];

/** The status a move leads to, or undefined when the table does not allow it. */
export function timesheetMove(from: TimesheetStatus, action: TimesheetAction): TimesheetStatus | undefined {
  return timesheetMoves.find((move) => move.from === from && move.action === action)?.to;
}

/** Hours the worker may still change: saved drafts and rejected reports. */
export function isEditableTimesheet(status: TimesheetStatus): boolean {
  return timesheetMove(status, 'save') !== undefined;
}

/** Only saved drafts may be deleted: a submitted or rejected report stays on the record. */
export function isDeletableTimesheet(status: TimesheetStatus): boolean {
  return status === 'DRAFT';
}

// --- Expense receipts (POST /api/timesheets/receipts, multipart "file") ---

/** The largest receipt accepted: a phone photo or a scanned PDF. */
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024;
/** Receipts are PDFs or photos; the type is found from the file's bytes, never its name. */
export const RECEIPT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const RECEIPT_TOO_LARGE = `This file is larger than ${RECEIPT_MAX_BYTES / 1024 / 1024} MB. Please upload a smaller photo or scan of the receipt.`;
export const RECEIPT_WRONG_TYPE = 'Please upload the receipt as a PDF, JPEG or PNG file.';
export const RECEIPT_MISSING = 'Choose the file of the receipt to upload.';
export const TIMESHEET_NOT_FOUND = 'We could not find those hours.';

/** The `:id` of a set of hours, for the worker's routes and the care seeker's job report routes alike. */
export const timesheetParamsSchema = z.object({ id: z.uuid({ error: TIMESHEET_NOT_FOUND }) });

export const receiptUploadSchema = z.object({ fileId: z.uuid(), fileName: z.string(), url: z.string() });
export type ReceiptUpload = z.infer<typeof receiptUploadSchema>;
