import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceParamsSchema } from '@tendly/domain/api/invoices';
import {
  cardParamsSchema,
  cardSetupSchema,
  invoicePaymentsSchema,
  payInvoiceRequestSchema,
  paymentConfigSchema,
  paymentDetailsSchema,
  paymentSettingsSchema,
  savedCardSchema,
  saveCardRequestSchema,
} from '@tendly/domain/api/payments';
import { apiErrorSchema } from '@tendly/domain/errors';
import { apiAccess } from '@tendly/domain/permissions';
import { requireAuth } from '../../platform/auth/authenticate';
import { AppError, badRequest } from '../../platform/errors';
import { refusals, signedIn } from '../../platform/http/route-schemas';
import { signedInRoute } from '../../platform/http/signed-in-route';
import { signedInRoutes } from '../../platform/http/signed-in-routes';
import { checkLimit } from '../../platform/rate-limit/rate-limiter';
import { WebhookSignatureError } from '../../platform/payments/provider';
import { paymentConfigOf } from '../../platform/payments/invoice-payments-view';
import { paymentEmailSite } from '../../platform/payments/payment-emails';
import { paymentDepsOf } from '../../platform/payments/payment-job-handlers';
import {
  invoicePaymentsForViewer,
  makeDefaultCard,
  paymentDetails,
  payInvoice,
  removeCard,
  saveCard,
  startCardSetup,
  takeProviderEvent,
  updatePaymentSettings,
} from './payments-service';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,100}$/;
const HOUR_MS = 3_600_000;
/** Saving cards and charging them, per person an hour: a stolen session cannot test card after card. */
export const CARD_SAVES_PER_HOUR = 20;
export const CARD_CHARGES_PER_HOUR = 30;

