import type { PayingForCareType } from '@tendly/domain/job-options';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  claimLineStatusCodes,
  ledgerAccountCodes,
  ledgerJournalKindCodes,
  paymentChannelCodes,
  paymentProviderCodes,
  paymentStatusCodes,
  payoutStatusCodes,
  refundStatusCodes,
  shortfallActionCodes,
} from '@tendly/domain/api/payments';
import { at, createdAt } from './columns';
import { invoiceLines, invoices } from './billing';
import { storedFiles } from './platform';
import { keptUserRef, userRef } from './user-refs';

/**
 * Payments, payouts and NDIA claims (issue 15).
 *
 * Every movement of money is a journal in the ledger: entries in integer cents (debits positive,
 * credits negative) that sum to zero, checked by a deferred constraint trigger at commit, and never
 * updated or deleted (a trigger refuses both). Balances are sums of entries.
 *
 * Nothing is paid twice: a journal, a payment attempt, a refund and a provider event each carry a
 * unique key, and an invoice is in at most one payout (`payout_items_invoice_key`).
 */

const invoiceRef = (name: string) => uuid(name).references(() => invoices.id, { onDelete: 'restrict' });

export const ledgerAccountEnum = pgEnum('ledger_account', ledgerAccountCodes);
export const ledgerJournalKindEnum = pgEnum('ledger_journal_kind', ledgerJournalKindCodes);
export const paymentChannelEnum = pgEnum('payment_channel', paymentChannelCodes);
export const paymentStatusEnum = pgEnum('payment_status', paymentStatusCodes);
export const refundStatusEnum = pgEnum('refund_status', refundStatusCodes);
export const payoutStatusEnum = pgEnum('payout_status', payoutStatusCodes);
export const claimLineStatusEnum = pgEnum('claim_line_status', claimLineStatusCodes);
export const paymentProviderEnum = pgEnum('payment_provider', paymentProviderCodes);
export const shortfallActionEnum = pgEnum('shortfall_action', shortfallActionCodes);

export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: ledgerJournalKindEnum('kind').notNull(),
    /** What makes this movement unique (`invoice-issued:{invoiceId}`): posting it again does nothing. */
    idempotencyKey: text('idempotency_key').notNull(),
    invoiceId: invoiceRef('invoice_id'),
    memo: text('memo'),
    postedAt: at('posted_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_journals_key').on(t.idempotencyKey), index('ledger_journals_invoice_idx').on(t.invoiceId), index('ledger_journals_posted_idx').on(t.postedAt)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'restrict' }),
    account: ledgerAccountEnum('account').notNull(),
    /** The care seeker of a receivable, the worker of a payable; null for the platform's own accounts. */
    partyId: keptUserRef('party_id'),
    invoiceId: invoiceRef('invoice_id'),
    /** Debit positive, credit negative; never zero. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_journal_idx').on(t.journalId),
    index('ledger_entries_account_party_idx').on(t.account, t.partyId),
    index('ledger_entries_invoice_idx').on(t.invoiceId, t.account),
    check('ledger_entries_not_zero', sql`${t.amountCents} <> 0`),
  ],
);

/** A care seeker's customer record at the payment provider (Stripe's `cus_...`). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: userRef('user_id').notNull(),
    provider: paymentProviderEnum('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] }), uniqueIndex('payment_customers_provider_key').on(t.provider, t.providerCustomerId)],
);

/** A saved card: the provider's reference, brand, last four digits and expiry only. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id').notNull(),
    provider: paymentProviderEnum('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    removedAt: at('removed_at'),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_ref_key').on(t.provider, t.providerRef),
    index('payment_methods_user_idx').on(t.userId, t.createdAt.desc()),
    // One default card per person among the cards still saved.
    uniqueIndex('payment_methods_default_key').on(t.userId).where(sql`is_default and removed_at is null`),
    check('payment_methods_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_expiry', sql`${t.expMonth} between 1 and 12 and ${t.expYear} between 2000 and 2100`),
  ],
);

/** How a care seeker pays: automatically when an invoice is issued, or by hand from /pending-invoices. */
export const paymentSettings = pgTable('payment_settings', {
  userId: userRef('user_id').primaryKey(),
  payManually: boolean('pay_manually').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Money asked for or received on an invoice: each card charge attempt, a recorded bank transfer,
 * a plan manager's or provider's transfer, an NDIA payment. At most one succeeded payment per invoice.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: invoiceRef('invoice_id').notNull(),
    careSeekerId: keptUserRef('care_seeker_id').notNull(),
    channel: paymentChannelEnum('channel').notNull(),
    status: paymentStatusEnum('status').notNull().default('PENDING'),
    amountCents: integer('amount_cents').notNull(),
    /** Card payments: the card used and the provider's reference (`pi_...`). */
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'restrict' }),
    provider: paymentProviderEnum('provider'),
    providerRef: text('provider_ref'),
    /** 1 for the first charge of an invoice, then each retry. */
    attempt: smallint('attempt').notNull().default(1),
    /** Sent to the provider with the charge, and unique here: a repeat is answered from the first. */
    idempotencyKey: text('idempotency_key').notNull(),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** Transfers: the reference the payer gave and the date the money arrived. */
    reference: text('reference'),
    receivedOn: text('received_on'),
    recordedBy: keptUserRef('recorded_by'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    uniqueIndex('payments_one_success_key').on(t.invoiceId).where(sql`status = 'SUCCEEDED'`),
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    index('payments_care_seeker_idx').on(t.careSeekerId, t.createdAt.desc()),
    // The card payments still waiting for the provider's answer, oldest first: what reconciling reads.
    index('payments_pending_idx').on(t.createdAt).where(sql`status = 'PENDING'`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Money given back on a credited invoice, the way it came (a card refund or a recorded transfer). */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** The credit note the refund is for. */
    creditNoteId: invoiceRef('credit_note_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: refundStatusEnum('status').notNull().default('PENDING'),
    provider: paymentProviderEnum('provider'),
    providerRef: text('provider_ref'),
    idempotencyKey: text('idempotency_key').notNull(),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('refunds_credit_note_key').on(t.creditNoteId),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Webhook events from the payment provider, by their id: a replay finds its row and does nothing. */
export const providerEvents = pgTable('provider_events', {
  provider: paymentProviderEnum('provider').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.provider, t.eventId] })]);

