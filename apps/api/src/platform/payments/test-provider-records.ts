import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { testProviderCharges } from '../db/schema/payments';
import { failureCodeOf } from './provider';
import type { TestCharge, TestChargeRecords } from './test-provider';

/**
 * The test provider's records in the database (test_provider_charges), so that they outlive the
 * process and are shared by every API process, as a card processor's are. Each is written on its
 * own, never inside one of our transactions: the provider stands for another company's system.
 */
export function databaseTestChargeRecords(db: Db): TestChargeRecords {
  const toCharge = (row: typeof testProviderCharges.$inferSelect): TestCharge => ({
    idempotencyKey: row.idempotencyKey,
    providerRef: row.providerRef,
    paymentId: row.paymentId,
    amountCents: row.amountCents,
    result: {
      status: row.status === 'succeeded' ? 'succeeded' : 'failed',
      providerRef: row.providerRef,
      failureCode: row.failureCode === null ? null : failureCodeOf(row.failureCode),
    },
  });
  const byKey = async (key: string) => {
    const [row] = await db.select().from(testProviderCharges).where(eq(testProviderCharges.idempotencyKey, key));
    return row ? toCharge(row) : null;
  };
  return {
    async keep(charge) {
      await db
        .insert(testProviderCharges)
        .values({
          idempotencyKey: charge.idempotencyKey,
          providerRef: charge.providerRef,
          paymentId: charge.paymentId,
          amountCents: charge.amountCents,
          status: charge.result.status,
          failureCode: charge.result.failureCode,
        })
        .onConflictDoNothing({ target: testProviderCharges.idempotencyKey });
      const kept = await byKey(charge.idempotencyKey);
      if (!kept) throw new Error('test provider: a charge it kept cannot be read back');
      return kept;
    },
    async find({ idempotencyKey, providerRef, paymentId }) {
      const found = await byKey(idempotencyKey);
      if (found || (!providerRef && !paymentId)) return found;
      const [row] = await db
        .select()
        .from(testProviderCharges)
        .where(or(providerRef ? eq(testProviderCharges.providerRef, providerRef) : undefined, paymentId ? eq(testProviderCharges.paymentId, paymentId) : undefined))
        .limit(1);
      return row ? toCharge(row) : null;
    },
  };
}
