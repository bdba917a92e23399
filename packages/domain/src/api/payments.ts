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
] as const;
export type LedgerAccount = (typeof ledgerAccountCodes)[number];

export const ledgerJournalKindCodes = [
  'INVOICE_ISSUED',
  'CREDIT_NOTE_ISSUED',
  'PAYMENT_RECEIVED',
  'REFUND_SENT',
  'PAYOUT_SENT',
] as const;
export type LedgerJournalKind = (typeof ledgerJournalKindCodes)[number];

/** How an invoice's money arrives. */
export const paymentChannelCodes = ['CARD', 'BANK_TRANSFER', 'FUNDER_TRANSFER', 'NDIA'] as const;
export type PaymentChannel = (typeof paymentChannelCodes)[number];

export const paymentStatusCodes = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type PaymentStatus = (typeof paymentStatusCodes)[number];

export const refundStatusCodes = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type RefundStatus = (typeof refundStatusCodes)[number];

export const payoutStatusCodes = ['PENDING', 'SENT'] as const;
export type PayoutStatus = (typeof payoutStatusCodes)[number];

export const claimLineStatusCodes = ['SUBMITTED', 'PAID', 'REJECTED'] as const;
export type ClaimLineStatus = (typeof claimLineStatusCodes)[number];

/** Who keeps the card: the built-in test provider, or Stripe. */
export const paymentProviderCodes = ['test', 'stripe'] as const;
export type PaymentProviderCode = (typeof paymentProviderCodes)[number];