/**
 * A request sent with an `Idempotency-Key` header (paying an invoice): the key is claimed before
 * the work starts (no status yet: in progress since `created_at`), then the first answer is kept,
 * and a repeat of the key by the same person for the same request gets it again.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: userRef('user_id').notNull(),
    key: text('key').notNull(),
    /** The route and what it acts on, e.g. `POST /api/invoices/:id/pay <invoice id>`. */
    route: text('route').notNull(),
    /** The SHA-256 of the request's body: the same key with another body is refused. Null on rows kept before it was recorded. */
    requestHash: text('request_hash'),
    /** The first answer; both null while the first request is still in progress. */
    statusCode: smallint('status_code'),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotent_requests_created_idx').on(t.createdAt)],
);

/**
 * The built-in test provider's own record of the charges it made (used without Stripe keys), as a
 * card processor's test mode keeps them: a charge whose answer never reached us (the process
 * stopped) is found again by its idempotency key, its reference or our payment's id, in any
 * process and after a restart. Written by the provider on its own, outside our transactions, as
 * another company's system would be. Never a card number.
 */
export const testProviderCharges = pgTable(
  'test_provider_charges',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    providerRef: text('provider_ref').notNull(),
    /** Our payment's id, from the charge's metadata. */
    paymentId: text('payment_id'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    failureCode: text('failure_code'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('test_provider_charges_ref_key').on(t.providerRef),
    index('test_provider_charges_payment_idx').on(t.paymentId),
    check('test_provider_charges_status', sql`${t.status} in ('succeeded', 'failed')`),
  ],
);

/**
 * One payout run per local date (Australia/Sydney), whoever starts it. Its payouts go to the bank in
 * lodgement batches (issue 28), one for each time the run books payouts; `payoutCount` and
 * `totalCents` are the day's, over all its batches.
 */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runDate: text('run_date').notNull(),
    startedAt: at('started_at').notNull().defaultNow(),
    finishedAt: at('finished_at'),
    payoutCount: integer('payout_count').notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    /**
     * The run's one bank file before lodgement batches (issue 28): each became its run's first
     * batch, and nothing writes this column any more.
     */
    abaFileId: uuid('aba_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
  },
  (t) => [uniqueIndex('payout_runs_date_key').on(t.runDate)],
);

