import { z } from 'zod';
import type { PayingForCareType } from '../job-options';
import type { LedgerAccount } from './payments';

/**
 * The books on one screen (issue 28 section 5, /admin/money). This file holds the receivables by
 * payer; the screen's other sections (claims, payouts by file) add their shapes beside it.
 */

/** The time zone "today" is read in when invoices are aged: the platform's books are kept in Sydney time, as its payout runs are. */
export const MONEY_TIME_ZONE = 'Australia/Sydney';

/** Who owes an invoice, by the client's funding (workflows.md "Paying and getting paid"). */
export const payerTypeCodes = ['CARE_SEEKER', 'PLAN_MANAGER', 'AGED_CARE_PROVIDER', 'NDIA'] as const;
export type PayerType = (typeof payerTypeCodes)[number];
export const payerTypeLabels: Readonly<Record<PayerType, string>> = {
  CARE_SEEKER: 'Care seekers',
  PLAN_MANAGER: 'Plan managers',
  AGED_CARE_PROVIDER: 'Aged care providers',
  NDIA: 'The NDIA',
};

/**
 * Private and self-managed NDIS clients pay their own invoices; a plan manager pays plan-managed
 * ones; the aged care provider pays Home Care Package and Support at Home ones (ndis.md "Aged
 * care"); the NDIA pays agency-managed ones, claimed in bulk.
 */
export function payerTypeOf(fundingType: PayingForCareType): PayerType {
  switch (fundingType) {
    case 'NDIS_AGENCY_MANAGED':
      return 'NDIA';
    case 'NDIS_PLAN_MANAGED':
      return 'PLAN_MANAGER';
    case 'HOME_CARE_PACKAGE':
    case 'SUPPORT_AT_HOME':
      return 'AGED_CARE_PROVIDER';
    default:
      return 'CARE_SEEKER';
  }
}

/** The ledger account each payer's debts are kept on: plan managers and aged care providers share the funders' account. */
export const payerReceivableAccount = {
  CARE_SEEKER: 'CARE_SEEKER_RECEIVABLE',
  PLAN_MANAGER: 'FUNDER_RECEIVABLE',
  AGED_CARE_PROVIDER: 'FUNDER_RECEIVABLE',
  NDIA: 'NDIA_RECEIVABLE',
} as const satisfies Readonly<Record<PayerType, LedgerAccount>>;
export const receivableAccountCodes = ['CARE_SEEKER_RECEIVABLE', 'FUNDER_RECEIVABLE', 'NDIA_RECEIVABLE'] as const satisfies readonly LedgerAccount[];
export type ReceivableAccount = (typeof receivableAccountCodes)[number];

/**
 * How long money has been owed, counted from the invoice's due date. Every invoice has one (its
 * issue date plus the payment terms, INVOICE_PAYMENT_TERMS_DAYS), and the due date is the day
 * from which a payer is late: an invoice issued yesterday on 7-day terms is not overdue, whatever
 * its issue date. So an invoice not yet due is in 0–30 days with those up to 30 days late.
 */
export const ageBucketCodes = ['DAYS_0_30', 'DAYS_31_60', 'DAYS_61_90', 'DAYS_OVER_90'] as const;
export type AgeBucket = (typeof ageBucketCodes)[number];
export const ageBucketLabels: Readonly<Record<AgeBucket, string>> = {
  DAYS_0_30: '0–30 days',
  DAYS_31_60: '31–60 days',
  DAYS_61_90: '61–90 days',
  DAYS_OVER_90: '90+ days',
};

/** The bucket of an invoice `daysPastDue` days after its due date (negative before it). */
export function ageBucketOf(daysPastDue: number): AgeBucket {
  if (daysPastDue <= 30) return 'DAYS_0_30';
  if (daysPastDue <= 60) return 'DAYS_31_60';
  if (daysPastDue <= 90) return 'DAYS_61_90';
  return 'DAYS_OVER_90';
}

