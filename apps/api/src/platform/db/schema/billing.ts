import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgSequence, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cancellationReasonCodes } from '@tendly/domain/api/bookings';
import { gstCodes, invoiceKindCodes, invoiceLineKindCodes, invoiceStatusCodes } from '@tendly/domain/api/invoices';
import { jobReportDecidersCodes, timesheetKindCodes, timesheetStatusCodes } from '@tendly/domain/api/timesheets';
import type { PayingForCareType } from '@tendly/domain/job-options';
import type { NdisLineItemCode, SupportLevel } from '@tendly/domain/ndis-line-items';
import type { NdiaClaimType } from '@tendly/domain/payments/ndia-claims';
import { at, createdAt } from './columns';
import { users } from './accounts';
import { contractIdColumn, contracts, shifts } from './engagements';
import { storedFiles } from './platform';
import { stateCode } from './reference';
import { keptUserRef, userRef } from './user-refs';

/**
 * The money side up to the issued invoice (issue 14): hours (timesheets, which are job reports
 * once submitted), their expenses and shift notes, the nominee who may approve hours, and the
 * invoices with their lines. Money is integer cents; quantities are integer hundredths.
 *
 * Invoices are financial records: a user with invoices cannot be deleted (restrict), and an issued
 * invoice's rows are never updated except its status and the NDIA claim marks.
 */

export const timesheetStatusEnum = pgEnum('timesheet_status', timesheetStatusCodes);
export const timesheetKindEnum = pgEnum('timesheet_kind', timesheetKindCodes);
export const jobReportDeciderEnum = pgEnum('job_report_decider', jobReportDecidersCodes);
export const timesheetCancellationReasonEnum = pgEnum('timesheet_cancellation_reason', cancellationReasonCodes);

/**
 * Hours for one shift (or unbooked work under a contract): a draft, then a job report once
 * submitted. The contract's parties are copied in so each side's lists read one table by index.
 */