/** Cards, payment settings, paying an invoice and the payment provider's webhook (issue 15). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const provider = app.paymentProvider;
  const deps = { ...paymentDepsOf(app.config, provider), config: app.config };
  const site = paymentEmailSite(app.config);
  const tags = ['payments'];
  const limited = (name: string, limit: number) => async (request: Parameters<typeof requireAuth>[0]) => {
    const decision = await checkLimit(app.rateLimitStore, { key: `${name}:user:${requireAuth(request).user.id}`, limit, windowMs: HOUR_MS });
    if (decision.allowed) return;
    throw new AppError(429, `Too many tries. Try again in ${Math.ceil(decision.retryAfterSeconds / 60)} minutes.`, { code: 'RATE_LIMITED' });
  };
  const route = signedInRoutes(app, { tags });

  app.get(
    '/payments/config',
    signedInRoute(apiAccess.paymentMethods, { tags, summary: 'Which provider takes cards (Stripe, or test payments) and its public key', response: { 200: paymentConfigSchema } }),
    async () => paymentConfigOf(provider),
  );

  route.get(
    '/payment-methods',
    apiAccess.paymentMethods,
    {
      summary: 'The care seeker’s saved cards (brand, last four digits and expiry only) and whether invoices are paid automatically',
      response: { 200: paymentDetailsSchema },
    },
    (auth) => paymentDetails(db, provider, auth),
  );

  route.post(
    '/payment-methods/setup',
    apiAccess.paymentMethods,
    {
      summary: 'A Stripe SetupIntent for Stripe Elements to confirm the card in the browser',
      description: 'With test payments (no Stripe keys) there is no setup: 409.',
      response: { 200: cardSetupSchema, 409: apiErrorSchema },
    },
    (auth) => startCardSetup(db, provider, auth),
  );

  app.post(
    '/payment-methods',
    {
      config: { access: apiAccess.paymentMethods },
      preHandler: limited('card-save', CARD_SAVES_PER_HOUR),
      schema: {
        tags,
        summary: 'Save a card: a confirmed Stripe SetupIntent, or one of Stripe’s test card numbers with test payments',
        description: `Only the provider’s reference, the brand, the last four digits and the expiry are kept. The first card becomes the default. ${CARD_SAVES_PER_HOUR} an hour per person, then 429.`,
        security: signedIn,
        body: saveCardRequestSchema,
        response: { 201: savedCardSchema, 400: apiErrorSchema, 429: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await saveCard(db, site, provider, requireAuth(request), request.body, request.ip)),
  );

  route.delete(
    '/payment-methods/:id',
    apiAccess.paymentMethods,
    { summary: 'Remove a saved card', params: cardParamsSchema, response: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema } },
    async (auth, request, reply) => {
      await removeCard(db, site, provider, auth, request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );

  route.post(
    '/payment-methods/:id/default',
    apiAccess.paymentMethods,
    { summary: 'Make a saved card the one invoices are charged to', params: cardParamsSchema, response: { 200: savedCardSchema, 400: apiErrorSchema, 404: apiErrorSchema } },
    (auth, request) => makeDefaultCard(db, site, auth, request.params.id, request.ip),
  );

  route.put(
    '/payment-settings',
    apiAccess.paymentMethods,
    {
      summary: 'Pay invoices automatically when issued (the default), or by hand from Pending invoices',
      body: paymentSettingsSchema,
      response: { 200: paymentSettingsSchema, 400: apiErrorSchema },
    },
    (auth, request) => updatePaymentSettings(db, site, auth, request.body, request.ip),
  );

  route.get(
    '/invoices/:id/payments',
    apiAccess.invoicePayments,
    {
      summary: 'How an invoice is paid (card or transfer, the funder, or the NDIA) and the payments made, for its two parties',
      description: 'Anyone else gets 404. The worker sees the payments but not the card.',
      params: invoiceParamsSchema,
      response: { 200: invoicePaymentsSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    },
    (auth, request) => invoicePaymentsForViewer(db, deps, auth, request.params.id),
  );

  app.post(
    '/invoices/:id/pay',
    {
      config: { access: apiAccess.payInvoice },
      preHandler: limited('card-charge', CARD_CHARGES_PER_HOUR),
      schema: {
        tags,
        summary: 'Charge an unpaid invoice to a saved card now',
        description:
          'Send an `Idempotency-Key` header (8 to 100 letters, digits, `_:.-`): a repeat of the same request answers the first result; the same key with another ' +
          'card or invoice is a 422 IDEMPOTENCY_KEY_REUSED; a repeat while the first is still being processed is a 409 IDEMPOTENCY_KEY_IN_USE, to send again in a moment. Two requests at once charge once. ' +
          'A declined card is a 402 with code CARD_DECLINED, INSUFFICIENT_FUNDS or CARD_EXPIRED; a paid invoice is a 409 INVOICE_ALREADY_PAID.',
        security: signedIn,
        params: invoiceParamsSchema,
        body: payInvoiceRequestSchema,
        response: { 200: invoicePaymentsSchema, 400: apiErrorSchema, 402: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      if (header !== undefined && (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header))) {
        throw badRequest('The Idempotency-Key header must be 8 to 100 letters, digits or _ : . -');
      }
      const answer = await payInvoice(db, deps, { auth: requireAuth(request), invoiceId: request.params.id, paymentMethodId: request.body.paymentMethodId, idempotencyKey: header ?? null });
      return reply.code(answer.status).send(answer.body);
    },
  );

  // The webhook reads its body as bytes: the signature is over exactly what Stripe sent.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    webhook.post(
      '/payments/stripe/webhook',
      {
        config: { access: apiAccess.paymentWebhook },
        schema: {
          tags,
          summary: 'Stripe’s events about payments (payment_intent.succeeded, payment_intent.payment_failed)',
          description: 'Signed with the webhook secret (the Stripe-Signature header): anything unsigned or wrongly signed is a 400 and changes nothing. An event is taken once.',
          response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        if (!raw) throw badRequest('The webhook body must be JSON.');
        let event;
        try {
          event = provider.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError) throw badRequest(error.message);
          throw error;
        }
        const taken = await takeProviderEvent(db, deps, event);
        if (taken === 'paid-another-way') request.log.error({ eventId: event.id, type: event.type }, 'payment webhook: a card charge succeeded for an invoice already paid or credited; refund it by hand');
        else request.log.info({ eventId: event.id, type: event.type, taken }, 'payment webhook');
        return { received: true as const };
      },
    );
  });
};
