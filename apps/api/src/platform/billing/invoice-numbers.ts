import { sql } from 'drizzle-orm';
import type { InvoiceKind } from '@tendly/domain/api/invoices';
import type { DbTransaction } from '../db/client';
import { invoiceCounters } from '../db/schema/billing';

/**
 * The next invoice or credit note number of a worker, without gaps (issue 14). The worker's row in
 * `invoice_counters` is created or locked by one upsert, so concurrent approvals for one worker
 * take their numbers one after the other; the number is written in the same transaction as the
 * invoice, so a transaction that rolls back gives its number back with everything else.
 *
 * Call it inside the transaction that inserts the invoice, as late as possible (after pricing):
 * the lock is held until that transaction ends.
 */
export async function takeInvoiceNumber(tx: DbTransaction, workerId: string, kind: InvoiceKind): Promise<number> {
  const column = kind === 'CREDIT_NOTE' ? invoiceCounters.lastCreditNoteNumber : invoiceCounters.lastInvoiceNumber;
  // ON CONFLICT DO UPDATE locks the existing row (a plain ON CONFLICT DO NOTHING would not), and
  // the update and the read of the new value are one statement.
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ workerId, lastInvoiceNumber: kind === 'INVOICE' ? 1 : 0, lastCreditNoteNumber: kind === 'CREDIT_NOTE' ? 1 : 0 })
    .onConflictDoUpdate({ target: invoiceCounters.workerId, set: { [kind === 'CREDIT_NOTE' ? 'lastCreditNoteNumber' : 'lastInvoiceNumber']: sql`${column} + 1` } })
    .returning({ invoice: invoiceCounters.lastInvoiceNumber, creditNote: invoiceCounters.lastCreditNoteNumber });
  if (!counter) throw new Error(`No invoice counter for worker ${workerId}`);
  return kind === 'CREDIT_NOTE' ? counter.creditNote : counter.invoice;
}

