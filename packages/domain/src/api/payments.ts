import { z } from 'zod';
import { payingForCareTypeCodes, type PayingForCareType } from '../job-options';
import { instantToLocalDate } from '../shift-time';
import { MONEY_TIME_ZONE } from './admin-money';
import {
  optionalAbnSchema,
  optionalAddressSchema,
  optionalDateOfBirthSchema,
  optionalDateSchema,
  optionalNdisNumberSchema,
  PLAN_END_MESSAGE,
} from '../validation/participant-details';
import { safeText } from '../validation/safe-text';

/**
 * Payments, payouts and NDIA claims (issue 15): the codes shared by the API, the database and the
 * web app. Money is integer cents everywhere.
 */

/**
 * The ledger's accounts. A journal's entries sum to zero: a debit is a positive amount, a credit a
 * negative one. Receivables and the worker payable are kept per party (`partyId`) and per invoice.
 */
export const ledgerAccountCodes = [
  /** What a care seeker (private or NDIS self-managed) owes on an invoice. */
  'CARE_SEEKER_RECEIVABLE',
  /** What a plan manager or aged care provider owes on a client's invoice. */
  'FUNDER_RECEIVABLE',
  /** What the NDIA owes on an agency-managed invoice. */
  'NDIA_RECEIVABLE',
  /** Card money the payment provider holds for us, before it settles to the bank. */
  'PROVIDER_CLEARING',
  /** The platform's bank account: transfers received, payouts sent. */
  'BANK',
  /** What the platform owes a worker for an invoice: its total less the platform fee. */
  'WORKER_PAYABLE',
  /** The platform fee earned. */
  'PLATFORM_FEE_REVENUE',
  /** What the NDIA did not pay on a claim and the platform gave up collecting (a bad debt written off). */
  'NDIA_WRITE_OFF',
] as const;
export type LedgerAccount = (typeof ledgerAccountCodes)[number];

export const ledgerJournalKindCodes = [
  'INVOICE_ISSUED',
  'CREDIT_NOTE_ISSUED',
  'PAYMENT_RECEIVED',
  'REFUND_SENT',
  'PAYOUT_SENT',
  /** A payout the bank sent back (issue 28): the money is owed to the worker again. */
  'PAYOUT_RETURNED',
  /** A short-paid claim's difference written off: Dr NDIA_WRITE_OFF, Cr NDIA_RECEIVABLE. */
  'WRITE_OFF',
  /** A short-paid claim's difference billed to the care seeker: Dr CARE_SEEKER_RECEIVABLE, Cr NDIA_RECEIVABLE. */
  'RECEIVABLE_TRANSFERRED',
] as const;
export type LedgerJournalKind = (typeof ledgerJournalKindCodes)[number];

/** How an invoice's money arrives. */
export const paymentChannelCodes = ['CARD', 'BANK_TRANSFER', 'FUNDER_TRANSFER', 'NDIA'] as const;
export type PaymentChannel = (typeof paymentChannelCodes)[number];

export const paymentStatusCodes = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type PaymentStatus = (typeof paymentStatusCodes)[number];

export const refundStatusCodes = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type RefundStatus = (typeof refundStatusCodes)[number];

export const payoutStatusCodes = ['PENDING', 'SENT', 'RETURNED'] as const;
export type PayoutStatus = (typeof payoutStatusCodes)[number];

/**
 * A claim line: SUBMITTED in a file; ACCEPTED by the NDIA (`SUCCESSFUL`, payments-ops.md: accepted
 * is not paid); PAID once its cash is in the bank (the remittance, or a deposit confirmed by hand);
 * REJECTED (`ERROR`), to correct and claim again.
 */
export const claimLineStatusCodes = ['SUBMITTED', 'ACCEPTED', 'PAID', 'REJECTED'] as const;
export type ClaimLineStatus = (typeof claimLineStatusCodes)[number];

/** What the operator does with what the NDIA did not pay on a line (payments-ops.md). */
export const shortfallActionCodes = ['RESUBMIT', 'WRITE_OFF', 'BILL_CARE_SEEKER'] as const;
export type ShortfallAction = (typeof shortfallActionCodes)[number];

