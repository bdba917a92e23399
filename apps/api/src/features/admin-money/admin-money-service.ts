import { instantToLocalDate } from '@tendly/domain/shift-time';
import {
  ageBucketOf,
  MONEY_TIME_ZONE,
  payerReceivableAccount,
  payerTypeCodes,
  payerTypeOf,
  receivableAccountCodes,
  type BucketCents,
  type PayerType,
  type MoneySummary,
  type ReceivablesAgeing,
} from '@tendly/domain/api/admin-money';
import type { Db } from '../../platform/db/client';
import { ndiaClaimFigures, outstandingByFundingAndAge, payoutFileFigures, receivableBalances } from './admin-money-repository';

const noBuckets = (): BucketCents => ({ DAYS_0_30: 0, DAYS_31_60: 0, DAYS_61_90: 0, DAYS_OVER_90: 0 });

/**
 * Receivables by payer and age (issue 28 section 5): the open invoices' outstanding money by who
 * pays it and how late it is, with the ledger's receivable balances beside the totals. Both are
 * read in one transaction, so a payment recorded meanwhile is in both or in neither.
 */
export async function receivablesAgeing(db: Db, now: Date): Promise<ReceivablesAgeing> {
  const asOf = instantToLocalDate(now, MONEY_TIME_ZONE);
  const { groups, balances } = await db.transaction(async (tx) => ({ groups: await outstandingByFundingAndAge(tx, asOf), balances: await receivableBalances(tx) }));

  const rows = new Map<PayerType, { invoiceCount: number; buckets: BucketCents; totalCents: number }>(payerTypeCodes.map((payerType) => [payerType, { invoiceCount: 0, buckets: noBuckets(), totalCents: 0 }]));
  const totals = { invoiceCount: 0, buckets: noBuckets(), totalCents: 0 };
  for (const group of groups) {
    const row = rows.get(payerTypeOf(group.fundingType))!;
    const bucket = ageBucketOf(group.daysPastDue);
    for (const sum of [row, totals]) {
      sum.invoiceCount += group.invoiceCount;
      sum.buckets[bucket] += group.outstandingCents;
      sum.totalCents += group.outstandingCents;
    }
  }

  const accounts = receivableAccountCodes.map((account) => {
    const tableCents = payerTypeCodes.filter((payerType) => payerReceivableAccount[payerType] === account).reduce((sum, payerType) => sum + rows.get(payerType)!.totalCents, 0);
    const balanceCents = balances.get(account) ?? 0;
    return { account, balanceCents, tableCents, differenceCents: balanceCents - tableCents };
  });
  const balanceCents = accounts.reduce((sum, account) => sum + account.balanceCents, 0);
  return {
    asOf,
    rows: payerTypeCodes.map((payerType) => {
      const row = rows.get(payerType)!;
      return { payerType, invoiceCount: row.invoiceCount, buckets: row.buckets, totalCents: row.totalCents };
    }),
    totals: { invoiceCount: totals.invoiceCount, buckets: totals.buckets, totalCents: totals.totalCents },
    ledger: { accounts, balanceCents, differenceCents: balanceCents - totals.totalCents },
  };
}

/**
 * The NDIA's claims and the payouts by bank file (issue 28 section 5), each beside the ledger:
 * what the claims say the NDIA owes against NDIA_RECEIVABLE, and the bank files' totals and the
 * returned payouts against the payout journals. Read in one transaction, so a result file, a
 * remittance or a payout run recorded meanwhile is in every figure or in none.
 */
export async function moneySummary(db: Db): Promise<MoneySummary> {
  const { claims, files } = await db.transaction(async (tx) => ({ claims: await ndiaClaimFigures(tx), files: await payoutFileFigures(tx) }));
  const { ledgerCents, ...figures } = claims;
  const claimsCents = Object.values(figures).reduce((sum, figure) => sum + figure.totalCents, 0);
  const filesCents = files.pending.totalCents + files.lodged.totalCents;
  return {
    ndia: { ...figures, ledger: { balanceCents: ledgerCents, claimsCents, differenceCents: ledgerCents - claimsCents } },
    payouts: {
      pending: files.pending,
      lodged: files.lodged,
      returned: files.returned,
      ledger: {
        sentCents: files.sentLedgerCents,
        filesCents,
        returnedCents: files.returnedLedgerCents,
        returnedPayoutsCents: files.returned.totalCents,
        differenceCents: files.sentLedgerCents - filesCents + (files.returnedLedgerCents - files.returned.totalCents),
      },
    },
  };
}
