import { sql } from 'drizzle-orm';
import type { PayingForCareType } from '@tendly/domain/job-options';
import type { ReceivableAccount } from '@tendly/domain/api/admin-money';
import type { DbExecutor } from '../../platform/db/client';

/** Open invoices' outstanding money, summed by funding and by how many days past their due date they are on `asOf`. */
export interface OutstandingGroup {
  fundingType: PayingForCareType;
  daysPastDue: number;
  invoiceCount: number;
  outstandingCents: number;
}

/**
 * What is still owed on each open invoice, from the invoices and the payments recorded against
 * them (not from the ledger, which the totals are then compared with): an ISSUED invoice's total
 * less the money received for it. Summed by funding and day so that the rows stay few however many
 * invoices are open.
 */
export async function outstandingByFundingAndAge(db: DbExecutor, asOf: string): Promise<OutstandingGroup[]> {
  const result = await db.execute<{ funding_type: PayingForCareType; days_past_due: number; invoice_count: number; outstanding_cents: string }>(sql`
    with open as (
      select i.funding_type, (${asOf}::date - i.due_date::date) as days_past_due,
        i.total_cents - coalesce((select sum(p.amount_cents) from payments p where p.invoice_id = i.id and p.status = 'SUCCEEDED'), 0) as outstanding_cents
      from invoices i
      where i.kind = 'INVOICE' and i.status = 'ISSUED')
    select funding_type, days_past_due::int, count(*)::int as invoice_count, sum(outstanding_cents)::text as outstanding_cents
    from open where outstanding_cents <> 0
    group by funding_type, days_past_due`);
  return result.rows.map((row) => ({ fundingType: row.funding_type, daysPastDue: Number(row.days_past_due), invoiceCount: Number(row.invoice_count), outstandingCents: Number(row.outstanding_cents) }));
}

/** The ledger's balance of each receivable account. */
export async function receivableBalances(db: DbExecutor): Promise<Map<ReceivableAccount, number>> {
  const result = await db.execute<{ account: ReceivableAccount; balance: string }>(sql`
    select account, sum(amount_cents)::text as balance from ledger_entries
    where account in ('CARE_SEEKER_RECEIVABLE', 'FUNDER_RECEIVABLE', 'NDIA_RECEIVABLE')
    group by account`);
  return new Map(result.rows.map((row) => [row.account, Number(row.balance)]));
}
