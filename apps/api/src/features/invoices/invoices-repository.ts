import { and, asc, count, desc, eq, gte, lt, sql, sum, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@tendly/domain/api/invoices';
import type { DbExecutor, DbTransaction } from '../../platform/db/client';
import { invoiceLines, invoices, timesheets } from '../../platform/db/schema/billing';
import type { InvoiceRow } from '../../platform/billing/load-invoice';
import type { InvoiceSide } from './invoice-policy';

/** The invoices of one side: those a worker issued, or those issued to a care seeker. */
export function invoicesOf(side: InvoiceSide, personId: string): SQL {
  return side === 'WORKER' ? eq(invoices.workerId, personId) : eq(invoices.careSeekerId, personId);
}

/**
 * The status filter of the lists. A credit note is never waiting for payment, so ISSUED lists
 * invoices only; CREDITED lists the credited invoices with the credit notes that credit them.
 */
export function invoicesWithStatus(status: InvoiceStatus): SQL {
  if (status === 'ISSUED') return and(eq(invoices.status, 'ISSUED'), eq(invoices.kind, 'INVOICE'))!;
  if (status === 'CREDITED') return sql`(${invoices.status} = 'CREDITED' or ${invoices.kind} = 'CREDIT_NOTE')`;
  return eq(invoices.status, status);
}

/** The invoices a list shows: one side's, of one status when asked. */
export function invoiceListFilter(side: InvoiceSide, personId: string, status: InvoiceStatus | undefined): SQL {
  return status ? and(invoicesOf(side, personId), invoicesWithStatus(status))! : invoicesOf(side, personId);
}

export interface InvoicePage {
  rows: InvoiceRow[];
  allLoaded: boolean;
}

/**
 * A page of invoices newest first, before a cursor (the last one's issue time, to the
 * millisecond as the API shows it). A page never ends inside a millisecond: invoices issued in the
 * same millisecond as its last one all go on it, so the next page, which starts before that
 * millisecond, skips none (invoices approved at once can share one).
 */
export async function pageOfInvoices(db: DbExecutor, where: SQL, before: Date | undefined, limit: number): Promise<InvoicePage> {
  const scope = before ? and(where, lt(invoices.issuedAt, before))! : where;
  const rows = await db.select().from(invoices).where(scope).orderBy(desc(invoices.issuedAt), desc(invoices.id)).limit(limit + 1);
  if (rows.length <= limit) return { rows, allLoaded: true };
  const lastMs = Math.floor(rows[limit - 1]!.issuedAt.getTime());
  const millisecond = new Date(lastMs);
  const next = new Date(lastMs + 1);
  if (rows[limit]!.issuedAt.getTime() >= lastMs) {
    const earlier = rows.slice(0, limit).filter((row) => row.issuedAt.getTime() >= next.getTime());
    const ties = await db
      .select()
      .from(invoices)
      .where(and(scope, gte(invoices.issuedAt, millisecond), lt(invoices.issuedAt, next)))
      .orderBy(desc(invoices.issuedAt), desc(invoices.id));
    const [older] = await db.select({ id: invoices.id }).from(invoices).where(and(scope, lt(invoices.issuedAt, millisecond))).limit(1);
    return { rows: [...earlier, ...ties], allLoaded: !older };
  }
  return { rows: rows.slice(0, limit), allLoaded: false };
}

export function invoiceLinesOf(db: DbExecutor, invoiceId: string) {
  return db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));
}

/**
 * A credit note for an invoice, in full (issue 14): the invoice's parties, snapshot, amounts and
 * lines, with its own number and the reason; the invoice becomes CREDITED. Its rows change in no
 * other way.
 */
export async function insertCreditNote(tx: DbTransaction, invoice: InvoiceRow, input: { number: number; reason: string; issuedAt: Date; issuedOn: string }): Promise<string> {
  const { id: _id, kind: _kind, number: _number, status: _status, creditNoteForId: _for, reason: _reason, issuedAt: _issuedAt, dueDate: _due, paidAt: _paid, ndisClaimed: _claimed, ndisClaimedAt: _claimedAt, paymentReference: _reference, ...snapshot } = invoice;
  // A credit note is not paid, so it has no payment reference (the invoice's stays the invoice's own).
  const [note] = await tx
    .insert(invoices)
    .values({ ...snapshot, kind: 'CREDIT_NOTE', number: input.number, status: 'ISSUED', creditNoteForId: invoice.id, reason: input.reason, issuedAt: input.issuedAt, dueDate: input.issuedOn })
    .returning({ id: invoices.id });
  if (!note) throw new Error('The credit note was not inserted');
  const lines = await invoiceLinesOf(tx, invoice.id);
  if (lines.length > 0) await tx.insert(invoiceLines).values(lines.map(({ id: _lineId, invoiceId: _invoiceId, ...line }) => ({ ...line, invoiceId: note.id })));
  await tx.update(invoices).set({ status: 'CREDITED' }).where(eq(invoices.id, invoice.id));
  return note.id;
}

/** Count and total of a care seeker's invoices of one status (invoices only, not credit notes). */
export async function invoiceTotals(db: DbExecutor, careSeekerId: string, status: InvoiceStatus): Promise<{ count: number; totalCents: number }> {
  const [row] = await db
    .select({ count: count(), totalCents: sum(invoices.totalCents).mapWith(Number) })
    .from(invoices)
    .where(and(eq(invoices.careSeekerId, careSeekerId), eq(invoices.kind, 'INVOICE'), eq(invoices.status, status)));
  return { count: row?.count ?? 0, totalCents: row?.totalCents ?? 0 };
}

/** A care seeker's job reports waiting for their decision. */
export function submittedTimesheetsOf(db: DbExecutor, careSeekerId: string) {
  return db
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.careSeekerId, careSeekerId), eq(timesheets.status, 'SUBMITTED')));
}
