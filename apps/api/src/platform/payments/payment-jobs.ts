import type { DbTransaction } from '../db/client';
import { enqueueJob } from '../jobs/job-queue';

/**
 * The job types of card payments (issue 15). Their handlers live in features/payments; the
 * platform's billing queues the first when an invoice is issued.
 */

/** An invoice was issued: charge the saved card, or email the PDF to the plan manager or provider. */
export const INVOICE_ISSUED_PAYMENT_JOB = 'payments.invoice-issued';
/** A failed card charge tried again (PAYMENT_RETRY_DAYS after the first failure). */
export const CARD_RETRY_JOB = 'payments.retry-charge';
/** A card refund sent to the provider (queued with the credit note, so it is never lost). */
export const CARD_REFUND_JOB = 'payments.refund';

/** Queued in the issuing transaction: it exists only if the invoice does. */
export async function queueInvoiceIssuedPayment(tx: DbTransaction, invoiceId: string): Promise<void> {
  await enqueueJob(tx, { type: INVOICE_ISSUED_PAYMENT_JOB, payload: { invoiceId } });
}
