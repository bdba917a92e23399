import { and, count, eq, lt, ne, sql } from 'drizzle-orm';
import {
  CARD_DECLINED_MESSAGE,
  CARD_ERROR_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  INSUFFICIENT_FUNDS_MESSAGE,
  type HowToPay,
} from '@tendly/domain/api/payments';
import { formatInvoiceNumber } from '@tendly/domain/api/invoices';
import type { PayingForCareType } from '@tendly/domain/job-options';
import type { Db, DbTransaction } from '../db/client';
import { users } from '../db/schema/accounts';
import { invoices } from '../db/schema/billing';
import { payments } from '../db/schema/payments';
import { enqueueJobOnce } from '../jobs/job-queue';
import { postJournal, receivableAccountFor } from '../ledger/ledger';
import { queueMail } from '../mail/outbox';
import { invoicePaidNotification } from '../billing/invoice-notifications';
import { notify } from '../notifications/notify';
import { lockInvoiceRow as lockInvoice } from './invoice-rows';
import { CARD_RETRY_JOB } from './payment-jobs';
import type { ChargeFailureCode, ChargeResult, PaymentProvider } from './provider';
import { chargeFailedEmail, type PaymentEmailSite } from './payment-emails';
import { customerRefOf, type CardRow, type PaymentRow } from './payments-repository';

/**
 * Charging an invoice to a saved card (issue 15), in three steps so that no transaction stays open
 * while the provider answers:
 * 1. with the invoice locked, a PENDING payment is written under its idempotency key: a second
 *    request at the same time (a double click) waits for the lock, then finds it and charges
 *    nothing; the same key again finds its payment and answers its result;
 * 2. the provider is asked to charge with that same key, so a repeat never charges twice;
 * 3. with the invoice locked again, the result is recorded: a success makes the payment
 *    SUCCEEDED, the invoice PAID and posts PAYMENT_RECEIVED in one transaction; a failure is
 *    recorded with the words for the care seeker, who is emailed, and the next retry is queued.
 * A process that stops between 1 and 3 leaves the payment PENDING: the reconciling job (and the
 * next charge of the invoice) asks the provider for its record and records it as in step 3.
 */

export interface PaymentDeps {
  provider: PaymentProvider;
  site: PaymentEmailSite;
  /** PAYMENT_RETRY_DAYS: days after the first failed automatic charge that it is tried again. */
  retryDays: readonly number[];
  /** AUTO_CHARGE_TOLERANCE_PERCENT: how far above its shift's estimate an invoice is still charged automatically (issue 29). */
  autoChargeTolerancePercent: number;
}

/**
 * A PENDING charge older than this was left by a process that stopped between writing the payment
 * and recording the provider's answer (a charge's call gives up well within it): the provider is
 * asked for its record of it (reconcilePayment).
 */
export const STALE_PENDING_MS = 2 * 60_000;

export type ChargeOutcome =
  | { kind: 'SUCCEEDED'; paymentId: string }
  /** The provider is still processing the charge: its webhook records the result. */
  | { kind: 'PENDING'; paymentId: string }
  | { kind: 'FAILED'; paymentId: string; failureCode: ChargeFailureCode }
  | { kind: 'ALREADY_PAID' }
  | { kind: 'NOT_PAYABLE' }
  | { kind: 'IN_PROGRESS' };

/** How an invoice is paid, by the client's funding (workflows.md "Paying and getting paid"). */
export function howToPayOf(fundingType: PayingForCareType): HowToPay {
  switch (fundingType) {
    case 'NDIS_AGENCY_MANAGED':
      return 'NDIA';
    case 'NDIS_PLAN_MANAGED':
    case 'HOME_CARE_PACKAGE':
    case 'SUPPORT_AT_HOME':
      return 'FUNDER';
    default:
      return 'CARD_OR_TRANSFER';
  }
}

