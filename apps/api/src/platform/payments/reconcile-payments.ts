import { and, asc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db, DbExecutor } from '../db/client';
import { payments } from '../db/schema/payments';
import { enqueueJobOnce } from '../jobs/job-queue';
import type { PaymentRow } from './payments-repository';
import { reconcilePayment, STALE_PENDING_MS, type ChargeOutcome, type PaymentDeps } from './charging';

/**
 * Card payments left PENDING (issue 27): a process that stopped between writing a payment and
 * recording the provider's answer left it blocking its invoice. Every few minutes each PENDING
 * card payment past the grace period is settled with the provider's own record of the charge
 * (reconcilePayment). As with the other recurring checks there is no scheduler process: each
 * run's id is made from its time slot, so every API process may ask for it and it is queued once,
 * and each run queues the next.
 */
export const RECONCILE_PAYMENTS_JOB = 'payments.reconcile-pending';
export const RECONCILE_INTERVAL_MS = 5 * 60_000;
/** Payments read at a time. */
const BATCH = 100;

export function slotOfReconciliation(time: Date): Date {
  return new Date(Math.floor(time.getTime() / RECONCILE_INTERVAL_MS) * RECONCILE_INTERVAL_MS);
}

export function schedulePaymentReconciliation(db: DbExecutor, slot: Date): Promise<boolean> {
  const iso = slotOfReconciliation(slot).toISOString();
  return enqueueJobOnce(db, `${RECONCILE_PAYMENTS_JOB}:${iso}`, { type: RECONCILE_PAYMENTS_JOB, payload: { slot: iso }, runAt: new Date(iso) });
}

/** At start-up: make sure the current slot's run is queued. */
export function scheduleCurrentPaymentReconciliation(db: DbExecutor, now: Date = new Date()): Promise<boolean> {
  return schedulePaymentReconciliation(db, now);
}

export interface ReconciliationOutcome {
  succeeded: number;
  failed: number;
  /** Still processing at the provider (Stripe's `processing`): asked again next time. */
  pending: number;
  /** Charged, for an invoice paid another way or credited since: support refunds the card by hand. */
  paidAnotherWay: string[];
  /** Payments the provider could not be asked about (it did not answer): the run fails after the others. */
  errors: unknown[];
}

/** Settles every card payment of this provider PENDING since before the grace period, oldest first. */
export async function reconcilePendingPayments(db: Db, deps: PaymentDeps, now: Date = new Date()): Promise<ReconciliationOutcome> {
  const outcome: ReconciliationOutcome = { succeeded: 0, failed: 0, pending: 0, paidAnotherWay: [], errors: [] };
  const before = new Date(now.getTime() - STALE_PENDING_MS);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const due: PaymentRow[] = await db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'PENDING'),
          eq(payments.channel, 'CARD'),
          eq(payments.provider, deps.provider.code),
          lt(payments.createdAt, before),
          after ? or(gt(payments.createdAt, after.createdAt), and(eq(payments.createdAt, after.createdAt), gt(payments.id, after.id))) : sql`true`,
        ),
      )
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(BATCH);
    for (const payment of due) {
      let settled: ChargeOutcome;
      try {
        settled = await reconcilePayment(db, deps, payment);
      } catch (error) {
        outcome.errors.push(error);
        continue;
      }
      if (settled.kind === 'SUCCEEDED') outcome.succeeded++;
      else if (settled.kind === 'PENDING') outcome.pending++;
      else if (settled.kind === 'ALREADY_PAID') outcome.paidAnotherWay.push(payment.id);
      else outcome.failed++;
    }
    if (due.length < BATCH) return outcome;
    const last = due.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
