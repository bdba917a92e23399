import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';

/**
 * What can be wrong: the ledger itself (a journal that does not balance, an invoice its journals
 * do not match), or a record left part-written (hours approved with no invoice, a payout without
 * its items, journal or bank file). Money moved twice is refused by the database's own unique keys
 * (one successful payment per invoice, one payout per invoice, one invoice per approved hours).
 */
export type LedgerProblemKind =
  | 'UNBALANCED_JOURNAL'
  | 'INVOICE_NOT_RECONCILED'
  | 'APPROVED_HOURS_WITHOUT_INVOICE'
  | 'PAYOUT_NOT_WHOLE'
  | 'PAYOUT_WITHOUT_BANK_FILE';

/** The kinds that are a record left part-written rather than a ledger that does not add up. */
export const PARTIAL_RECORD_PROBLEMS: readonly LedgerProblemKind[] = ['APPROVED_HOURS_WITHOUT_INVOICE', 'PAYOUT_NOT_WHOLE', 'PAYOUT_WITHOUT_BANK_FILE'];

/** One thing the ledger check found wrong. */
export interface LedgerProblem {
  readonly kind: LedgerProblemKind;
  readonly id: string;
  readonly detail: string;
}

export interface LedgerCheck {
  readonly journals: number;
  readonly invoices: number;
  readonly problems: readonly LedgerProblem[];
}

interface ReconcileRow extends Record<string, unknown> {
  id: string;
  number: number;
  status: string;
  total_cents: number;
  platform_fee_cents: number;
  issued_receivable: string;
  issued_payable: string;
  issued_fee: string;
  receivable: string;
  settled: string;
  payable: string;
  paid_out: string;
  refund_pending: boolean;
}

/**
 * Checks the whole ledger (issue 15; `npm run ledger:check` and the tests):
 * - every journal's entries sum to zero, with a debit and a credit;
 * - no record is left part-written (checkRecords);
 * - each invoice reconciles with its journals: issuing made the payer owe its total, the worker
 *   be owed the total less the fee and the platform earn the fee (a credited invoice nets to zero);
 *   a paid invoice is owed by nobody; a credited one is owed by
 *   nobody once any refund went back (issue 15); what the worker is still owed is the issued payable less
 *   what payouts have sent for it.
 */
export async function checkLedger(db: DbExecutor): Promise<LedgerCheck> {
  const problems: LedgerProblem[] = [];
  const journals = await db.execute<{ id: string; total: string; debits: string; credits: string }>(sql`
    select j.id, coalesce(sum(e.amount_cents), 0)::text as total,
           count(*) filter (where e.amount_cents > 0)::text as debits,
           count(*) filter (where e.amount_cents < 0)::text as credits
    from ledger_journals j left join ledger_entries e on e.journal_id = j.id
    group by j.id`);
  for (const row of journals.rows) {
    if (Number(row.total) !== 0 || Number(row.debits) === 0 || Number(row.credits) === 0) {
      problems.push({ kind: 'UNBALANCED_JOURNAL', id: row.id, detail: `sum ${row.total} cents with ${row.debits} debits and ${row.credits} credits` });
    }
  }

  const invoices = await db.execute<ReconcileRow>(sql`
    select i.id, i.number, i.status, i.total_cents, i.platform_fee_cents,
      coalesce(sum(e.amount_cents) filter (where j.kind in ('INVOICE_ISSUED', 'CREDIT_NOTE_ISSUED') and e.account in ('CARE_SEEKER_RECEIVABLE', 'FUNDER_RECEIVABLE', 'NDIA_RECEIVABLE')), 0)::text as issued_receivable,
      coalesce(sum(e.amount_cents) filter (where j.kind in ('INVOICE_ISSUED', 'CREDIT_NOTE_ISSUED') and e.account = 'WORKER_PAYABLE'), 0)::text as issued_payable,
      coalesce(sum(e.amount_cents) filter (where j.kind in ('INVOICE_ISSUED', 'CREDIT_NOTE_ISSUED') and e.account = 'PLATFORM_FEE_REVENUE'), 0)::text as issued_fee,
      coalesce(sum(e.amount_cents) filter (where e.account in ('CARE_SEEKER_RECEIVABLE', 'FUNDER_RECEIVABLE', 'NDIA_RECEIVABLE')), 0)::text as receivable,
      coalesce(sum(e.amount_cents) filter (where j.kind in ('PAYMENT_RECEIVED', 'WRITE_OFF') and e.account in ('CARE_SEEKER_RECEIVABLE', 'FUNDER_RECEIVABLE', 'NDIA_RECEIVABLE')), 0)::text as settled,
      coalesce(sum(e.amount_cents) filter (where e.account = 'WORKER_PAYABLE'), 0)::text as payable,
      coalesce(sum(e.amount_cents) filter (where j.kind = 'PAYOUT_SENT' and e.account = 'WORKER_PAYABLE'), 0)::text as paid_out,
      exists (select 1 from refunds r join payments p on p.id = r.payment_id where p.invoice_id = i.id and r.status <> 'SUCCEEDED') as refund_pending
    from invoices i
    left join ledger_entries e on e.invoice_id = i.id
    left join ledger_journals j on j.id = e.journal_id
    where i.kind = 'INVOICE'
    group by i.id`);
  for (const row of invoices.rows) {
    const total = Number(row.total_cents);
    const fee = Number(row.platform_fee_cents);
    const credited = row.status === 'CREDITED';
    const expect = (what: string, actual: number, expected: number) => {
      if (actual !== expected) problems.push({ kind: 'INVOICE_NOT_RECONCILED', id: row.id, detail: `invoice ${row.number} (${row.status}): ${what} is ${actual} cents, expected ${expected}` });
    };
    expect('the receivable issued', Number(row.issued_receivable), credited ? 0 : total);
    expect('the worker payable issued', Number(row.issued_payable), credited ? 0 : -(total - fee));
    expect('the platform fee', Number(row.issued_fee), credited ? 0 : -fee);
    if (row.status === 'PAID') expect('the receivable still owed', Number(row.receivable), 0);
    // An NDIA claim is paid line by line (issue 28): an unpaid invoice owes its total less the cash and write-offs so far.
    if (row.status === 'ISSUED') expect('the receivable still owed', Number(row.receivable), total + Number(row.settled));
    // A credited invoice owes nothing either way: unpaid, the credit note cancelled it; paid, the refund sent the money back.
    if (credited && !row.refund_pending) expect('the receivable after the credit note and any refund', Number(row.receivable), 0);
    expect('the worker payable still owed', Number(row.payable), Number(row.issued_payable) + Number(row.paid_out));
  }
  problems.push(...(await checkRecords(db)));
  return { journals: journals.rows.length, invoices: invoices.rows.length, problems };
}

