import { formatInvoiceNumber } from '@tendly/domain/api/invoices';
import { formatCents } from '@tendly/domain/format';
import type { NewNotification } from '../notifications/notify';

interface InvoiceFacts {
  id: string;
  number: number;
  workerId: string;
  careSeekerId: string;
  totalCents: number;
  workerFirstName: string;
  workerLastName: string;
  workerBusinessName: string | null;
  clientName: string;
}

const workerNameOf = (invoice: InvoiceFacts) => invoice.workerBusinessName ?? `${invoice.workerFirstName} ${invoice.workerLastName}`.trim();

/** The care seeker hears of a new invoice (issue 17): it is paid by card or sent to the funder on its own. */
export function invoiceIssuedNotification(invoice: InvoiceFacts): NewNotification {
  const number = formatInvoiceNumber('INVOICE', invoice.number);
  return {
    userId: invoice.careSeekerId,
    kind: 'INVOICE_ISSUED',
    title: `Invoice ${number} from ${workerNameOf(invoice)}`,
    body: `${workerNameOf(invoice)} invoiced ${formatCents(invoice.totalCents)} for approved work with ${invoice.clientName}.`,
    link: `/invoice/${invoice.id}`,
  };
}

/** The worker hears that an invoice of theirs is paid: it goes into the next daily payout. */
export function invoicePaidNotification(invoice: InvoiceFacts): NewNotification {
  const number = formatInvoiceNumber('INVOICE', invoice.number);
  return {
    userId: invoice.workerId,
    kind: 'INVOICE_PAID',
    title: `Invoice ${number} is paid`,
    body: `Invoice ${number} for ${invoice.clientName} (${formatCents(invoice.totalCents)}) is paid. It is included in your next payout.`,
    link: `/invoice/${invoice.id}`,
  };
}
