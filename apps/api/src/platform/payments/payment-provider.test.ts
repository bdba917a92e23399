import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { createPaymentProvider } from './payment-provider';

/** Choosing queries nothing: the test provider reads its records only when it charges. */
const untouchedDb = {} as Db;

describe('choosing the payment provider at start-up', () => {
  it('is Stripe with all three Stripe settings, and the test provider without them', async () => {
    const stripe = await createPaymentProvider({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, untouchedDb);
    expect(stripe).toMatchObject({ code: 'stripe', publishableKey: 'pk_test_x' });
    expect(await createPaymentProvider({ STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined }, untouchedDb)).toMatchObject({ code: 'test', publishableKey: null });
  });
});
