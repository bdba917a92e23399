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

/** One figure of the summary: how many, and the money in them. */
interface Figure {
  count: number;
  totalCents: number;
}

const figure = (count: unknown, cents: unknown): Figure => ({ count: Number(count ?? 0), totalCents: Number(cents ?? 0) });

/**
 * Where the NDIA's money is, from the claim lines (ndis.md "Claims"). The five figures do not
 * overlap, so together they are what the NDIA still owes:
 * - waiting: lines of open agency-managed invoices never claimed, and differences the operator
 *   chose to resubmit that were never claimed again (a rejected line or difference is in
 *   `rejected`, not here, though the next export claims it again);
 * - awaiting result: SUBMITTED, at the amount claimed;
 * - rejected: REJECTED and not claimed again since, at the amount claimed;
 * - accepted awaiting cash: ACCEPTED, at what the NDIA accepted to pay;
 * - short-paid: accepted or paid for less than claimed and no decision on the difference yet.
 * A difference written off or billed to the care seeker has left NDIA_RECEIVABLE; one resubmitted
 * is owed through its new claim line.
 */
export async function ndiaClaimFigures(db: DbExecutor) {
  const result = await db.execute<Record<string, string | null>>(sql`
    with waiting_lines as (
      select l.amount_cents from invoice_lines l join invoices i on i.id = l.invoice_id
      where i.kind = 'INVOICE' and i.status = 'ISSUED' and i.funding_type = 'NDIS_AGENCY_MANAGED' and l.amount_cents > 0
        and not exists (select 1 from ndis_claim_lines c where c.invoice_line_id = l.id and c.shortfall_of is null)
      union all
      select c.amount_cents - coalesce(c.cash_cents, c.paid_cents) from ndis_claim_lines c
      where c.shortfall_action = 'RESUBMIT' and c.status in ('ACCEPTED', 'PAID')
        and not exists (select 1 from ndis_claim_lines again where again.shortfall_of = c.id)),
    rejected as (
      select c.amount_cents from ndis_claim_lines c
      where c.status = 'REJECTED'
        and not exists (select 1 from ndis_claim_lines later where later.invoice_line_id = c.invoice_line_id and later.status <> 'REJECTED' and later.shortfall_of is not distinct from c.shortfall_of)),
    short as (
      select c.amount_cents - coalesce(c.cash_cents, c.paid_cents) as short_cents from ndis_claim_lines c
      where c.status in ('ACCEPTED', 'PAID') and c.shortfall_action is null and coalesce(c.cash_cents, c.paid_cents) < c.amount_cents)
    select
      (select count(*) from waiting_lines) as waiting_count, (select sum(amount_cents) from waiting_lines) as waiting_cents,
      (select count(*) from ndis_claim_lines where status = 'SUBMITTED') as submitted_count,
      (select sum(amount_cents) from ndis_claim_lines where status = 'SUBMITTED') as submitted_cents,
      (select count(*) from rejected) as rejected_count, (select sum(amount_cents) from rejected) as rejected_cents,
      (select count(*) from ndis_claim_lines where status = 'ACCEPTED') as accepted_count,
      (select sum(paid_cents) from ndis_claim_lines where status = 'ACCEPTED') as accepted_cents,
      (select count(*) from short) as short_count, (select sum(short_cents) from short) as short_cents,
      (select sum(amount_cents) from ledger_entries where account = 'NDIA_RECEIVABLE') as ledger_cents`);
  const row = result.rows[0]!;
  return {
    waitingToClaim: figure(row.waiting_count, row.waiting_cents),
    awaitingResult: figure(row.submitted_count, row.submitted_cents),
    rejected: figure(row.rejected_count, row.rejected_cents),
    acceptedAwaitingCash: figure(row.accepted_count, row.accepted_cents),
    shortPaid: figure(row.short_count, row.short_cents),
    ledgerCents: Number(row.ledger_cents ?? 0),
  };
}

/**
 * Bank files by state (payments-ops.md "Bank files"), returned payouts, and the ledger's payout
 * journals: PAYOUT_SENT credits BANK when a payout is booked into a file, PAYOUT_RETURNED debits
 * it when the bank sends the payment back.
 */
export async function payoutFileFigures(db: DbExecutor) {
  const result = await db.execute<Record<string, string | null>>(sql`
    select
      (select count(*) from payout_batches where lodged_at is null) as pending_files,
      (select sum(payout_count) from payout_batches where lodged_at is null) as pending_payouts,
      (select sum(total_cents) from payout_batches where lodged_at is null) as pending_cents,
      (select count(*) from payout_batches where lodged_at is not null) as lodged_files,
      (select sum(payout_count) from payout_batches where lodged_at is not null) as lodged_payouts,
      (select sum(total_cents) from payout_batches where lodged_at is not null) as lodged_cents,
      (select count(*) from payouts where status = 'RETURNED') as returned_count,
      (select sum(amount_cents) from payouts where status = 'RETURNED') as returned_cents,
      (select -sum(e.amount_cents) from ledger_entries e join ledger_journals j on j.id = e.journal_id where j.kind = 'PAYOUT_SENT' and e.account = 'BANK') as sent_ledger_cents,
      (select sum(e.amount_cents) from ledger_entries e join ledger_journals j on j.id = e.journal_id where j.kind = 'PAYOUT_RETURNED' and e.account = 'BANK') as returned_ledger_cents`);
  const row = result.rows[0]!;
  return {
    pending: { ...figure(row.pending_files, row.pending_cents), payoutCount: Number(row.pending_payouts ?? 0) },
    lodged: { ...figure(row.lodged_files, row.lodged_cents), payoutCount: Number(row.lodged_payouts ?? 0) },
    returned: figure(row.returned_count, row.returned_cents),
    sentLedgerCents: Number(row.sent_ledger_cents ?? 0),
    returnedLedgerCents: Number(row.returned_ledger_cents ?? 0),
  };
}
