import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PaymentProvider, ProviderCard } from '../platform/payments/provider';

/** Stripe's test cards by their test payment method's name. */
export type TestCardKind = 'visa' | 'chargeDeclined' | 'chargeDeclinedInsufficientFunds';

export interface ProviderHarness {
  provider: PaymentProvider;
  /** Saves one of Stripe's test cards for a customer, the way that provider's browser form does. */
  saveTestCard(customerRef: string, kind: TestCardKind): Promise<ProviderCard>;
  /** Charges the provider really made (null when it cannot tell). */
  chargesMade(): number | null;
}

/**
 * The behaviour every payment provider shares (issue 15): the test provider and the Stripe adapter
 * (against a local fake Stripe) both pass these same tests.
 */
export function paymentProviderContract(name: string, harness: () => ProviderHarness): void {
  describe(`${name}: the payment provider contract`, () => {
    const customer = async () => {
      const { provider } = harness();
      return provider.ensureCustomer({ userId: randomUUID(), email: 'helen@example.com', name: 'Helen Nguyen', existingRef: null });
    };

    it('makes a customer once and keeps the reference it is given', async () => {
      const { provider } = harness();
      const ref = await customer();
      expect(ref).toMatch(/^cus_/);
      expect(await provider.ensureCustomer({ userId: randomUUID(), email: 'a@example.com', name: 'A', existingRef: ref })).toBe(ref);
    });

    it('saves a card as its reference, brand, last four digits and expiry', async () => {
      const ref = await customer();
      const card = await harness().saveTestCard(ref, 'visa');
      expect(card.providerRef).toMatch(/^pm_/);
      expect(card).toMatchObject({ brand: 'visa', last4: '4242' });
      expect(card.expMonth).toBeGreaterThanOrEqual(1);
      expect(card.expYear).toBeGreaterThanOrEqual(new Date().getUTCFullYear());
      expect(JSON.stringify(card)).not.toContain('4242424242424242');
    });

    it('charges a good card, and declines the declined and insufficient-funds test cards with their codes', async () => {
      const { provider } = harness();
      const ref = await customer();
      const cases = [
        ['visa', 'succeeded', null],
        ['chargeDeclined', 'failed', 'card_declined'],
        ['chargeDeclinedInsufficientFunds', 'failed', 'insufficient_funds'],
      ] as const;
      for (const [kind, status, failureCode] of cases) {
        const card = await harness().saveTestCard(ref, kind);
        const result = await provider.charge({ customerRef: ref, cardRef: card.providerRef, amountCents: 22_750, idempotencyKey: randomUUID(), metadata: { invoiceId: randomUUID() } });
        expect(result, kind).toMatchObject({ status, failureCode });
        if (status === 'succeeded') expect(result.providerRef).toMatch(/^pi_/);
      }
    });

    it('answers a repeated idempotency key with the first result, and charges once', async () => {
      const { provider, chargesMade } = harness();
      const ref = await customer();
      for (const kind of ['visa', 'chargeDeclined'] as const) {
        const card = await harness().saveTestCard(ref, kind);
        const input = { customerRef: ref, cardRef: card.providerRef, amountCents: 10_000, idempotencyKey: randomUUID(), metadata: {} };
        const before = chargesMade();
        const first = await provider.charge(input);
        const again = await provider.charge(input);
        expect(again).toEqual(first);
        if (before !== null) expect(chargesMade()).toBe(before + 1);
      }
    });

    it('finds a charge whose answer was lost, by its reference or by our payment’s id, and never one it did not make', async () => {
      const { provider, chargesMade } = harness();
      const ref = await customer();
      const since = new Date();
      const good = await harness().saveTestCard(ref, 'visa');
      const declined = await harness().saveTestCard(ref, 'chargeDeclinedInsufficientFunds');
      const paid = { idempotencyKey: randomUUID(), paymentId: randomUUID() };
      const refused = { idempotencyKey: randomUUID(), paymentId: randomUUID() };
      const charged = await provider.charge({ customerRef: ref, cardRef: good.providerRef, amountCents: 8_000, idempotencyKey: paid.idempotencyKey, metadata: { paymentId: paid.paymentId } });
      await provider.charge({ customerRef: ref, cardRef: declined.providerRef, amountCents: 8_000, idempotencyKey: refused.idempotencyKey, metadata: { paymentId: refused.paymentId } });
      const before = chargesMade();

      // The reference never recorded (the process stopped before the answer was kept): found by our id.
      expect(await provider.findCharge({ ...paid, providerRef: null, customerRef: ref, since })).toEqual(charged);
      expect(await provider.findCharge({ ...paid, providerRef: charged.providerRef, customerRef: ref, since })).toEqual(charged);
      expect(await provider.findCharge({ ...refused, providerRef: null, customerRef: ref, since })).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
      // Asked before it was made (the process stopped before the charge was sent): no record, and looking charges nothing.
      expect(await provider.findCharge({ idempotencyKey: randomUUID(), paymentId: randomUUID(), providerRef: null, customerRef: ref, since })).toBeNull();
      if (before !== null) expect(chargesMade()).toBe(before);
    });

    it('refunds a charge, once for a key', async () => {
      const { provider } = harness();
      const ref = await customer();
      const card = await harness().saveTestCard(ref, 'visa');
      const charge = await provider.charge({ customerRef: ref, cardRef: card.providerRef, amountCents: 5_000, idempotencyKey: randomUUID(), metadata: {} });
      const input = { paymentRef: charge.providerRef!, amountCents: 5_000, idempotencyKey: randomUUID() };
      const refund = await provider.refund(input);
      expect(refund.status).toBe('succeeded');
      expect(refund.providerRef).toMatch(/^re_/);
      expect(await provider.refund(input)).toEqual(refund);
    });
  });
}