export const declineMessages: Record<ChargeFailureCode, { code: string; message: string }> = {
  card_declined: { code: 'CARD_DECLINED', message: CARD_DECLINED_MESSAGE },
  insufficient_funds: { code: 'INSUFFICIENT_FUNDS', message: INSUFFICIENT_FUNDS_MESSAGE },
  expired_card: { code: 'CARD_EXPIRED', message: CARD_EXPIRED_MESSAGE },
  processing_error: { code: 'CARD_ERROR', message: CARD_ERROR_MESSAGE },
};

/** The idempotency keys of automatic charges: the first on issue, then each retry. */
export const autoChargeKey = (invoiceId: string) => `invoice:${invoiceId}:auto`;
export const retryChargeKey = (invoiceId: string, retry: number) => `invoice:${invoiceId}:retry:${retry}`;

/** Which automatic charge a key is: 0 the first, n the nth retry; null for one paid by hand. */
function retryNumberOf(key: string): number | null {
  if (key.endsWith(':auto')) return 0;
  const match = /:retry:(\d+)$/.exec(key);
  return match ? Number(match[1]) : null;
}

interface Started {
  payment: PaymentRow;
  customerRef: string;
  cardRef: string;
}

async function startCharge(db: Db, deps: PaymentDeps, input: { invoiceId: string; card: CardRow; idempotencyKey: string }, now: Date): Promise<Started | ChargeOutcome> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, input.invoiceId);
    if (!invoice || invoice.kind !== 'INVOICE') return { kind: 'NOT_PAYABLE' };
    const [existing] = await tx.select().from(payments).where(eq(payments.idempotencyKey, input.idempotencyKey));
    if (existing?.status === 'SUCCEEDED') return { kind: 'SUCCEEDED', paymentId: existing.id };
    if (existing?.status === 'FAILED') return { kind: 'FAILED', paymentId: existing.id, failureCode: (existing.failureCode as ChargeFailureCode | null) ?? 'card_declined' };
    if (invoice.status === 'PAID') return { kind: 'ALREADY_PAID' };
    if (invoice.status !== 'ISSUED') return { kind: 'NOT_PAYABLE' };

    let payment = existing;
    if (!payment) {
      // Another charge of the invoice is under way (a double click), or one left by a process that
      // stopped is still processing at the provider: chargeInvoice asked the provider about a stale one.
      const [pending] = await tx.select({ id: payments.id }).from(payments).where(and(eq(payments.invoiceId, invoice.id), eq(payments.status, 'PENDING'), eq(payments.channel, 'CARD')));
      if (pending) return { kind: 'IN_PROGRESS' };
      const [{ attempts } = { attempts: 0 }] = await tx.select({ attempts: count() }).from(payments).where(and(eq(payments.invoiceId, invoice.id), eq(payments.channel, 'CARD')));
      [payment] = await tx
        .insert(payments)
        .values({
          invoiceId: invoice.id,
          careSeekerId: invoice.careSeekerId,
          channel: 'CARD',
          status: 'PENDING',
          amountCents: invoice.totalCents,
          paymentMethodId: input.card.id,
          provider: deps.provider.code,
          attempt: attempts + 1,
          idempotencyKey: input.idempotencyKey,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!payment) throw new Error('startCharge: the insert returned no row');
    }
    const customerRef = await customerRefOf(tx, invoice.careSeekerId, deps.provider.code);
    if (!customerRef) throw new Error('startCharge: a saved card without a customer at the provider');
    // A payment resumed by its key is charged with its own card, as first asked.
    const cardRef = payment.paymentMethodId === input.card.id ? input.card.providerRef : await cardRefOf(tx, payment.paymentMethodId);
    return { payment, customerRef, cardRef };
  });
}

async function cardRefOf(tx: DbTransaction, paymentMethodId: string | null): Promise<string> {
  if (!paymentMethodId) throw new Error('A card payment without its card');
  const rows = await tx.execute<{ provider_ref: string }>(sql`select provider_ref from payment_methods where id = ${paymentMethodId}`);
  const ref = rows.rows[0]?.provider_ref;
  if (!ref) throw new Error('A card payment whose card is gone');
  return ref;
}