/**
 * What the journals alone cannot show (issue 27: a process killed part-way must leave nothing
 * half-written): each of these is written in one transaction, so any problem here is a defect,
 * never a moment in the middle of one.
 */
async function checkRecords(db: DbExecutor): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  // Approval issues the invoice in the same transaction (a credited invoice still names its hours).
  const unbilled = await db.execute<{ id: string }>(sql`
    select t.id from timesheets t
    where t.status = 'APPROVED' and not exists (select 1 from invoices i where i.timesheet_id = t.id and i.kind = 'INVOICE')`);
  for (const row of unbilled.rows) problems.push({ kind: 'APPROVED_HOURS_WITHOUT_INVOICE', id: row.id, detail: 'hours approved, but no invoice was issued for them' });

  // The run's file pays its first payout_count payouts in booking order (payout-run.ts writes it
  // over every payout of the run, in that order, in the transaction that books the last of them):
  // a payout booked after it is not in it.
  const payouts = await db.execute<{ id: string; amount_cents: number; items: string; items_cents: string; journal: boolean; has_file: boolean; position: string; in_file: number; booked: string }>(sql`
    with positioned as (
      select id, row_number() over (partition by run_id order by created_at, id) as position, count(*) over (partition by run_id) as booked from payouts)
    select p.id, p.amount_cents, count(pi.invoice_id)::text as items, coalesce(sum(pi.amount_cents), 0)::text as items_cents,
      exists (select 1 from ledger_journals j where j.idempotency_key = 'payout-sent:' || p.id) as journal,
      r.aba_file_id is not null as has_file, pos.position::text, r.payout_count as in_file, pos.booked::text
    from payouts p join payout_runs r on r.id = p.run_id join positioned pos on pos.id = p.id left join payout_items pi on pi.payout_id = p.id
    group by p.id, r.aba_file_id, r.payout_count, pos.position, pos.booked`);
  for (const row of payouts.rows) {
    if (Number(row.items) === 0 || Number(row.items_cents) !== Number(row.amount_cents) || !row.journal) {
      problems.push({
        kind: 'PAYOUT_NOT_WHOLE',
        id: row.id,
        detail: `payout of ${row.amount_cents} cents: ${row.items} invoices paid for ${row.items_cents} cents, ${row.journal ? 'with' : 'without'} its PAYOUT_SENT journal`,
      });
    }
    if (!row.has_file) problems.push({ kind: 'PAYOUT_WITHOUT_BANK_FILE', id: row.id, detail: `payout of ${row.amount_cents} cents booked, but its run has no bank file` });
    else if (Number(row.position) > Number(row.in_file)) {
      problems.push({
        kind: 'PAYOUT_WITHOUT_BANK_FILE',
        id: row.id,
        detail: `payout of ${row.amount_cents} cents booked after its run wrote its bank file, which pays ${row.in_file} of the run’s ${row.booked} payouts`,
      });
    }
  }
  return problems;
}
