import type { Config } from '../config';
import type { Db } from '../db/client';
import type { PaymentProvider } from './provider';
import { createStripePaymentProvider } from './stripe-provider';
import { createTestPaymentProvider } from './test-provider';
import { databaseTestChargeRecords } from './test-provider-records';

/**
 * Stripe when all three STRIPE_* settings are set (config refuses one or two), else the test
 * provider, which keeps its records of charges in the database.
 */
export async function createPaymentProvider(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_WEBHOOK_SECRET'>, db: Db): Promise<PaymentProvider> {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY && config.STRIPE_WEBHOOK_SECRET) {
    return createStripePaymentProvider({ secretKey: config.STRIPE_SECRET_KEY, publishableKey: config.STRIPE_PUBLISHABLE_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET });
  }
  return createTestPaymentProvider({ records: databaseTestChargeRecords(db) });
}