/** Who keeps the card: the built-in test provider, or Stripe. */
export const paymentProviderCodes = ['test', 'stripe'] as const;
export type PaymentProviderCode = (typeof paymentProviderCodes)[number];

// ---------------------------------------------------------------------------------------------
// The API's shapes (issue 15). Requests are parsed with these on the server; answers are checked
// with them in the web app.
// ---------------------------------------------------------------------------------------------


/** The messages a card charge can end with (Stripe's decline codes, as its test cards give them). */
export const CARD_DECLINED_MESSAGE = 'Your card was declined. Use another card, or ask your bank why.';
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your card has insufficient funds. Use another card, or try again when the money is there.';
export const CARD_EXPIRED_MESSAGE = 'Your card has expired. Add a card that is current.';
export const CARD_ERROR_MESSAGE = 'The card payment could not be made. Try again in a few minutes, or use another card.';
export const TEST_CARDS_ONLY_MESSAGE = 'These are test payments: use a test card number such as 4242 4242 4242 4242. No real card is charged.';
export const NO_CARD_MESSAGE = 'Add a card in Payment details to pay by card.';
export const INVOICE_ALREADY_PAID = 'This invoice is already paid.';
export const INVOICE_NOT_PAYABLE_BY_CARD = 'This invoice is paid by your plan manager, aged care provider or the NDIA, not by card.';
export const CARD_NOT_FOUND = 'That card does not exist, or it is not yours.';
export const PAYMENT_AMOUNT_MISMATCH = 'The amount received must be the invoice total.';
/** A transfer quoting another invoice's payment reference is not recorded against this one (issue 28). */
export const PAYMENT_REFERENCE_OTHER_INVOICE = 'That payment reference belongs to another invoice. Find the invoice by its reference and record the payment there.';

/**
 * A repeated `Idempotency-Key` (issue 27), as Stripe and the IETF draft "The Idempotency-Key HTTP
 * Header Field" answer it: the same key with a different request is a 422; while the first request
 * with the key is still being processed, a repeat is a 409 to send again in a moment.
 */
export const IDEMPOTENCY_KEY_REUSED_CODE = 'IDEMPOTENCY_KEY_REUSED';
export const IDEMPOTENCY_KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request. Send a new key with a new request.';
export const IDEMPOTENCY_KEY_IN_USE_CODE = 'IDEMPOTENCY_KEY_IN_USE';
export const IDEMPOTENCY_KEY_IN_USE_MESSAGE = 'The first request with this Idempotency-Key is still being processed. Send it again in a moment for its answer.';

/** The card screens' settings: which provider takes cards, and its public key (Stripe's `pk_...`). */
export const paymentConfigSchema = z.object({
  provider: z.enum(paymentProviderCodes),
  publishableKey: z.string().nullable(),
});

