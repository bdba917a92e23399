import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe';
import { paymentProviderContract } from '../../test-support/payment-provider-contract';
import { WebhookSignatureError, type PaymentProvider } from './provider';
import { createStripePaymentProvider } from './stripe-provider';

const WEBHOOK_SECRET = 'whsec_test_secret';
let fake: FakeStripe;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = await createStripePaymentProvider({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, host: fake.host, port: fake.port, protocol: 'http' });
});

afterAll(async () => {
  await fake?.close();
});

paymentProviderContract('the Stripe adapter (against a local fake Stripe)', () => ({
  provider,
  async saveTestCard(customerRef, kind) {
    // What Stripe Elements does in the browser: confirm the SetupIntent with the card.
    const { clientSecret } = await provider.createCardSetup(customerRef);
    const setupIntentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    fake.confirmSetup(setupIntentId, `pm_card_${kind}`);
    return provider.saveCard(customerRef, { provider: 'stripe', setupIntentId });
  },
  chargesMade: () => fake.paymentIntentsCreated,
}));

describe('the Stripe adapter', () => {
  it('refuses a SetupIntent that was not confirmed, or is another customer’s', async () => {
    const customer = await provider.ensureCustomer({ userId: 'u1', email: 'a@example.com', name: 'A', existingRef: null });
    const other = await provider.ensureCustomer({ userId: 'u2', email: 'b@example.com', name: 'B', existingRef: null });
    const { clientSecret } = await provider.createCardSetup(customer);
    const setupIntentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
    await expect(provider.saveCard(customer, { provider: 'stripe', setupIntentId })).rejects.toThrow(/not finished/);
    fake.confirmSetup(setupIntentId, 'pm_card_visa');
    await expect(provider.saveCard(other, { provider: 'stripe', setupIntentId })).rejects.toThrow(/not finished/);
    await expect(provider.saveCard(customer, { provider: 'stripe', setupIntentId: 'seti_missing' })).rejects.toThrow(/not finished/);
  });

  describe('webhook signatures, checked with the stripe library’s own test header', () => {
    const stripe = new Stripe('sk_test_fake');
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_123', object: 'payment_intent', status: 'succeeded' } } });

    it('reads a correctly signed event', () => {
      const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
      expect(provider.parseWebhook(Buffer.from(body), header)).toEqual({ id: 'evt_1', type: 'payment_intent.succeeded', outcome: { kind: 'payment_succeeded', paymentRef: 'pi_123', failureCode: null, paymentId: null } });
    });

    it('reads a failed payment with its decline code', () => {
      const failed = JSON.stringify({ id: 'evt_2', object: 'event', type: 'payment_intent.payment_failed', data: { object: { id: 'pi_9', object: 'payment_intent', last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' } } } });
      const header = stripe.webhooks.generateTestHeaderString({ payload: failed, secret: WEBHOOK_SECRET });
      expect(provider.parseWebhook(failed, header).outcome).toEqual({ kind: 'payment_failed', paymentRef: 'pi_9', failureCode: 'insufficient_funds', paymentId: null });
    });

    it('refuses a wrong secret, a missing header and a tampered body', () => {
      const wrong = stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_someone_else' });
      expect(() => provider.parseWebhook(body, wrong)).toThrow(WebhookSignatureError);
      expect(() => provider.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
      const good = stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
      expect(() => provider.parseWebhook(body.replace('pi_123', 'pi_456'), good)).toThrow(WebhookSignatureError);
    });
  });
});
