import { createHash, randomBytes } from 'node:crypto';
import { CARD_EXPIRED_MESSAGE, TEST_CARDS_ONLY_MESSAGE } from '@tendly/domain/api/payments';
import {
  CardRejectedError,
  CardSetupUnavailableError,
  WebhookSignatureError,
  type ChargeFailureCode,
  type ChargeResult,
  type PaymentProvider,
  type RefundResult,
} from './provider';

/**
 * The built-in test provider (no Stripe keys): it takes only Stripe's published test card numbers
 * and behaves as Stripe documents them, so no real card number is ever sent to us. Its references
 * look like Stripe's (`cus_test_...`, `pm_test_...`, `pi_test_...`): a card's reference carries
 * how it behaves, and a charge's is made from its idempotency key. Like a card processor's test
 * mode it remembers each charge it made (its records: the database in the product, memory in unit
 * tests), so the same key answers the first result and a charge whose answer was lost is found.
 */

/** A charge as the test provider keeps it. */
export interface TestCharge {
  readonly idempotencyKey: string;
  readonly providerRef: string;
  /** Our payment's id, from the charge's metadata. */
  readonly paymentId: string | null;
  readonly amountCents: number;
  readonly result: ChargeResult;
}

/** Where the test provider keeps the charges it made. */
export interface TestChargeRecords {
  /** Keeps a charge under its idempotency key and answers the one kept first (this one, or an earlier one of the key). */
  keep(charge: TestCharge): Promise<TestCharge>;
  /** The charge of the key, else the one of the reference or of our payment's id. */
  find(lookup: { idempotencyKey: string; providerRef?: string | null; paymentId?: string | null }): Promise<TestCharge | null>;
}

/** Records in memory, for unit tests: they last as long as the provider. */
export function memoryTestChargeRecords(): TestChargeRecords {
  const byKey = new Map<string, TestCharge>();
  return {
    async keep(charge) {
      const first = byKey.get(charge.idempotencyKey);
      if (first) return first;
      byKey.set(charge.idempotencyKey, charge);
      return charge;
    },
    async find({ idempotencyKey, providerRef, paymentId }) {
      const matches = (charge: TestCharge) => (providerRef && charge.providerRef === providerRef) || (paymentId && charge.paymentId === paymentId);
      return byKey.get(idempotencyKey) ?? [...byKey.values()].find(matches) ?? null;
    },
  };
}

interface TestCard {
  readonly brand: string;
  /** How Stripe's test card behaves when charged: null succeeds. */
  readonly decline: ChargeFailureCode | null;
  /** Stripe's test payment method of the same behaviour. */
  readonly kind: string;
}

/** Stripe's test numbers (https://docs.stripe.com/testing), by number. */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', decline: null, kind: 'visa' },
  '4000000000000002': { brand: 'visa', decline: 'card_declined', kind: 'chargeDeclined' },
  '4000000000009995': { brand: 'visa', decline: 'insufficient_funds', kind: 'chargeDeclinedInsufficientFunds' },
  '4000000000000069': { brand: 'visa', decline: 'expired_card', kind: 'chargeDeclinedExpiredCard' },
  '5555555555554444': { brand: 'mastercard', decline: null, kind: 'mastercard' },
  '378282246310005': { brand: 'amex', decline: null, kind: 'amex' },
};

const declineByKind = new Map(Object.values(TEST_CARDS).map((card) => [card.kind, card.decline]));

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** Whether a card's expiry month has passed (a card is good to the end of its month). */
export function cardExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

export function createTestPaymentProvider(options: { now?: () => Date; records?: TestChargeRecords } = {}): PaymentProvider {
  const now = options.now ?? (() => new Date());
  const charges = options.records ?? memoryTestChargeRecords();
  // A refund's result is made from its key alone: the same key always answers the same.
  const refunds = new Map<string, RefundResult>();
  return {
    code: 'test',
    publishableKey: null,
    async ensureCustomer({ userId, existingRef }) {
      return existingRef ?? `cus_test_${digest(userId)}`;
    },
    async createCardSetup() {
      throw new CardSetupUnavailableError();
    },
    async saveCard(_customerRef, card) {
      if (card.provider !== 'test') throw new CardRejectedError(TEST_CARDS_ONLY_MESSAGE, 'cardNumber');
      const number = card.cardNumber.replace(/[\s-]/g, '');
      const known = TEST_CARDS[number];
      if (!known) throw new CardRejectedError(TEST_CARDS_ONLY_MESSAGE, 'cardNumber');
      if (cardExpired(card.expMonth, card.expYear, now())) throw new CardRejectedError(CARD_EXPIRED_MESSAGE, 'expYear');
      return { providerRef: `pm_test_${known.kind}_${randomBytes(8).toString('hex')}`, brand: known.brand, last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
    },
    async charge(input) {
      const providerRef = `pi_test_${digest(input.idempotencyKey)}`;
      const first = await charges.find({ idempotencyKey: input.idempotencyKey });
      if (first) return first.result;
      const kind = /^pm_test_([A-Za-z]+)_[0-9a-f]+$/.exec(input.cardRef)?.[1];
      const decline = kind !== undefined && declineByKind.has(kind) ? (declineByKind.get(kind) ?? null) : 'card_declined';
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error('charge: the amount must be positive whole cents');
      const result: ChargeResult = { status: decline ? 'failed' : 'succeeded', providerRef, failureCode: decline };
      const kept = await charges.keep({ idempotencyKey: input.idempotencyKey, providerRef, paymentId: input.metadata.paymentId ?? null, amountCents: input.amountCents, result });
      return kept.result;
    },
    async findCharge(lookup) {
      return (await charges.find(lookup))?.result ?? null;
    },
    async refund(input) {
      const first = refunds.get(input.idempotencyKey);
      if (first) return first;
      const result: RefundResult = { status: 'succeeded', providerRef: `re_test_${digest(input.idempotencyKey)}` };
      refunds.set(input.idempotencyKey, result);
      return result;
    },
    parseWebhook() {
      // Test payments settle at once: there are no webhooks to take.
      throw new WebhookSignatureError('Test payments have no webhooks.');
    },
  };
}
