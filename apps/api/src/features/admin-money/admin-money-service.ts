import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  ageBucketOf,
  MONEY_TIME_ZONE,
  payerReceivableAccount,
  payerTypeCodes,
  payerTypeOf,
  receivableAccountCodes,
  type BucketCents,
  type PayerType,
  type ReceivablesAgeing,
} from '@tendly/domain/api/admin-money';
import type { Db } from '../../platform/db/client';
import { outstandingByFundingAndAge, receivableBalances } from './admin-money-repository';

const noBuckets = (): BucketCents => ({ DAYS_0_30: 0, DAYS_31_60: 0, DAYS_61_90: 0, DAYS_OVER_90: 0 });

/**
 * Receivables by payer and age (issue 28 section 5): the open invoices' outstanding money by who
 * pays it and how late it is, with the ledger's receivable balances beside the totals. Both are
 * read in one transaction, so a payment recorded meanwhile is in both or in neither.
 */
export async function receivablesAgeing(db: Db, now: Date): Promise<ReceivablesAgeing> {
  const asOf = format(new TZDate(now.getTime(), MONEY_TIME_ZONE), 'yyyy-MM-dd');
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