const cents = z.number().int();
const bucketCents = z.object({ DAYS_0_30: cents, DAYS_31_60: cents, DAYS_61_90: cents, DAYS_OVER_90: cents });
export type BucketCents = z.infer<typeof bucketCents>;

const receivableRowSchema = z.object({
  payerType: z.enum(payerTypeCodes),
  /** Open invoices owed by this kind of payer. */
  invoiceCount: z.number().int(),
  buckets: bucketCents,
  totalCents: cents,
});
export type ReceivableAgeingRow = z.infer<typeof receivableRowSchema>;

/** GET /api/admin/money/receivables: what is owed on open invoices, by payer and age. */
export const receivablesAgeingSchema = z.object({
  /** The day (Sydney) the invoices were aged on. */
  asOf: z.iso.date(),
  /** One row per payer type, always all four, in payerTypeCodes order. */
  rows: z.array(receivableRowSchema),
  totals: receivableRowSchema.omit({ payerType: true }),
  /**
   * The ledger's receivable balances beside the table's totals: the care seekers' row ties to
   * CARE_SEEKER_RECEIVABLE, plan managers' and aged care providers' together to FUNDER_RECEIVABLE,
   * the NDIA's to NDIA_RECEIVABLE. `differenceCents` is the ledger less the table (0 when they tie).
   */
  ledger: z.object({
    accounts: z.array(z.object({ account: z.enum(receivableAccountCodes), balanceCents: cents, tableCents: cents, differenceCents: cents })),
    balanceCents: cents,
    differenceCents: cents,
  }),
});
export type ReceivablesAgeing = z.infer<typeof receivablesAgeingSchema>;

/** A count of things and the money in them. */
const countAndCents = z.object({ count: z.number().int(), totalCents: cents });
export type CountAndCents = z.infer<typeof countAndCents>;

/**
 * GET /api/admin/money/summary: where the NDIA's claims are, and the payouts by bank file. The
 * admin acts on /admin/ndis-claims and /admin/payouts; this screen only counts.
 */
export const moneySummarySchema = z.object({
  ndia: z.object({
    /** Lines of open agency-managed invoices never claimed, and resubmitted short-paid differences not yet claimed again. */
    waitingToClaim: countAndCents,
    /** Claim lines in a file the NDIA has not answered yet (SUBMITTED), at the amount claimed. */
    awaitingResult: countAndCents,
    /** Lines the NDIA rejected and not claimed again since, at the amount claimed. */
    rejected: countAndCents,
    /** Lines the NDIA accepted whose cash has not arrived, at the amount it accepted. */
    acceptedAwaitingCash: countAndCents,
    /** Lines paid less than claimed with no decision yet on the difference, at the difference. */
    shortPaid: countAndCents,
    /**
     * The NDIA_RECEIVABLE balance beside the five figures above, which together are everything the
     * NDIA still owes. `differenceCents` is the ledger less their sum (0 when they tie).
     */
    ledger: z.object({ balanceCents: cents, claimsCents: cents, differenceCents: cents }),
  }),
  payouts: z.object({
    /** Bank files not yet marked lodged, with their payouts and total. */
    pending: countAndCents.extend({ payoutCount: z.number().int() }),
    /** Bank files marked lodged. */
    lodged: countAndCents.extend({ payoutCount: z.number().int() }),
    /** Payouts the bank sent back (count of payouts, not files). */
    returned: countAndCents,
    /**
     * The ledger's payout journals beside the files: what PAYOUT_SENT took out of BANK against the
     * files' totals, and what PAYOUT_RETURNED put back against the returned payouts.
     */
    ledger: z.object({
      sentCents: cents,
      filesCents: cents,
      returnedCents: cents,
      returnedPayoutsCents: cents,
      differenceCents: cents,
    }),
  }),
});
export type MoneySummary = z.infer<typeof moneySummarySchema>;
