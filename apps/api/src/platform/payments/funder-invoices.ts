import { eq } from 'drizzle-orm';
import { formatInvoiceNumber, type Invoice } from '@tendly/domain/api/invoices';
import { renderInvoicePdf } from '../billing/invoice-pdf';
import { loadInvoice, type InvoiceRow } from '../billing/load-invoice';
import type { Db } from '../db/client';
import { users } from '../db/schema/accounts';
import { invoiceFunderNotices, invoicePayerNotices } from '../db/schema/payment-notices';
import { fundingDetails } from '../db/schema/payments';
import { queueMail } from '../mail/outbox';
import { invoiceRowById as findInvoiceRow } from './invoice-rows';
import { funderInvoiceEmail, payerInvoiceEmail, type HeldForApproval, type PaymentEmailSite } from './payment-emails';
import { funderOf } from './invoice-payments-view';

/** What the funder's and the payer's invoice emails both say of the invoice, with its PDF. */
function invoiceMailFields(row: InvoiceRow, invoice: Pick<Invoice, 'paymentReference'>, pdf: Buffer) {
  const invoiceNumber = formatInvoiceNumber('INVOICE', row.number);
  return {
    clientName: row.clientName,
    invoiceNumber,
    paymentReference: invoice.paymentReference ?? invoiceNumber,
    workerName: row.workerBusinessName ?? `${row.workerFirstName} ${row.workerLastName}`.trim(),
    totalCents: row.totalCents,
    dueDate: row.dueDate,
    pdf,
  };
}

/**
 * Plan-managed, Home Care Package and Support at Home invoices (issue 15): on issue, the invoice
 * PDF is emailed to the plan manager or aged care provider named in the care seeker's funding
 * details, once (invoice_funder_notices records to whom and when). Without an address on file
 * nothing is sent; the invoice page says who it goes to once the care seeker adds one.
 */
export async function sendFunderInvoice(db: Db, site: PaymentEmailSite, invoiceId: string, now = new Date()): Promise<'sent' | 'already-sent' | 'no-funder' | 'not-issued'> {
  const row = await findInvoiceRow(db, invoiceId);
  if (!row || row.kind !== 'INVOICE' || row.status === 'CREDITED') return 'not-issued';
  const [details] = await db.select().from(fundingDetails).where(eq(fundingDetails.userId, row.careSeekerId));
  const funder = funderOf(row.fundingType, details);
  if (!funder) return 'no-funder';
  const [sent] = await db.select({ at: invoiceFunderNotices.sentAt }).from(invoiceFunderNotices).where(eq(invoiceFunderNotices.invoiceId, row.id));
  if (sent) return 'already-sent';
  const invoice = await loadInvoice(db, row.id);
  if (!invoice) return 'not-issued';
  const pdf = await renderInvoicePdf({ brandName: site.brandName, invoice, bankAccount: site.bankAccount }, now);
  return db.transaction(async (tx) => {
    const [notice] = await tx
      .insert(invoiceFunderNotices)
      .values({ invoiceId: row.id, funderName: funder.name, funderEmail: funder.email, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: invoiceFunderNotices.invoiceId });
    if (!notice) return 'already-sent' as const;
    await queueMail(tx, funderInvoiceEmail(site, { to: funder.email, funderName: funder.name, ...invoiceMailFields(row, invoice, pdf) }));
    return 'sent' as const;
  });
}

/**
 * A private or self-managed invoice that no card pays automatically (the care seeker pays by hand,
 * or has no card saved) is emailed to the care seeker on issue, with the platform's account and
 * the payment reference (issue 28), once (invoice_payer_notices). The caller decides that no card
 * is charged; this checks only that the invoice is still owed. `held` says that the card was not
 * charged because the invoice is above what is charged without the payer's approval (issue 29).
 */
export async function sendPayerInvoice(db: Db, site: PaymentEmailSite, invoiceId: string, now = new Date(), held?: HeldForApproval): Promise<'sent' | 'already-sent' | 'not-issued'> {
  const row = await findInvoiceRow(db, invoiceId);
  if (!row || row.kind !== 'INVOICE' || row.status !== 'ISSUED') return 'not-issued';
  const [sent] = await db.select({ at: invoicePayerNotices.sentAt }).from(invoicePayerNotices).where(eq(invoicePayerNotices.invoiceId, row.id));
  if (sent) return 'already-sent';
  const [person] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, row.careSeekerId));
  const invoice = await loadInvoice(db, row.id);
  if (!person || !invoice) return 'not-issued';
  const pdf = await renderInvoicePdf({ brandName: site.brandName, invoice, bankAccount: site.bankAccount }, now);
  return db.transaction(async (tx) => {
    const [notice] = await tx.insert(invoicePayerNotices).values({ invoiceId: row.id, email: person.email, sentAt: now }).onConflictDoNothing().returning({ id: invoicePayerNotices.invoiceId });
    if (!notice) return 'already-sent' as const;
    await queueMail(tx, payerInvoiceEmail(site, { to: person.email, firstName: person.firstName, invoiceId: row.id, ...invoiceMailFields(row, invoice, pdf), ...(held ? { held } : {}) }));
    return 'sent' as const;
  });
}