export const savedCardSchema = z.object({
  id: z.uuid(),
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int(),
  isDefault: z.boolean(),
  /** Past its expiry month: it cannot be charged. */
  expired: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

/** GET /api/payment-methods: the saved cards and whether invoices are paid automatically. */
export const paymentDetailsSchema = z.object({
  cards: z.array(savedCardSchema),
  /** False (the default): a card is charged when an invoice is issued. True: pay each from /pending-invoices. */
  payManually: z.boolean(),
  config: paymentConfigSchema,
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;

/** POST /api/payment-methods/setup (Stripe): a SetupIntent for Stripe Elements to confirm. */
export const cardSetupSchema = z.object({ clientSecret: z.string() });

const cardDigits = z
  .string({ error: 'Enter the card number' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => /^\d{12,19}$/.test(value), { error: 'Enter the card number: 12 to 19 digits' });

/**
 * POST /api/payment-methods: save a card. Through Stripe, the card never reaches us: the browser
 * confirms a SetupIntent with Stripe Elements and sends its id. With the built-in test provider
 * (no Stripe keys), only Stripe's published test numbers are accepted, so no real card number is
 * ever sent; of it, only the brand, last four digits and expiry are kept.
 */
export const saveCardRequestSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('stripe'), setupIntentId: z.string().regex(/^seti_[A-Za-z0-9_]+$/, { error: 'That card setup is not valid' }) }),
  z.object({
    provider: z.literal('test'),
    cardNumber: cardDigits,
    expMonth: z.coerce.number({ error: 'Enter the expiry month' }).int().min(1, { error: 'The expiry month is 1 to 12' }).max(12, { error: 'The expiry month is 1 to 12' }),
    expYear: z.coerce.number({ error: 'Enter the expiry year' }).int().min(2000, { error: 'Enter the expiry year as four digits' }).max(2100, { error: 'Enter the expiry year as four digits' }),
    cvc: z.string({ error: 'Enter the security code' }).regex(/^\d{3,4}$/, { error: 'The security code is 3 or 4 digits' }),
  }),
]);
export type SaveCardRequest = z.input<typeof saveCardRequestSchema>;

export const cardParamsSchema = z.object({ id: z.uuid({ error: CARD_NOT_FOUND }) });

/** PUT /api/payment-settings. */
export const paymentSettingsSchema = z.object({ payManually: z.boolean({ error: 'Choose how invoices are paid' }) });

/** POST /api/invoices/{id}/pay (with an `Idempotency-Key` header): charge this saved card now. */
export const payInvoiceRequestSchema = z.object({ paymentMethodId: z.uuid({ error: CARD_NOT_FOUND }) });

export const paymentSchema = z.object({
  id: z.uuid(),
  channel: z.enum(paymentChannelCodes),
  status: z.enum(paymentStatusCodes),
  amountCents: z.number().int(),
  attempt: z.number().int(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  /** Why a charge failed, in words for the care seeker. */
  failureMessage: z.string().nullable(),
  reference: z.string().nullable(),
  receivedOn: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Payment = z.infer<typeof paymentSchema>;

/** How an invoice is paid, by the client's funding (workflows.md "Paying and getting paid"). */
export const howToPayCodes = ['CARD_OR_TRANSFER', 'FUNDER', 'NDIA'] as const;
export type HowToPay = (typeof howToPayCodes)[number];

/** GET /api/invoices/{id}/payments: how to pay an invoice and what has been paid, for its parties. */
export const invoicePaymentsSchema = z.object({
  invoiceId: z.uuid(),
  howToPay: z.enum(howToPayCodes),
  /** For a transfer: the platform's account, and the invoice's payment reference (unique across the platform, with a check digit). */
  bankTransfer: z.object({ accountName: z.string(), bsb: z.string(), accountNumber: z.string(), reference: z.string() }),
  /** Plan-managed and aged care: who was sent the invoice, and when; null before it is sent. */
  funder: z.object({ name: z.string().nullable(), email: z.string(), sentAt: z.iso.datetime({ offset: true }).nullable() }).nullable(),
  payments: z.array(paymentSchema),
  /** When a failed card charge is tried again; null when none is planned. */
  nextRetryAt: z.iso.datetime({ offset: true }).nullable(),
  /** The card that will be (or was last) charged automatically; null when paying by hand. */
  autoPayCard: savedCardSchema.nullable(),
  /** Money received on the invoice so far, and what is still owed (from the ledger; issue 28). */
  receivedCents: z.number().int(),
  outstandingCents: z.number().int(),
  /** NDIA claims of the invoice's lines (agency-managed): each claim with the NDIA's answer. */
  claimLines: z.array(z.lazy(() => invoiceClaimLineSchema)),
});
export type InvoicePayments = z.infer<typeof invoicePaymentsSchema>;

/** GET and PUT /api/funding-details: the person supported, their NDIS number, plan and who pays their invoices. */
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'An email address is at most 254 characters' })
  .refine((value) => value === '' || z.email().safeParse(value).success, { error: 'Enter a valid email address' })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .default(null);
const optionalName = z
  .string()
  .trim()
  .max(120, { error: 'A name is at most 120 characters' })
  .check(safeText('single'))
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .default(null);
/**
 * Who manages the funding of the person supported (issue 16, /provider-details), in the words of
 * the question "Who manages the funding?". The codes are the job's PayingForCareType.
 */
export const fundingManagerCodes = [
  'NDIS_SELF_MANAGED',
  'NDIS_PLAN_MANAGED',
  'NDIS_AGENCY_MANAGED',
  'HOME_CARE_PACKAGE',
  'SUPPORT_AT_HOME',
  'PRIVATE',
] as const satisfies readonly PayingForCareType[];
export const fundingManagerLabels: Readonly<Record<(typeof fundingManagerCodes)[number], string>> = {
  NDIS_SELF_MANAGED: 'I manage it myself (NDIS self-managed)',
  NDIS_PLAN_MANAGED: 'A plan manager (NDIS plan-managed)',
  NDIS_AGENCY_MANAGED: 'The NDIA (NDIS agency-managed)',
  HOME_CARE_PACKAGE: 'A Home Care Package provider',
  SUPPORT_AT_HOME: 'A Support at Home provider',
  PRIVATE: 'Nobody: I pay privately',
};

export const fundingDetailsSchema = z
  .object({
    participantFirstName: optionalName,
    participantLastName: optionalName,
    dateOfBirth: optionalDateOfBirthSchema,
    fundingType: z
      .union([z.literal(''), z.enum(payingForCareTypeCodes)], { error: 'Choose who manages the funding' })
      .transform((value) => (value === '' ? null : value))
      .nullable()
      .default(null),
    ndisNumber: optionalNdisNumberSchema,
    planStartDate: optionalDateSchema,
    planEndDate: optionalDateSchema,
    planManagerName: optionalName,
    planManagerEmail: optionalEmail,
    planManagerAbn: optionalAbnSchema,
    agedCareProviderName: optionalName,
    agedCareProviderEmail: optionalEmail,
    agedCareProviderAbn: optionalAbnSchema,
    invoiceAddress: optionalAddressSchema,
  })
  .superRefine((details, ctx) => {
    if (details.planStartDate && details.planEndDate && details.planEndDate <= details.planStartDate) {
      ctx.addIssue({ code: 'custom', path: ['planEndDate'], message: PLAN_END_MESSAGE });
    }
  });
export type FundingDetails = z.output<typeof fundingDetailsSchema>;
export type FundingDetailsInput = z.input<typeof fundingDetailsSchema>;
export const fundingDetailsResponseSchema = z.object({
  participantFirstName: z.string().nullable(),
  participantLastName: z.string().nullable(),
  dateOfBirth: z.iso.date().nullable(),
  /** Who manages the funding, as the care seeker (or the coordinator who added them) said. */
  fundingType: z.enum(payingForCareTypeCodes).nullable(),
  ndisNumber: z.string().nullable(),
  planStartDate: z.iso.date().nullable(),
  planEndDate: z.iso.date().nullable(),
  planManagerName: z.string().nullable(),
  planManagerEmail: z.string().nullable(),
  planManagerAbn: z.string().nullable(),
  agedCareProviderName: z.string().nullable(),
  agedCareProviderEmail: z.string().nullable(),
  agedCareProviderAbn: z.string().nullable(),
  invoiceAddress: z.string().nullable(),
  /** The funding of the care seeker's agreements, so the page asks only for what is needed. */
  fundingTypes: z.array(z.enum(payingForCareTypeCodes)),
});

/** Admin: an invoice waiting for money (GET /api/admin/receivables?reference=&channel=). */
export const receivableSchema = z.object({
  invoiceId: z.uuid(),
  number: z.string(),
  careSeekerName: z.string(),
  clientName: z.string(),
  workerName: z.string(),
  fundingType: z.enum(payingForCareTypeCodes),
  howToPay: z.enum(howToPayCodes),
  totalCents: z.number().int(),
  issuedAt: z.iso.datetime({ offset: true }),
  dueDate: z.string(),
  /** The reference the payer was asked to quote (issue 28); null only for a row older than references. */
  paymentReference: z.string().nullable(),
});
export const receivableListSchema = z.object({ receivables: z.array(receivableSchema) });

/**
 * The day money moved, as an administrator records it (issue 29: a transfer "received" on
 * 9999-12-31 was accepted). No money moved on the platform before EARLIEST_MONEY_DATE, and none
 * has moved after today in Sydney, where the books are kept (MONEY_TIME_ZONE). Every money date a
 * request carries (a transfer received, a deposit confirmed) uses this one schema.
 */
export const EARLIEST_MONEY_DATE = '2020-01-01';
export const MONEY_DATE_FORMAT_MESSAGE = 'Enter the date the money arrived as YYYY-MM-DD';
export const MONEY_DATE_RANGE_MESSAGE = 'Enter a date from 1 January 2020 to today: money cannot arrive in the future.';

/** Today's date where the books are kept: the latest money date, and what the forms start from. */
export function moneyToday(now: Date = new Date()): string {
  return instantToLocalDate(now, MONEY_TIME_ZONE);
}

export function isMoneyDateInRange(date: string, now: Date = new Date()): boolean {
  return date >= EARLIEST_MONEY_DATE && date <= moneyToday(now);
}

export const moneyDateSchema = z.iso.date({ error: MONEY_DATE_FORMAT_MESSAGE }).refine((date) => isMoneyDateInRange(date), { error: MONEY_DATE_RANGE_MESSAGE });

/** Admin: POST /api/admin/invoices/{id}/payments, money received by transfer. */
export const recordPaymentRequestSchema = z.object({
  channel: z.enum(['BANK_TRANSFER', 'FUNDER_TRANSFER'], { error: 'Choose how the money came' }),
  amountCents: z.number({ error: 'Enter the amount received' }).int().positive({ error: 'Enter the amount received' }),
  reference: z.string({ error: 'Enter the reference the payer gave' }).trim().min(1, { error: 'Enter the reference the payer gave' }).max(100, { error: 'A reference is at most 100 characters' }).check(safeText('single')),
  receivedOn: moneyDateSchema,
});

// Payouts and remittances -------------------------------------------------------------------

export const NO_BANK_DETAILS_REASON = 'Add your bank account in Tax and super so we can pay you.';
export const NO_ABN_REASON = 'Add your ABN in Tax and super so we can pay you.';
/** The bank's direct entry file carries account numbers of at most 9 digits. */
export const ACCOUNT_NUMBER_TOO_LONG_REASON = 'Your account number has more than 9 digits, which bank payment files cannot carry. Add an account of up to 9 digits in Tax and super so we can pay you.';

/**
 * Why a worker whose payment the bank sent back is not paid again yet (issue 28): the next run pays
 * them once their bank details in Tax and super are not the ones the bank refused.
 */
export const PAYOUT_RETURNED_REASON = 'Your bank sent back our last payment to you. Check your bank details in Tax and super and change them: we pay you again in the next run after that.';

export function formatRemittanceNumber(number: number): string {
  return `REM-${String(number).padStart(6, '0')}`;
}

export const remittanceItemSchema = z.object({
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  clientName: z.string(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  amountCents: z.number().int(),
});

export const remittanceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string(),
  /** The bank file's processing date: a banking day, the run's date or the next banking day after it. */
  paidOn: z.string(),
  /** What the worker's bank statement shows for the payment (unique across the platform). */
  lodgementReference: z.string(),
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  amountCents: z.number().int(),
  invoiceCount: z.number().int(),
  bsb: z.string(),
  accountLast3: z.string(),
});
export const remittanceSchema = remittanceSummarySchema.extend({ items: z.array(remittanceItemSchema) });
export type Remittance = z.infer<typeof remittanceSchema>;
export const remittanceListQuerySchema = z.object({ before: z.string().optional(), limit: z.coerce.number().int().min(1).max(50).default(20) });
export const remittanceListSchema = z.object({ remittances: z.array(remittanceSummarySchema), allLoaded: z.boolean() });

/** GET /api/worker/payout-status: whether the worker can be paid, why not, and what is waiting. */
export const payoutStatusSchema = z.object({
  canBePaid: z.boolean(),
  reasons: z.array(z.string()),
  /** Paid invoices not yet paid out: their totals less fees. */
  waitingCents: z.number().int(),
  nextRunAt: z.iso.datetime({ offset: true }),
});

export const payoutRunSchema = z.object({
  id: z.uuid(),
  runDate: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  payoutCount: z.number().int(),
  totalCents: z.number().int(),
  hasFile: z.boolean(),
});
/** A lodgement batch: one bank file, of payouts that were in no other file (issue 28). */
export const payoutBatchSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  runDate: z.string(),
  /** The banking day the file is dated for. */
  processingDate: z.string(),
  fileName: z.string(),
  payoutCount: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  lodgedAt: z.iso.datetime({ offset: true }).nullable(),
  lodgedByName: z.string().nullable(),
  returnedCount: z.number().int(),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

/** A payout the bank sent back, as the administrator recorded it. */
export const returnedPayoutSchema = z.object({
  id: z.uuid(),
  lodgementReference: z.string(),
  workerId: z.uuid(),
  workerName: z.string(),
  amountCents: z.number().int(),
  batchNumber: z.number().int().nullable(),
  returnedAt: z.iso.datetime({ offset: true }),
  returnReason: z.string(),
  /** True once a later run has paid its invoices again. */
  repaid: z.boolean(),
});
export type ReturnedPayout = z.infer<typeof returnedPayoutSchema>;

export const payoutRunListSchema = z.object({
  runs: z.array(payoutRunSchema),
  batches: z.array(payoutBatchSchema),
  returned: z.array(returnedPayoutSchema),
  held: z.array(z.object({ workerId: z.uuid(), workerName: z.string(), reason: z.string(), heldCents: z.number().int() })),
});

export const LODGEMENT_REFERENCE_MESSAGE = 'Enter the lodgement reference from the bank’s return report, like PAY-000001234.';
export const LODGEMENT_REFERENCE_CHECK_MESSAGE = 'That lodgement reference has a wrong digit: check it against the bank’s return report.';
export const RETURN_REASON_MESSAGE = 'Enter the reason the bank gave, such as “Account closed”.';

/** Admin: POST /api/admin/payout-returns, a payment the bank sent back, found by its lodgement reference. */
export const payoutReturnRequestSchema = z.object({
  lodgementReference: z.string({ error: LODGEMENT_REFERENCE_MESSAGE }).trim().min(1, { error: LODGEMENT_REFERENCE_MESSAGE }).max(30, { error: LODGEMENT_REFERENCE_MESSAGE }).check(safeText('single')),
  reason: z.string({ error: RETURN_REASON_MESSAGE }).trim().min(3, { error: RETURN_REASON_MESSAGE }).max(200, { error: 'The reason is at most 200 characters.' }).check(safeText('single')),
});

// NDIA claims -------------------------------------------------------------------------------

export const claimBatchSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  rowCount: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  resultUploadedAt: z.iso.datetime({ offset: true }).nullable(),
  paidCount: z.number().int(),
  rejectedCount: z.number().int(),
});
export const claimRejectionSchema = z.object({
  lineId: z.uuid(),
  claimReference: z.string(),
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  clientName: z.string(),
  supportItem: z.string().nullable(),
  amountCents: z.number().int(),
  reason: z.string(),
});
/** One claim of an invoice line and the NDIA's answer (issue 28): accepted is not paid, and the amount paid is what counts. */
export const invoiceClaimLineSchema = z.object({
  id: z.uuid(),
  invoiceLineId: z.uuid(),
  /** The invoice line's position (1 is the first line). */
  linePosition: z.number().int(),
  claimReference: z.string(),
  paymentRequestNumber: z.string().nullable(),
  status: z.enum(claimLineStatusCodes),
  claimedCents: z.number().int(),
  /** What the NDIA accepted to pay; null before its answer. */
  acceptedCents: z.number().int().nullable(),
  /** The cash received; null until it arrives. */
  cashCents: z.number().int().nullable(),
  cashReceivedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Paid less than claimed (capped, partly or $0.00): by how much, and why. */
  shortPaid: z.boolean(),
  shortCents: z.number().int(),
  shortReason: z.string().nullable(),
  /** The NDIA's message on a rejected (ERROR) line. */
  rejectionReason: z.string().nullable(),
  shortfallAction: z.enum(shortfallActionCodes).nullable(),
  /** A claim of a short-paid difference: the claim it claims again. */
  resubmissionOf: z.uuid().nullable(),
});
export type InvoiceClaimLine = z.infer<typeof invoiceClaimLineSchema>;

