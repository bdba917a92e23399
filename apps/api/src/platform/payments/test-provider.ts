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
 * how it behaves, and a charge's is made from its idempotency key, so the same key always answers
 * the same result, in any process.
 */

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

export function createTestPaymentProvider(options: { now?: () => Date } = {}): PaymentProvider {
  const now = options.now ?? (() => new Date());
  // The first result of each idempotency key, as Stripe keeps it.
  const charges = new Map<string, ChargeResult>();
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
      const first = charges.get(input.idempotencyKey);
      if (first) return first;
      const kind = /^pm_test_([A-Za-z]+)_[0-9a-f]+$/.exec(input.cardRef)?.[1];
      const decline = kind !== undefined && declineByKind.has(kind) ? (declineByKind.get(kind) ?? null) : 'card_declined';
      if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) throw new Error('charge: the amount must be positive whole cents');
      const result: ChargeResult = { status: decline ? 'failed' : 'succeeded', providerRef: `pi_test_${digest(input.idempotencyKey)}`, failureCode: decline };
      charges.set(input.idempotencyKey, result);
      return result;
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
