import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentProviderCode } from '@tendly/domain/api/payments';
import type { DbExecutor } from '../db/client';
import { paymentCustomers, paymentMethods, payments, paymentSettings } from '../db/schema/payments';
import { backgroundJobs } from '../db/schema/platform';
import { CARD_RETRY_JOB } from './payment-jobs';

export type CardRow = typeof paymentMethods.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export async function customerRefOf(db: DbExecutor, userId: string, provider: PaymentProviderCode): Promise<string | null> {
  const [row] = await db
    .select({ ref: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.ref ?? null;
}

/** Keeps the provider's customer; a second process that made one at the same time keeps the first. */
export async function saveCustomerRef(db: DbExecutor, userId: string, provider: PaymentProviderCode, ref: string): Promise<string> {
  await db.insert(paymentCustomers).values({ userId, provider, providerCustomerId: ref }).onConflictDoNothing();
  return (await customerRefOf(db, userId, provider)) ?? ref;
}

/** A person's saved cards with this provider, oldest first. */
export function cardsOf(db: DbExecutor, userId: string, provider: PaymentProviderCode): Promise<CardRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider), isNull(paymentMethods.removedAt)))
    .orderBy(asc(paymentMethods.createdAt), asc(paymentMethods.id));
}

/** One of the person's saved cards, or null when it is not theirs or was removed. */
export async function cardOf(db: DbExecutor, userId: string, cardId: string): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, cardId), eq(paymentMethods.userId, userId), isNull(paymentMethods.removedAt)));
  return row ?? null;
}

export async function defaultCardOf(db: DbExecutor, userId: string, provider: PaymentProviderCode): Promise<CardRow | null> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.provider, provider), eq(paymentMethods.isDefault, true), isNull(paymentMethods.removedAt)));
  return row ?? null;
}

export async function payManuallyOf(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db.select({ payManually: paymentSettings.payManually }).from(paymentSettings).where(eq(paymentSettings.userId, userId));
  return row?.payManually ?? false;
}

export interface PaymentWithCard {
  payment: PaymentRow;
  cardBrand: string | null;
  cardLast4: string | null;
}

export async function paymentsOfInvoice(db: DbExecutor, invoiceId: string): Promise<PaymentWithCard[]> {
  return db
    .select({ payment: payments, cardBrand: paymentMethods.brand, cardLast4: paymentMethods.last4 })
    .from(payments)
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.createdAt), asc(payments.attempt));
}

/** When the next retry of a failed charge of the invoice is due, if one is queued. */
export async function nextRetryOf(db: DbExecutor, invoiceId: string): Promise<Date | null> {
  const [row] = await db
    .select({ runAt: backgroundJobs.runAt })
    .from(backgroundJobs)
    .where(and(eq(backgroundJobs.type, CARD_RETRY_JOB), eq(backgroundJobs.status, 'PENDING'), sql`${backgroundJobs.payload}->>'invoiceId' = ${invoiceId}`))
    .orderBy(asc(backgroundJobs.runAt))
    .limit(1);
  return row?.runAt ?? null;
}

export async function successfulPaymentOf(db: DbExecutor, invoiceId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'SUCCEEDED')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}
