import { z } from 'zod';
import { checkAutoCharge } from '../billing/auto-charge-limit';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { JobHandlers } from '../jobs/job-worker';
import { CARD_REFUND_JOB, CARD_RETRY_JOB, INVOICE_ISSUED_PAYMENT_JOB } from './payment-jobs';
import type { PaymentProvider } from './provider';
import { cardExpired } from './test-provider';
import { invoiceRowById as findInvoiceRow } from './invoice-rows';
import { autoChargeKey, chargeInvoice, howToPayOf, retryChargeKey, type ChargeOutcome, type PaymentDeps } from './charging';
import { sendFunderInvoice, sendPayerInvoice } from './funder-invoices';
import { paymentEmailSite, type PaymentEmailConfig } from './payment-emails';
import { defaultCardOf, payManuallyOf } from './payments-repository';
import { completeCardRefund } from './refunds';
import { RECONCILE_INTERVAL_MS, RECONCILE_PAYMENTS_JOB, reconcilePendingPayments, schedulePaymentReconciliation, slotOfReconciliation } from './reconcile-payments';

/**
 * The payment jobs (issue 15): an issued invoice is charged to the care seeker's default card
 * (unless they pay by hand) or sent to their plan manager or aged care provider; a failed
 * automatic charge is tried again PAYMENT_RETRY_DAYS later, until one succeeds; a card refund is
 * sent; every few minutes, card payments a stopped process left PENDING are settled with the
 * provider (issue 27). Each is safe to run again: charges and refunds carry their idempotency keys.
 */

const invoicePayload = z.object({ invoiceId: z.uuid() });
const retryPayload = z.object({ invoiceId: z.uuid(), retry: z.number().int().min(1) });
const refundPayload = z.object({ refundId: z.uuid() });
const slotPayload = z.object({ slot: z.iso.datetime() });

/** An invoice above what may be charged without the payer's approval (issue 29): the payer is asked to pay it. */
export interface NeedsPayerApproval {
  kind: 'NEEDS_PAYER_APPROVAL';
  /** The booked shift's estimate it exceeds; null when there is none (unbooked work). */
  estimateCents: number | null;
}

/**
 * The automatic charge of an invoice by its key: nothing when paid, credited, paid by hand or with
 * no usable card, and nothing above its shift's estimate plus the tolerance without the payer's
 * approval (checkAutoCharge).
 */
export async function chargeAutomatically(db: Db, deps: PaymentDeps, invoiceId: string, key: string): Promise<ChargeOutcome | NeedsPayerApproval | 'skipped'> {
  const invoice = await findInvoiceRow(db, invoiceId);
  if (!invoice || invoice.kind !== 'INVOICE' || invoice.status !== 'ISSUED' || howToPayOf(invoice.fundingType) !== 'CARD_OR_TRANSFER') return 'skipped';
  if (await payManuallyOf(db, invoice.careSeekerId)) return 'skipped';
  const card = await defaultCardOf(db, invoice.careSeekerId, deps.provider.code);
  if (!card) return 'skipped';
  const check = await checkAutoCharge(db, invoice, deps.autoChargeTolerancePercent);
  if (!check.allowed) return { kind: 'NEEDS_PAYER_APPROVAL', estimateCents: check.estimateCents };
  // An expired card is declined as the provider would: the care seeker is told, and it is tried again.
  return chargeInvoice(db, deps, { invoiceId, card, idempotencyKey: key, ...(cardExpired(card.expMonth, card.expYear) ? { declinedAs: 'expired_card' as const } : {}) });
}

export function paymentDepsOf(config: PaymentEmailConfig & Pick<Config, 'PAYMENT_RETRY_DAYS' | 'AUTO_CHARGE_TOLERANCE_PERCENT'>, provider: PaymentProvider): PaymentDeps {
  return { provider, site: paymentEmailSite(config), retryDays: config.PAYMENT_RETRY_DAYS, autoChargeTolerancePercent: config.AUTO_CHARGE_TOLERANCE_PERCENT };
}

export function paymentJobHandlers(deps: PaymentDeps): JobHandlers {
  return {
    async [INVOICE_ISSUED_PAYMENT_JOB](payload, job) {
      const { invoiceId } = invoicePayload.parse(payload);
      const invoice = await findInvoiceRow(job.db, invoiceId);
      if (!invoice) return;
      const howToPay = howToPayOf(invoice.fundingType);
      if (howToPay === 'FUNDER') {
        const sent = await sendFunderInvoice(job.db, deps.site, invoiceId);
        job.logger.info({ jobId: job.jobId, sent }, 'funder invoice');
      } else if (howToPay === 'CARD_OR_TRANSFER') {
        const outcome = await chargeAutomatically(job.db, deps, invoiceId, autoChargeKey(invoiceId));
        job.logger.info({ jobId: job.jobId, outcome: typeof outcome === 'string' ? outcome : outcome.kind }, 'automatic card charge');
        // No card pays it: the care seeker is sent the invoice with how to pay it by transfer (issue 28).
        if (outcome === 'skipped') {
          const sent = await sendPayerInvoice(job.db, deps.site, invoiceId);
          job.logger.info({ jobId: job.jobId, sent }, 'payer invoice');
        }
        // Above what is charged without the payer's approval: they are sent it, asked to check and pay it (issue 29).
        if (typeof outcome === 'object' && outcome.kind === 'NEEDS_PAYER_APPROVAL') {
          const sent = await sendPayerInvoice(job.db, deps.site, invoiceId, new Date(), { estimateCents: outcome.estimateCents, tolerancePercent: deps.autoChargeTolerancePercent });
          job.logger.info({ jobId: job.jobId, sent }, 'payer invoice to approve');
        }
      }
    },
    async [CARD_RETRY_JOB](payload, job) {
      const { invoiceId, retry } = retryPayload.parse(payload);
      const outcome = await chargeAutomatically(job.db, deps, invoiceId, retryChargeKey(invoiceId, retry));
      job.logger.info({ jobId: job.jobId, retry, outcome: typeof outcome === 'string' ? outcome : outcome.kind }, 'card charge retried');
    },
    async [CARD_REFUND_JOB](payload, job) {
      const { refundId } = refundPayload.parse(payload);
      const status = await completeCardRefund(job.db, deps.provider, refundId);
      job.logger.info({ jobId: job.jobId, status }, 'card refund');
    },
    async [RECONCILE_PAYMENTS_JOB](payload, job) {
      const { slot } = slotPayload.parse(payload);
      // The next run first: a run that keeps failing must not stop the ones after it. A run that
      // was late (the server was down) schedules from now, not from a slot long past.
      const next = Math.max(new Date(slot).getTime(), slotOfReconciliation(new Date()).getTime()) + RECONCILE_INTERVAL_MS;
      await schedulePaymentReconciliation(job.db, new Date(next));
      const outcome = await reconcilePendingPayments(job.db, deps);
      const { errors, paidAnotherWay, ...counts } = outcome;
      job.logger.info({ jobId: job.jobId, slot, ...counts }, 'pending card payments reconciled');
      for (const paymentId of paidAnotherWay) {
        job.logger.error({ jobId: job.jobId, paymentId }, 'pending card payment: the provider charged it, but its invoice was paid or credited since; refund it by hand');
      }
      if (errors.length > 0) throw new Error(`${errors.length} pending card payments could not be checked with the provider`, { cause: errors[0] });
    },
  };
}