/**
 * A lodgement batch (issue 28; payments-ops.md "Bank files"): one direct entry file for the bank,
 * holding payouts that were never in another file (`payouts.batch_id` names one batch). Its bytes
 * are stored once, when the batch is booked, and never written again: `sha256` is checked on each
 * download, so the file lodged is the file booked. Marked lodged by the administrator who sent it.
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Platform-wide, in the file's name. */
    number: integer('number').notNull().generatedByDefaultAsIdentity(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    /** The file's processing date: a banking day (the run's date, or the next banking day after it). */
    processingDate: text('processing_date').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    fileName: text('file_name').notNull(),
    /** The SHA-256 of the file's bytes (hex). Null only for a run's file from before batches, until its first download. */
    sha256: text('sha256'),
    payoutCount: integer('payout_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    lodgedAt: at('lodged_at'),
    lodgedBy: keptUserRef('lodged_by'),
  },
  (t) => [
    uniqueIndex('payout_batches_number_key').on(t.number),
    uniqueIndex('payout_batches_file_key').on(t.fileId),
    uniqueIndex('payout_batches_file_name_key').on(t.fileName),
    index('payout_batches_run_idx').on(t.runId),
    index('payout_batches_created_idx').on(t.createdAt.desc()),
    check('payout_batches_lodged', sql`(${t.lodgedAt} is null) = (${t.lodgedBy} is null)`),
  ],
);

/** One worker's pay in a run: one per worker per run. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => payoutRuns.id, { onDelete: 'restrict' }),
    /** The lodgement batch whose file pays it; set in the transaction that books it. */
    batchId: uuid('batch_id').references(() => payoutBatches.id, { onDelete: 'restrict' }),
    /** Platform-wide: its lodgement reference in the bank file is made from it (`formatLodgementReference`). */
    lodgementNumber: integer('lodgement_number').notNull().generatedByDefaultAsIdentity(),
    workerId: keptUserRef('worker_id').notNull(),
    status: payoutStatusEnum('status').notNull().default('PENDING'),
    /** The invoices' totals, the platform fees deducted, and what is paid (gross less fees). */
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Where it went, as written in the ABA file (the account number's last three digits only). */
    bsb: text('bsb').notNull(),
    accountLast3: text('account_last3').notNull(),
    accountName: text('account_name').notNull(),
    /**
     * The account number it was sent to, encrypted as in Tax and super: after a return, the worker
     * is paid again only to other bank details. Null on payouts from before returns were recorded.
     */
    accountNumberEncrypted: text('account_number_encrypted'),
    remittanceNumber: integer('remittance_number').notNull(),
    remittanceFileId: uuid('remittance_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    /** A payment the bank sent back (status RETURNED): when, who recorded it, and the bank's reason. */
    returnedAt: at('returned_at'),
    returnedBy: keptUserRef('returned_by'),
    returnReason: text('return_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payouts_run_worker_key').on(t.runId, t.workerId),
    uniqueIndex('payouts_worker_number_key').on(t.workerId, t.remittanceNumber),
    uniqueIndex('payouts_lodgement_number_key').on(t.lodgementNumber),
    index('payouts_worker_idx').on(t.workerId, t.createdAt.desc()),
    index('payouts_batch_idx').on(t.batchId),
    check('payouts_amounts', sql`${t.amountCents} = ${t.grossCents} - ${t.feeCents} and ${t.amountCents} > 0`),
    // As text: the enum's new value cannot be used in the transaction that adds it (the migration's).
    check('payouts_returned', sql`(${t.status}::text = 'RETURNED') = (${t.returnedAt} is not null)`),
  ],
);

/**
 * The invoices a payout pays: an invoice is in at most one payout that the bank has not sent back,
 * by this unique constraint. A returned payout's items keep their row with `returned_at` set, and
 * the invoice waits for the next run again (issue 28).
 */