/** A claim line on the admin's lists: the claim and its invoice. */
export const adminClaimLineSchema = invoiceClaimLineSchema.extend({ invoiceId: z.uuid(), invoiceNumber: z.string(), clientName: z.string(), supportItem: z.string().nullable() });

/** GET /api/admin/ndis-claims: what is waiting to be claimed, the files exported, and rejected lines. */
export const claimsOverviewSchema = z.object({
  unclaimed: z.object({ invoiceCount: z.number().int(), lineCount: z.number().int(), totalCents: z.number().int() }),
  /** Approved agency-managed invoices that cannot be claimed yet, and why (no NDIS number on file, a line without an NDIS item). */
  skipped: z.array(z.object({ invoiceId: z.uuid(), invoiceNumber: z.string(), clientName: z.string(), reason: z.string() })),
  batches: z.array(claimBatchSchema),
  rejections: z.array(claimRejectionSchema),
  /** Accepted by the NDIA, the cash not yet received (issue 28). */
  awaitingCash: z.array(adminClaimLineSchema),
  /** Paid less than claimed, the difference not yet resubmitted, written off or billed. */
  shortPaid: z.array(adminClaimLineSchema),
  /** Differences billed to the care seeker (the agreement allows it), their payment not yet received. */
  awaitingCareSeeker: z.array(adminClaimLineSchema).default([]),
});
/** POST /api/admin/ndis-claims/{id}/result: what the NDIA's result file said. */
export const csvLineErrorSchema = z.object({ line: z.number().int(), message: z.string() });
/**
 * POST /api/admin/ndis-claims/{id}/result: what the NDIA's result file said. Accepted lines are not
 * paid yet (the cash comes with the remittance); short-paid lines are among them. Lines that could
 * not be read or matched are listed with their line number; the others still count.
 */
