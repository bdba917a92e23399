import { sql } from 'drizzle-orm';
import type { InvoiceKind } from '@tendly/domain/api/invoices';
import type { DbTransaction } from '../db/client';
import { invoiceCounters } from '../db/schema/billing';

/**
 * The next invoice or credit note number of a worker, without gaps (issue 14). The worker's row in
 * `invoice_counters` is created or locked by one upsert (ON CONFLICT DO UPDATE locks the existing
 * row, where DO NOTHING would not), so concurrent transactions for one worker take their numbers
 * one after the other; the number is written in the same transaction as the invoice, so a
 * transaction that rolls back gives its number back with everything else.
 *
 * Call it inside the transaction that inserts the invoice, as late as possible: the lock is held
 * until that transaction ends. (Issuing an invoice takes its number with the same upsert inside
 * the statement that inserts it: `issue-statements.ts`.)
 */
export async function takeInvoiceNumber(tx: DbTransaction, workerId: string, kind: InvoiceKind): Promise<number> {
  const isCredit = kind === 'CREDIT_NOTE';
  const column = isCredit ? invoiceCounters.lastCreditNoteNumber : invoiceCounters.lastInvoiceNumber;
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ workerId, lastInvoiceNumber: isCredit ? 0 : 1, lastCreditNoteNumber: isCredit ? 1 : 0 })
    .onConflictDoUpdate({ target: invoiceCounters.workerId, set: isCredit ? { lastCreditNoteNumber: sql`${column} + 1` } : { lastInvoiceNumber: sql`${column} + 1` } })
    .returning({ number: column });
  if (!counter) throw new Error(`No invoice counter for worker ${workerId}`);
  return counter.number;
}
