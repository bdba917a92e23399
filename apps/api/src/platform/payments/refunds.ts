import { and, eq } from 'drizzle-orm';
import type { InvoiceRow } from '../billing/load-invoice';
import type { Db, DbTransaction } from '../db/client';
import { invoices } from '../db/schema/billing';
import { payments, payoutItems, refunds } from '../db/schema/payments';
import { conflict } from '../errors';
import { enqueueJob } from '../jobs/job-queue';
import { postJournal, receivableAccountFor } from '../ledger/ledger';
import { CARD_REFUND_JOB } from './payment-jobs';
import type { PaymentProvider } from './provider';
import { successfulPaymentOf } from './payments-repository';

/**
 * Money going back when a paid invoice is credited (issue 15), the way it came: a card payment is
 * refunded through the provider (queued with the credit note and sent at once; a repeat of the
 * refund's key refunds once), a transfer's refund is recorded as sent from the bank. Each posts
 * REFUND_SENT: the care seeker's side of the receivable back to zero, against clearing or the bank.
 */

export const PAID_OUT_NOT_CREDITABLE = 'This invoice has been paid out to the worker, so it can no longer be credited here. Contact support to correct it.';
export const CARD_PAYMENT_UNDER_WAY = 'A card payment of this invoice is under way. Wait a moment and try again.';

/** Refuses crediting while a card charge of the invoice is being made: its result must land first. */
export async function assertNoChargeUnderWay(tx: DbTransaction, invoiceId: string): Promise<void> {
  const [pending] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'PENDING')));
  if (pending) throw conflict(CARD_PAYMENT_UNDER_WAY);
}

/**
 * Inside the crediting transaction, with the invoice locked: refuses an invoice already paid out
 * (409), and starts the refund of its payment. Answers the card refund to send, if any.
 */
export async function refundCreditedInvoice(tx: DbTransaction, invoice: InvoiceRow, creditNoteId: string, now: Date): Promise<string | null> {
  const [paidOut] = await tx.select({ id: payoutItems.invoiceId }).from(payoutItems).where(eq(payoutItems.invoiceId, invoice.id));
  if (paidOut) throw conflict(PAID_OUT_NOT_CREDITABLE);
  const payment = await successfulPaymentOf(tx, invoice.id);
  if (!payment) throw conflict('This invoice is marked paid but no payment is recorded: contact support.');
  const card = payment.channel === 'CARD';
  const [refund] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      creditNoteId,
      amountCents: payment.amountCents,
      status: card ? 'PENDING' : 'SUCCEEDED',
      provider: card ? payment.provider : null,
      idempotencyKey: `refund:${creditNoteId}`,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!refund) throw new Error('refundCreditedInvoice: the insert returned no row');
  if (!card) {
    await postRefundSent(tx, invoice, refund.id, refund.amountCents, 'BANK', now);
    return null;
  }
  // Queued with the credit note, so the refund is sent even if the process stops right after.
  await enqueueJob(tx, { type: CARD_REFUND_JOB, payload: { refundId: refund.id } });
  return refund.id;
}

async function postRefundSent(tx: DbTransaction, invoice: InvoiceRow, refundId: string, amountCents: number, from: 'BANK' | 'PROVIDER_CLEARING', now: Date) {
  await postJournal(tx, {
    kind: 'REFUND_SENT',
    key: `refund-sent:${refundId}`,
    invoiceId: invoice.id,
    postedAt: now,
    lines: [
      { account: receivableAccountFor(invoice.fundingType), partyId: invoice.careSeekerId, invoiceId: invoice.id, amountCents },
      { account: from, invoiceId: invoice.id, amountCents: -amountCents },
    ],
  });
}

/** Sends a card refund to the provider and records it; safe to run again (same key, first result). */
export async function completeCardRefund(db: Db, provider: PaymentProvider, refundId: string): Promise<'SUCCEEDED' | 'FAILED' | 'PENDING'> {
  const [row] = await db.select({ refund: refunds, payment: payments }).from(refunds).innerJoin(payments, eq(payments.id, refunds.paymentId)).where(eq(refunds.id, refundId));
  if (!row) throw new Error(`completeCardRefund: no refund ${refundId}`);
  if (row.refund.status !== 'PENDING') return row.refund.status;
  if (!row.payment.providerRef || row.payment.provider !== provider.code) throw new Error(`completeCardRefund: payment ${row.payment.id} cannot be refunded through ${provider.code}`);
  const result = await provider.refund({ paymentRef: row.payment.providerRef, amountCents: row.refund.amountCents, idempotencyKey: row.refund.idempotencyKey });
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, row.payment.invoiceId)).for('update');
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!invoice || !refund) throw new Error(`completeCardRefund: refund ${refundId} lost its invoice`);
    if (refund.status !== 'PENDING') return refund.status;
    const now = new Date();
    if (result.status === 'failed') {
      await tx.update(refunds).set({ status: 'FAILED', providerRef: result.providerRef, failureMessage: 'The card refund was refused by the payment provider.', updatedAt: now }).where(eq(refunds.id, refundId));
      return 'FAILED';
    }
    await tx.update(refunds).set({ status: 'SUCCEEDED', providerRef: result.providerRef, updatedAt: now }).where(eq(refunds.id, refundId));
    await postRefundSent(tx, invoice, refund.id, refund.amountCents, 'PROVIDER_CLEARING', now);
    return 'SUCCEEDED';
  });
}

/** The card refund a credit note started, sent now (the queued job finds it done). */
export async function sendRefundOfCreditNote(db: Db, provider: PaymentProvider, creditNoteId: string): Promise<void> {
  const [refund] = await db.select({ id: refunds.id, status: refunds.status }).from(refunds).where(eq(refunds.creditNoteId, creditNoteId));
  if (refund?.status === 'PENDING') await completeCardRefund(db, provider, refund.id);
}