export const claimResultSummarySchema = z.object({
  acceptedLines: z.number().int(),
  shortPaidLines: z.number().int(),
  rejectedLines: z.number().int(),
  invoicesPaid: z.number().int(),
  errors: z.array(csvLineErrorSchema),
});

/** POST /api/admin/ndis-claims/remittance (text/csv): the NDIA's remittance, matched to accepted lines. */
export const remittanceImportSchema = z.object({
  matched: z.array(
    z.object({
      line: z.number().int(),
      paymentRequestNumber: z.string(),
      claimReference: z.string(),
      invoiceId: z.uuid(),
      invoiceNumber: z.string(),
      amountCents: z.number().int(),
      /** False when this cash had been recorded before (the same remittance imported again). */
      newlyRecorded: z.boolean(),
    }),
  ),
  unmatched: z.array(z.object({ line: z.number().int(), paymentRequestNumber: z.string().nullable(), amountCents: z.number().int().nullable(), reason: z.string() })),
  invoicesPaid: z.number().int(),
});

export const claimLineParamsSchema = z.object({ id: z.uuid({ error: 'That claim line does not exist.' }) });

/** POST /api/admin/ndis-claims/lines/{id}/cash: a deposit confirmed by hand (the NDIA's, or the care seeker's for a difference billed to them). */
export const confirmDepositRequestSchema = z.object({
  from: z.enum(['NDIA', 'CARE_SEEKER'], { error: 'Choose who paid: the NDIA or the care seeker' }).default('NDIA'),
  amountCents: z.number({ error: 'Enter the amount received in cents' }).int({ error: 'Enter the amount received in cents' }).min(0, { error: 'The amount received cannot be negative' }),
  receivedOn: moneyDateSchema,
  reference: z.string({ error: 'Enter the bank statement’s reference' }).trim().min(1, { error: 'Enter the bank statement’s reference' }).max(100, { error: 'A reference is at most 100 characters' }).check(safeText('single')),
});

/** POST /api/admin/ndis-claims/lines/{id}/shortfall: what to do with what the NDIA did not pay. */
export const shortfallRequestSchema = z.object({ action: z.enum(shortfallActionCodes, { error: 'Choose RESUBMIT, WRITE_OFF or BILL_CARE_SEEKER' }) });