export const payoutItems = pgTable(
  'payout_items',
  {
    payoutId: uuid('payout_id')
      .notNull()
      .references(() => payouts.id, { onDelete: 'restrict' }),
    invoiceId: invoiceRef('invoice_id').notNull(),
    grossCents: integer('gross_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    returnedAt: at('returned_at'),
  },
  (t) => [
    uniqueIndex('payout_items_invoice_key').on(t.invoiceId).where(sql`returned_at is null`),
    index('payout_items_invoice_idx').on(t.invoiceId),
    index('payout_items_payout_idx').on(t.payoutId),
  ],
);

/** A worker's reason for not being paid (no bank details, no ABN), as the last run found it. */
export const payoutHolds = pgTable('payout_holds', {
  workerId: userRef('worker_id').primaryKey(),
  reason: text('reason').notNull(),
  heldCents: bigint('held_cents', { mode: 'number' }).notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** An NDIA bulk payment request file exported from /admin. */
export const ndisClaimBatches = pgTable(
  'ndis_claim_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** At most 20 characters (the NDIA's limit). */
    fileName: text('file_name').notNull(),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    rowCount: integer('row_count').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    createdBy: keptUserRef('created_by').notNull(),
    createdAt: createdAt(),
    resultUploadedAt: at('result_uploaded_at'),
  },
  (t) => [uniqueIndex('ndis_claim_batches_file_name_key').on(t.fileName), check('ndis_claim_batches_name', sql`char_length(${t.fileName}) <= 20`)],
);

/**
 * One row of a claim file: one invoice line (or, `shortfallOf`, the difference another claim of it
 * was short-paid), with our claim reference and the NDIA's answer: the payment request number, what
 * it will pay (which may be less than claimed), then the cash when it arrives.
 */
export const ndisClaimLines = pgTable(
  'ndis_claim_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => ndisClaimBatches.id, { onDelete: 'restrict' }),
    invoiceId: invoiceRef('invoice_id').notNull(),
    invoiceLineId: uuid('invoice_line_id')
      .notNull()
      .references(() => invoiceLines.id, { onDelete: 'restrict' }),
    /** The claim whose short-paid difference this one claims again; null for the line's own claim. */
    shortfallOf: uuid('shortfall_of').references((): AnyPgColumn => ndisClaimLines.id, { onDelete: 'restrict' }),
    claimReference: text('claim_reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: claimLineStatusEnum('status').notNull().default('SUBMITTED'),
    /** The NDIA's payment request number, from the result file: the remittance names lines by it. */
    paymentRequestNumber: text('payment_request_number'),
    /** What the NDIA accepted to pay (`PaidTotalAmount`); less than amountCents when short-paid. */
    paidCents: integer('paid_cents'),
    /** The price limit the NDIA applied (`Capped Price`), per unit. */
    cappedPriceCents: integer('capped_price_cents'),
    /** Why the line was paid less than claimed, in words. */
    shortReason: text('short_reason'),
    acceptedAt: at('accepted_at'),
    /** The cash received for the line, when it arrived and from what (the remittance line, or a deposit confirmed by hand). */
    cashCents: integer('cash_cents'),
    cashReceivedAt: at('cash_received_at'),
    cashReference: text('cash_reference'),
    /** What the operator did with a short-paid difference, who and when. */
    shortfallAction: shortfallActionEnum('shortfall_action'),
    shortfallActionAt: at('shortfall_action_at'),
    shortfallActionBy: keptUserRef('shortfall_action_by'),
    rejectionReason: text('rejection_reason'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ndis_claim_lines_reference_key').on(t.claimReference),
    index('ndis_claim_lines_batch_idx').on(t.batchId),
    index('ndis_claim_lines_invoice_idx').on(t.invoiceId),
    index('ndis_claim_lines_request_number_idx').on(t.paymentRequestNumber),
    // A line is claimed again only after a rejection: at most one claim in progress or paid.
    uniqueIndex('ndis_claim_lines_live_key').on(t.invoiceLineId).where(sql`status <> 'REJECTED' and shortfall_of is null`),
    // A short-paid difference likewise: at most one claim of it in progress or paid.
    uniqueIndex('ndis_claim_lines_live_shortfall_key').on(t.shortfallOf).where(sql`status <> 'REJECTED' and shortfall_of is not null`),
    check('ndis_claim_lines_paid', sql`${t.paidCents} is null or (${t.paidCents} >= 0 and ${t.paidCents} <= ${t.amountCents})`),
    check('ndis_claim_lines_cash', sql`${t.cashCents} is null or ${t.cashCents} >= 0`),
  ],
);

/**
 * What a care seeker's funding needs to be paid (spec /provider-details): the participant's NDIS
 * number for agency claims, and the plan manager or aged care provider who receives the invoices.
 */
export const fundingDetails = pgTable('funding_details', {
  userId: userRef('user_id').primaryKey(),
  ndisNumber: text('ndis_number'),
  /** How the supports are paid for, when a coordinator adds the client (issue 16). */
  fundingType: text('funding_type').$type<PayingForCareType>(),
  planManagerName: text('plan_manager_name'),
  planManagerEmail: text('plan_manager_email'),
  agedCareProviderName: text('aged_care_provider_name'),
  agedCareProviderEmail: text('aged_care_provider_email'),
  /** The person supported, when not the account holder's own name (issue 16: /provider-details). */
  participantFirstName: text('participant_first_name'),
  participantLastName: text('participant_last_name'),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  /** The plan's period: the funding wallet's budgets run over it. */
  planStartDate: date('plan_start_date', { mode: 'string' }),
  planEndDate: date('plan_end_date', { mode: 'string' }),
  /** The ABN of the plan manager or aged care provider who is sent the invoices. */
  planManagerAbn: text('plan_manager_abn'),
  agedCareProviderAbn: text('aged_care_provider_abn'),
  /** The postal address printed on invoices, when it is not the place of care. */
  invoiceAddress: text('invoice_address'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