export const timesheets = pgTable(
  'timesheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: timesheetKindEnum('kind').notNull().default('SHIFT'),
    status: timesheetStatusEnum('status').notNull().default('DRAFT'),
    contractId: contractIdColumn(),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    workerId: userRef('worker_id').notNull(),
    careSeekerId: userRef('care_seeker_id').notNull(),
    /** Who wrote it: the worker, or (a cancellation) the person who cancelled. */
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    state: stateCode('state').notNull(),
    breakMinutes: integer('break_minutes').notNull().default(0),
    /** Kilometres travelled in tenths (12.5 km is 125). */
    travelTenthKm: integer('travel_tenth_km').notNull().default(0),
    travelNote: text('travel_note').notNull().default(''),
    ndisLineItem: text('ndis_line_item').$type<NdisLineItemCode>(),
    ndisLevel: text('ndis_level').$type<SupportLevel>(),
    /** A CANCELLATION: the NDIS reason code, the words given, and the share of the shift charged. */
    cancellationReasonCode: timesheetCancellationReasonEnum('cancellation_reason_code'),
    cancellationReason: text('cancellation_reason'),
    cancellationChargePercent: smallint('cancellation_charge_percent'),
    submittedAt: at('submitted_at'),
    submittedByUserId: uuid('submitted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the job queue approves it if nobody decides first (submitted + the auto-approval period). */
    autoApproveAt: at('auto_approve_at'),
    decidedAt: at('decided_at'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: jobReportDeciderEnum('decided_by'),
    rejectionReason: text('rejection_reason'),
    /** When the nominee was last emailed the approval link. */
    nomineeEmailedAt: at('nominee_emailed_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One timesheet per shift.
    uniqueIndex('timesheets_shift_key').on(t.shiftId).where(sql`shift_id is not null`),
    index('timesheets_worker_status_idx').on(t.workerId, t.status, t.updatedAt.desc()),
    index('timesheets_care_seeker_status_idx').on(t.careSeekerId, t.status, t.updatedAt.desc()),
    index('timesheets_contract_idx').on(t.contractId),
    // The auto-approval job: submitted reports by due time.
    index('timesheets_auto_approve_idx').on(t.autoApproveAt).where(sql`status = 'SUBMITTED'`),
    check('timesheets_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
    check('timesheets_break_range', sql`${t.breakMinutes} >= 0`),
    check('timesheets_travel_range', sql`${t.travelTenthKm} >= 0`),
    check('timesheets_charge_percent_range', sql`${t.cancellationChargePercent} between 0 and 100`),
  ],
);

/** An expense claimed at cost with its hours. */
export const timesheetExpenses = pgTable(
  'timesheet_expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    timesheetId: uuid('timesheet_id')
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    receiptFileId: uuid('receipt_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    position: smallint('position').notNull().default(0),
    /** A true disbursement: paid as the client's agent, in their name (issue 28; ATO GSTR 2000/37). */
    paidAsAgent: boolean('paid_as_agent').notNull().default(false),
  },
  (t) => [index('timesheet_expenses_timesheet_idx').on(t.timesheetId), check('timesheet_expenses_amount', sql`${t.amountCents} > 0`)],
);

/**
 * The worker's note on a shift, written with the hours. The care seeker sees it once the hours are
 * submitted (`shared_at`); the lists run newest first (spec section 4).
 */
export const shiftNotes = pgTable(
  'shift_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    timesheetId: uuid('timesheet_id').references(() => timesheets.id, { onDelete: 'cascade' }),
    shiftId: uuid('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    contractId: contractIdColumn(),
    workerId: userRef('worker_id').notNull(),
    careSeekerId: userRef('care_seeker_id').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    timeZone: text('time_zone').notNull(),
    state: stateCode('state').notNull(),
    body: text('body').notNull(),
    sharedAt: at('shared_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shift_notes_timesheet_key').on(t.timesheetId),
    index('shift_notes_worker_idx').on(t.workerId, t.createdAt.desc()),
    index('shift_notes_care_seeker_idx').on(t.careSeekerId, t.createdAt.desc()).where(sql`shared_at is not null`),
  ],
);

/** The person a care seeker names to approve hours for them by an emailed link. */
export const accountNominees = pgTable('account_nominees', {
  careSeekerId: uuid('care_seeker_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Each worker's last invoice and credit note numbers: the row is locked by the approval that
 * takes the next number, so numbers run without gaps under concurrent approvals (a rolled-back
 * approval gives its number back with the rest of its transaction).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  workerId: keptUserRef('worker_id').primaryKey(),
  lastInvoiceNumber: integer('last_invoice_number').notNull().default(0),
  lastCreditNoteNumber: integer('last_credit_note_number').notNull().default(0),
});

export const invoiceStatusEnum = pgEnum('invoice_status', invoiceStatusCodes);
export const invoiceKindEnum = pgEnum('invoice_kind', invoiceKindCodes);
export const invoiceLineKindEnum = pgEnum('invoice_line_kind', invoiceLineKindCodes);
export const gstCodeEnum = pgEnum('gst_code', gstCodes);

/**
 * An invoice or credit note as issued. The parties' names, the worker's ABN and GST registration,
 * the funding type and the state are copied in at issue, so the invoice reads the same forever.
 */
/**
 * The base numbers of invoices' payment references (issue 28): one sequence for the whole
 * platform, so no two invoices share a reference in the one bank account every payer pays into
 * (invoice numbers restart at 1 for each worker). The reference is the base with a Luhn check
 * digit (`payment_reference_of` in migration 0031, `paymentReferenceOf` in the domain package).
 */
export const invoicePaymentReferenceSeq = pgSequence('invoice_payment_reference_seq', { startWith: 100000, minValue: 100000 });

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: invoiceKindEnum('kind').notNull().default('INVOICE'),
    /** Per worker and kind, from 1, without gaps. */
    number: integer('number').notNull(),
    status: invoiceStatusEnum('status').notNull().default('ISSUED'),
    workerId: keptUserRef('worker_id').notNull(),
    careSeekerId: keptUserRef('care_seeker_id').notNull(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'restrict' }),
    timesheetId: uuid('timesheet_id').references(() => timesheets.id, { onDelete: 'restrict' }),
    /** A credit note's invoice. */
    creditNoteForId: uuid('credit_note_for_id'),
    reason: text('reason'),
    workerFirstName: text('worker_first_name').notNull(),
    workerLastName: text('worker_last_name').notNull(),
    workerBusinessName: text('worker_business_name'),
    workerAbn: text('worker_abn'),
    workerGstRegistered: boolean('worker_gst_registered').notNull(),
    careSeekerFirstName: text('care_seeker_first_name').notNull(),
    careSeekerLastName: text('care_seeker_last_name').notNull(),
    clientName: text('client_name').notNull(),
    fundingType: text('funding_type').$type<PayingForCareType>().notNull(),
    state: stateCode('state').notNull(),
    mmmClass: smallint('mmm_class'),
    periodStart: text('period_start'),
    periodEnd: text('period_end'),
    subtotalCents: integer('subtotal_cents').notNull(),
    gstCents: integer('gst_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    hourlyCents: integer('hourly_cents').notNull(),
    platformFeeBasisPoints: integer('platform_fee_basis_points').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull(),
    issuedAt: at('issued_at').notNull().defaultNow(),
    dueDate: text('due_date').notNull(),
    paidAt: at('paid_at'),
    ndisClaimed: boolean('ndis_claimed').notNull().default(false),
    ndisClaimedAt: at('ndis_claimed_at'),
    /**
     * What the payer quotes on a transfer (issue 28): digits with a Luhn check digit, unique
     * across the platform, set when an invoice is issued; null on credit notes (nothing to pay).
     */
    paymentReference: text('payment_reference'),
    /** The participant's NDIS number as it was when the invoice was issued (NDIS-funded invoices). */
    participantNdisNumber: text('participant_ndis_number'),
    /** The plan manager or aged care provider the invoice is addressed to, as at issue. */
    funderName: text('funder_name'),
    funderEmail: text('funder_email'),
    funderAbn: text('funder_abn'),
  },
  (t) => [
    uniqueIndex('invoices_worker_number_key').on(t.workerId, t.kind, t.number),
    uniqueIndex('invoices_payment_reference_key').on(t.paymentReference),
    // Approving twice issues one invoice: one live invoice per job report.
    uniqueIndex('invoices_timesheet_key').on(t.timesheetId).where(sql`kind = 'INVOICE' and status <> 'CREDITED'`),
    // One credit note per invoice (credits are in full).
    uniqueIndex('invoices_credit_note_for_key').on(t.creditNoteForId).where(sql`kind = 'CREDIT_NOTE'`),
    index('invoices_worker_issued_idx').on(t.workerId, t.issuedAt.desc()),
    index('invoices_care_seeker_issued_idx').on(t.careSeekerId, t.issuedAt.desc()),
    index('invoices_worker_status_idx').on(t.workerId, t.status, t.issuedAt.desc()),
    index('invoices_care_seeker_status_idx').on(t.careSeekerId, t.status, t.issuedAt.desc()),
    index('invoices_contract_idx').on(t.contractId),
    check('invoices_number_positive', sql`${t.number} > 0`),
    check('invoices_amounts', sql`${t.subtotalCents} >= 0 and ${t.gstCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.gstCents} and ${t.platformFeeCents} >= 0 and ${t.platformFeeCents} <= ${t.hourlyCents}`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: invoiceLineKindEnum('kind').notNull(),
    description: text('description').notNull(),
    date: text('date'),
    timeBand: text('time_band'),
    minutes: integer('minutes'),
    quantityHundredths: integer('quantity_hundredths').notNull(),
    unit: text('unit').$type<'H' | 'E' | 'KM'>().notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    gstCode: gstCodeEnum('gst_code').notNull(),
    gstCents: integer('gst_cents').notNull().default(0),
    supportItemNumber: text('support_item_number'),
    supportItemName: text('support_item_name'),
    edition: text('edition'),
    priceLimitCents: integer('price_limit_cents'),
    capped: boolean('capped').notNull().default(false),
    flagged: boolean('flagged').notNull().default(false),
    claimType: text('claim_type').$type<NdiaClaimType>(),
    cancellationReason: text('cancellation_reason'),
    /** An expense line that is a true disbursement (paid as the client's agent), not part of the worker's supply. */
    disbursement: boolean('disbursement').notNull().default(false),
  },
  (t) => [uniqueIndex('invoice_lines_invoice_position_key').on(t.invoiceId, t.position), check('invoice_lines_amount', sql`${t.amountCents} >= 0 and ${t.quantityHundredths} >= 0`)],
);
