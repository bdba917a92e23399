import { eq } from 'drizzle-orm';
import type { InvoiceRow } from '../billing/load-invoice';
import type { DbExecutor, DbTransaction } from '../db/client';
import { invoices } from '../db/schema/billing';

/** An invoice's row, locked for the rest of the transaction: every change of its payment state takes this lock first. */
export async function lockInvoiceRow(tx: DbTransaction, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  return row ?? null;
}

export async function invoiceRowById(db: DbExecutor, invoiceId: string): Promise<InvoiceRow | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  return row ?? null;
}