/**
 * Charges the invoice's total to the card, once for the key. Throws only when the provider cannot
 * be reached. `declinedAs` records a decline without asking the provider: a card we know is past
 * its expiry is declined as Stripe would, with the same email and retries.
 */
export async function chargeInvoice(
  db: Db,
  deps: PaymentDeps,
  input: { invoiceId: string; card: CardRow; idempotencyKey: string; declinedAs?: ChargeFailureCode },
  now = new Date(),
): Promise<ChargeOutcome> {
  await settleStaleCharges(db, deps, input.invoiceId, input.idempotencyKey, now);
  const started = await startCharge(db, deps, input, now);
  if ('kind' in started) return started;
  if (input.declinedAs) {
    const declined: ChargeResult = { status: 'failed', providerRef: null, failureCode: input.declinedAs };
    return db.transaction((tx) => applyChargeResult(tx, deps, started.payment.id, declined, new Date()));
  }
  const result = await deps.provider.charge({
    customerRef: started.customerRef,
    cardRef: started.cardRef,
    amountCents: started.payment.amountCents,
    idempotencyKey: started.payment.idempotencyKey,
    metadata: { invoiceId: started.payment.invoiceId, paymentId: started.payment.id },
  });
  return db.transaction((tx) => applyChargeResult(tx, deps, started.payment.id, result, new Date()));
}

/**
 * Settles a card payment left PENDING (issue 27: the process stopped between writing it and
 * recording the provider's answer) with the provider's own record of the charge, through the same
 * path as a live answer: charged is SUCCEEDED with its journal, declined is FAILED with its email
 * and retry, still processing stays PENDING; a charge the provider never made is FAILED
 * (processing_error: nothing was taken), which frees the invoice to be paid.
 */
export async function reconcilePayment(db: Db, deps: PaymentDeps, payment: PaymentRow): Promise<ChargeOutcome> {
  const customerRef = await customerRefOf(db, payment.careSeekerId, deps.provider.code);
  const found = await deps.provider.findCharge({
    idempotencyKey: payment.idempotencyKey,
    providerRef: payment.providerRef,
    paymentId: payment.id,
    customerRef,
    since: payment.createdAt,
  });
  const result: ChargeResult = found ?? { status: 'failed', providerRef: null, failureCode: 'processing_error' };
  return db.transaction((tx) => applyChargeResult(tx, deps, payment.id, result, new Date()));
}

/** Another key's charge of the invoice left PENDING past the grace period: asked of the provider before charging again. */
async function settleStaleCharges(db: Db, deps: PaymentDeps, invoiceId: string, idempotencyKey: string, now: Date): Promise<void> {
  const stale = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.invoiceId, invoiceId),
        eq(payments.channel, 'CARD'),
        eq(payments.status, 'PENDING'),
        eq(payments.provider, deps.provider.code),
        ne(payments.idempotencyKey, idempotencyKey),
        lt(payments.createdAt, new Date(now.getTime() - STALE_PENDING_MS)),
      ),
    );
  for (const payment of stale) await reconcilePayment(db, deps, payment);
}

/**
 * Records a charge's result on its payment (from the charge itself, or the provider's webhook):
 * the first result wins, and a result arriving again changes nothing.
 */
