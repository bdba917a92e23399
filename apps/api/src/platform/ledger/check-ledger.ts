import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../db/client';

/** One thing the ledger check found wrong. */
export interface LedgerProblem {
  readonly kind: 'UNBALANCED_JOURNAL' | 'INVOICE_NOT_RECONCILED';
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
  payable: string;
  paid_out: string;
  refund_pending: boolean;
}

/**
 * Checks the whole ledger (issue 15; `npm run ledger:check` and the tests):
 * - every journal's entries sum to zero, with a debit and a credit;
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
    if (row.status === 'ISSUED') expect('the receivable still owed', Number(row.receivable), total);
    // A credited invoice owes nothing either way: unpaid, the credit note cancelled it; paid, the refund sent the money back.
    if (credited && !row.refund_pending) expect('the receivable after the credit note and any refund', Number(row.receivable), 0);
    expect('the worker payable still owed', Number(row.payable), Number(row.issued_payable) + Number(row.paid_out));
  }
  return { journals: journals.rows.length, invoices: invoices.rows.length, problems };
}
