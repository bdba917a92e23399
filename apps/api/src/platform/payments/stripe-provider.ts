import type Stripe from 'stripe';
import { CARD_EXPIRED_MESSAGE } from '@tendly/domain/api/payments';
import { isUuid } from '../http/ids';
import { cardExpired } from './test-provider';
import { CardRejectedError, failureCodeOf, WebhookSignatureError, type ChargeResult, type PaymentProvider, type ProviderEvent } from './provider';

/**
 * Stripe (issue 15): the card is entered in Stripe Elements and never reaches us. A SetupIntent
 * saves it (off-session use), a PaymentIntent charges it (off_session, confirmed at once, with our
 * idempotency key), and webhooks, verified with the library's own signature check, confirm results.
 */

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the library at a local fake Stripe. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const SETUP_NOT_DONE = 'That card setup is not finished: enter the card again.';

/**
 * The Stripe library loads here, when a process that takes card payments starts, rather than with
 * every start: about 18 MB resident on its own (issue 33), and the default start uses the test provider.
 */
export async function createStripePaymentProvider(settings: StripeSettings): Promise<PaymentProvider> {
  const { default: Stripe } = await import('stripe');
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(settings.host ? { host: settings.host } : {}),
    ...(settings.port ? { port: settings.port } : {}),
    ...(settings.protocol ? { protocol: settings.protocol } : {}),
  });

  return {
    code: 'stripe',
    publishableKey: settings.publishableKey,
    async ensureCustomer({ userId, email, name, existingRef }) {
      if (existingRef) return existingRef;
      const customer = await stripe.customers.create({ email, name, metadata: { userId } }, { idempotencyKey: `customer:${userId}` });
      return customer.id;
    },
    async createCardSetup(customerRef) {
      const intent = await stripe.setupIntents.create({ customer: customerRef, usage: 'off_session' });
      if (!intent.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret');
      return { clientSecret: intent.client_secret };
    },
    async saveCard(customerRef, card) {
      if (card.provider !== 'stripe') throw new CardRejectedError(SETUP_NOT_DONE, 'setupIntentId');
      let intent: Stripe.SetupIntent;
      try {
        intent = await stripe.setupIntents.retrieve(card.setupIntentId, { expand: ['payment_method'] });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new CardRejectedError(SETUP_NOT_DONE, 'setupIntentId');
        throw error;
      }
      const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
      if (intent.status !== 'succeeded' || customer !== customerRef || !intent.payment_method) throw new CardRejectedError(SETUP_NOT_DONE, 'setupIntentId');
      const method = typeof intent.payment_method === 'string' ? await stripe.paymentMethods.retrieve(intent.payment_method) : intent.payment_method;
      if (!method.card) throw new CardRejectedError(SETUP_NOT_DONE, 'setupIntentId');
      if (cardExpired(method.card.exp_month, method.card.exp_year)) throw new CardRejectedError(CARD_EXPIRED_MESSAGE, 'setupIntentId');
      return { providerRef: method.id, brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
    },
    async charge(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'aud',
            customer: input.customerRef,
            payment_method: input.cardRef,
            off_session: true,
            confirm: true,
            metadata: { ...input.metadata },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return resultOfIntent(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          const raw = error.raw as { payment_intent?: { id?: string } } | undefined;
          return { status: 'failed', providerRef: raw?.payment_intent?.id ?? null, failureCode: failureCodeOf(error.decline_code ?? error.code) };
        }
        throw error;
      }
    },
    async findCharge(lookup) {
      if (lookup.providerRef) {
        try {
          return resultOfIntent(await stripe.paymentIntents.retrieve(lookup.providerRef));
        } catch (error) {
          if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
          throw error;
        }
      }
      if (!lookup.customerRef) return null;
      // The customer's PaymentIntents since the payment was written (a few minutes' margin for the
      // clocks), found by our id in their metadata. Listing reads what Stripe has at once; its
      // search can lag behind by a minute, and a charge not found is taken as never made.
      const since = Math.floor(lookup.since.getTime() / 1000) - 300;
      for await (const intent of stripe.paymentIntents.list({ customer: lookup.customerRef, created: { gte: since }, limit: 100 })) {
        if (intent.metadata?.paymentId === lookup.paymentId) return resultOfIntent(intent);
      }
      return null;
    },
    async refund(input) {
      const refund = await stripe.refunds.create({ payment_intent: input.paymentRef, amount: input.amountCents }, { idempotencyKey: input.idempotencyKey });
      return { status: refund.status === 'failed' || refund.status === 'canceled' ? 'failed' : 'succeeded', providerRef: refund.id };
    },
    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, settings.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      return eventOf(event);
    },
  };
}

/**
 * A PaymentIntent's state as a charge's result, the same for the answer to a charge and for one
 * read back later: `succeeded` is paid; `processing` is still under way (its webhook tells the
 * end); anything else needs the customer (authentication) or a new card, or was canceled: the
 * charge did not happen.
 */
function resultOfIntent(intent: Stripe.PaymentIntent): ChargeResult {
  if (intent.status === 'succeeded') return { status: 'succeeded', providerRef: intent.id, failureCode: null };
  if (intent.status === 'processing') return { status: 'pending', providerRef: intent.id, failureCode: null };
  const failure = intent.last_payment_error;
  if (failure) return { status: 'failed', providerRef: intent.id, failureCode: failureCodeOf(failure.decline_code ?? failure.code) };
  return { status: 'failed', providerRef: intent.id, failureCode: intent.status === 'canceled' ? 'processing_error' : 'card_declined' };
}

function paymentIdOf(intent: Stripe.PaymentIntent): string | null {
  const id = intent.metadata?.paymentId;
  return typeof id === 'string' && isUuid(id) ? id : null;
}

function eventOf(event: Stripe.Event): ProviderEvent {
  if (event.type === 'payment_intent.succeeded') {
    return { id: event.id, type: event.type, outcome: { kind: 'payment_succeeded', paymentRef: event.data.object.id, failureCode: null, paymentId: paymentIdOf(event.data.object) } };
  }
  if (event.type === 'payment_intent.payment_failed') {
    const failure = event.data.object.last_payment_error;
    return {
      id: event.id,
      type: event.type,
      outcome: { kind: 'payment_failed', paymentRef: event.data.object.id, failureCode: failureCodeOf(failure?.decline_code ?? failure?.code), paymentId: paymentIdOf(event.data.object) },
    };
  }
  return { id: event.id, type: event.type, outcome: null };
}