export async function applyChargeResult(tx: DbTransaction, deps: PaymentDeps, paymentId: string, result: ChargeResult, now: Date): Promise<ChargeOutcome> {
  const [first] = await tx.select({ invoiceId: payments.invoiceId }).from(payments).where(eq(payments.id, paymentId));
  if (!first) throw new Error(`applyChargeResult: no payment ${paymentId}`);
  // The invoice first, then the payment: the order every path takes, so none waits on another.
  const invoice = await lockInvoice(tx, first.invoiceId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!invoice || !payment) throw new Error(`applyChargeResult: payment ${paymentId} lost its invoice`);
  if (payment.status === 'SUCCEEDED') return { kind: 'SUCCEEDED', paymentId };
  if (result.status === 'pending') {
    if (payment.status === 'PENDING' && result.providerRef) await tx.update(payments).set({ providerRef: result.providerRef, updatedAt: now }).where(eq(payments.id, paymentId));
    return payment.status === 'FAILED' ? { kind: 'FAILED', paymentId, failureCode: (payment.failureCode as ChargeFailureCode | null) ?? 'card_declined' } : { kind: 'PENDING', paymentId };
  }
  if (payment.status === 'FAILED' && result.status === 'failed') return { kind: 'FAILED', paymentId, failureCode: (payment.failureCode as ChargeFailureCode | null) ?? 'card_declined' };

  if (result.status === 'succeeded') {
    if (invoice.status !== 'ISSUED') {
      // A success reported late (a webhook) for an invoice paid another way or credited since: nothing
      // is recorded twice; the caller reports it so that support refunds the card by hand.
      return { kind: 'ALREADY_PAID' };
    }
    await tx.update(payments).set({ status: 'SUCCEEDED', providerRef: result.providerRef, failureCode: null, failureMessage: null, updatedAt: now }).where(eq(payments.id, paymentId));
    await tx.update(invoices).set({ status: 'PAID', paidAt: now }).where(eq(invoices.id, invoice.id));
    await notify(tx, invoicePaidNotification(invoice));
    await postJournal(tx, {
      kind: 'PAYMENT_RECEIVED',
      key: `payment-received:${paymentId}`,
      invoiceId: invoice.id,
      postedAt: now,
      lines: [
        { account: 'PROVIDER_CLEARING', invoiceId: invoice.id, amountCents: payment.amountCents },
        { account: receivableAccountFor(invoice.fundingType), partyId: invoice.careSeekerId, invoiceId: invoice.id, amountCents: -payment.amountCents },
      ],
    });
    return { kind: 'SUCCEEDED', paymentId };
  }

  const failureCode = result.failureCode ?? 'card_declined';
  await tx
    .update(payments)
    .set({ status: 'FAILED', providerRef: result.providerRef ?? payment.providerRef, failureCode, failureMessage: declineMessages[failureCode].message, updatedAt: now })
    .where(eq(payments.id, paymentId));

  // The next automatic try, counted from the first failed automatic charge.
  let nextRetryAt: Date | null = null;
  const retry = retryNumberOf(payment.idempotencyKey);
  if (retry !== null && invoice.status === 'ISSUED' && retry < deps.retryDays.length) {
    const [firstFailure] = retry === 0 ? [{ at: now }] : await tx.select({ at: payments.updatedAt }).from(payments).where(eq(payments.idempotencyKey, autoChargeKey(invoice.id)));
    const from = firstFailure?.at ?? now;
    nextRetryAt = new Date(from.getTime() + deps.retryDays[retry]! * 86_400_000);
    if (nextRetryAt.getTime() <= now.getTime()) nextRetryAt = new Date(now.getTime() + 60_000);
    await enqueueJobOnce(tx, `${CARD_RETRY_JOB}:${invoice.id}:${retry + 1}`, { type: CARD_RETRY_JOB, payload: { invoiceId: invoice.id, retry: retry + 1 }, runAt: nextRetryAt });
  }

  const [person] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(eq(users.id, invoice.careSeekerId));
  const [card] = payment.paymentMethodId
    ? (await tx.execute<{ brand: string; last4: string }>(sql`select brand, last4 from payment_methods where id = ${payment.paymentMethodId}`)).rows
    : [];
  if (person) {
    await queueMail(
      tx,
      chargeFailedEmail(deps.site, {
        to: person.email,
        firstName: person.firstName,
        invoiceNumber: formatInvoiceNumber('INVOICE', invoice.number),
        paymentReference: invoice.paymentReference ?? formatInvoiceNumber('INVOICE', invoice.number),
        invoiceId: invoice.id,
        totalCents: payment.amountCents,
        cardText: card ? `${card.brand} card ending ${card.last4}` : 'card',
        reason: declineMessages[failureCode].message,
        nextRetryAt,
      }),
    );
  }
  return { kind: 'FAILED', paymentId, failureCode };
}
