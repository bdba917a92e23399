import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_DECLINED_MESSAGE, CARD_ERROR_MESSAGE, cardSetupSchema, savedCardSchema } from '@tendly/domain/api/payments';
import { issueInvoiceForTimesheet } from '../../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet } from '../../platform/billing/test-billing';
import { invoices } from '../../platform/db/schema/billing';
import { ledgerJournals, paymentCustomers, payments, providerEvents } from '../../platform/db/schema/payments';
import { checkLedger } from '../../platform/ledger/check-ledger';
import { paymentDepsOf } from '../../platform/payments/payment-job-handlers';
import type { PaymentProvider } from '../../platform/payments/provider';
import { reconcilePendingPayments } from '../../platform/payments/reconcile-payments';
import { createStripePaymentProvider } from '../../platform/payments/stripe-provider';
import { startFakeStripe, type FakeStripe } from '../../test-support/fake-stripe';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { requester, sessionFor } from '../auth/test-factories';

/** The app with Stripe as its provider, pointed at a local fake Stripe; webhooks signed with the library's test header. */
const WEBHOOK_SECRET = 'whsec_app_test';
let fake: FakeStripe;
let provider: PaymentProvider;
let subject: TestApp;
let call: ReturnType<typeof requester>;
const db = () => subject.database.db;
const stripe = new Stripe('sk_test_fake');

beforeAll(async () => {
  fake = await startFakeStripe();
  provider = await createStripePaymentProvider({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: WEBHOOK_SECRET, host: fake.host, port: fake.port, protocol: 'http' });
  subject = await createTestApp({ database: { referenceData: true }, paymentProvider: provider });
  call = requester(subject.app);
});

afterAll(async () => {
  await subject?.close();
  await fake?.close();
});

/** What Stripe Elements does: the browser confirms the SetupIntent with the card, then the page saves it. */
async function saveStripeCard(token: string, testMethod: string) {
  const setup = await call('POST', '/api/payment-methods/setup', { token });
  expect(setup.statusCode, setup.body).toBe(200);
  const { clientSecret } = cardSetupSchema.parse(setup.json());
  const setupIntentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  fake.confirmSetup(setupIntentId, testMethod);
  const saved = await call('POST', '/api/payment-methods', { token, payload: { provider: 'stripe', setupIntentId } });
  expect(saved.statusCode, saved.body).toBe(201);
  return savedCardSchema.parse(saved.json());
}

let dayIndex = 0;
async function issue(contract: Awaited<ReturnType<typeof createActiveContract>>) {
  dayIndex++;
  const date = `2026-11-${String([2, 3, 4, 5, 6, 9, 10, 11, 12, 13][dayIndex % 10]).padStart(2, '0')}`;
  const timesheet = await createTimesheet(db(), contract, { start: `${date}T09:00`, end: `${date}T12:30` });
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings: { platformFeeBasisPoints: 900, paymentTermsDays: 7 } }));
  return invoiceId;
}

function webhook(event: object, options: { secret?: string; header?: string | null; tamper?: (body: string) => string } = {}) {
  const body = JSON.stringify(event);
  const header = options.header === null ? undefined : (options.header ?? stripe.webhooks.generateTestHeaderString({ payload: body, secret: options.secret ?? WEBHOOK_SECRET }));
  return subject.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload: options.tamper ? options.tamper(body) : body,
    headers: { 'content-type': 'application/json; charset=utf-8', ...(header ? { 'stripe-signature': header } : {}) },
  });
}

const succeededEvent = (id: string, paymentRef: string) => ({ id, object: 'event', type: 'payment_intent.succeeded', data: { object: { id: paymentRef, object: 'payment_intent', status: 'succeeded' } } });

describe('cards through Stripe', () => {
  it('saves a card from a confirmed SetupIntent and charges it when the invoice is issued; a decline is recorded with its message', async () => {
    const contract = await createActiveContract(db());
    const token = await sessionFor(db(), contract.careSeekerId);
    const config = await call('GET', '/api/payments/config', { token });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake' });
    const card = await saveStripeCard(token, 'pm_card_visa');
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
    // The fake gives Stripe's test method itself, so a second setup with it is "the same card again": answered, not doubled.
    const again = await saveStripeCard(token, 'pm_card_visa');
    expect(again.id).toBe(card.id);

    const before = fake.paymentIntentsCreated;
    const paid = await issue(contract);
    await subject.drainJobs();
    expect(fake.paymentIntentsCreated).toBe(before + 1);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, paid));
    expect(row!.status).toBe('PAID');

    const declined = await saveStripeCard(token, 'pm_card_chargeDeclined');
    await call('POST', `/api/payment-methods/${declined.id}/default`, { token });
    const unpaid = await issue(contract);
    await subject.drainJobs();
    const [failed] = await db().select().from(payments).where(eq(payments.invoiceId, unpaid));
    expect(failed).toMatchObject({ status: 'FAILED', failureCode: 'card_declined', failureMessage: CARD_DECLINED_MESSAGE });
    expect(failed!.providerRef).toMatch(/^pi_/);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('refuses an unsigned, wrongly signed or tampered event with a 400, and changes nothing', async () => {
    const before = await db().select().from(providerEvents);
    const event = succeededEvent('evt_refused', 'pi_nothing');
    for (const response of [
      await webhook(event, { header: null }),
      await webhook(event, { secret: 'whsec_someone_else' }),
      await webhook(event, { tamper: (body) => body.replace('pi_nothing', 'pi_other') }),
      await webhook(event, { header: 't=1,v1=deadbeef' }),
    ]) {
      expect(response.statusCode).toBe(400);
    }
    expect(await db().select().from(providerEvents)).toEqual(before);
  });

  it('confirms a payment whose result had not landed, once, however often the event is replayed', async () => {
    const contract = await createActiveContract(db());
    const invoiceId = await issue(contract);
    // A charge under way whose answer was lost (the process stopped): only the webhook tells the result.
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    await db().insert(payments).values({ invoiceId, careSeekerId: contract.careSeekerId, channel: 'CARD', status: 'PENDING', amountCents: row!.totalCents, provider: 'stripe', providerRef: 'pi_lost_answer', idempotencyKey: `invoice:${invoiceId}:auto` });

    const event = succeededEvent('evt_success_1', 'pi_lost_answer');
    for (let replay = 0; replay < 3; replay++) {
      const response = await webhook(event);
      expect(response.statusCode, response.body).toBe(200);
    }
    const [paid] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(paid!.status).toBe('PAID');
    const received = await db().select().from(ledgerJournals).where(sql`${ledgerJournals.invoiceId} = ${invoiceId} and ${ledgerJournals.kind} = 'PAYMENT_RECEIVED'`);
    expect(received).toHaveLength(1);
    // A later event of the same payment (Stripe sends more than one) changes nothing either.
    expect((await webhook({ ...event, id: 'evt_success_2' })).statusCode).toBe(200);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoiceId))).toMatchObject([{ status: 'SUCCEEDED' }]);
    expect((await checkLedger(db())).problems).toEqual([]);
  });

  it('finds a payment by the id in the charge’s metadata before its reference was recorded; a replayed failure emails once', async () => {
    const contract = await createActiveContract(db());
    const invoiceId = await issue(contract);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    const [pending] = await db()
      .insert(payments)
      .values({ invoiceId, careSeekerId: contract.careSeekerId, channel: 'CARD', status: 'PENDING', amountCents: row!.totalCents, provider: 'stripe', idempotencyKey: `invoice:${invoiceId}:pay:lost` })
      .returning();
    const failed = {
      id: 'evt_failed_1',
      object: 'event',
      type: 'payment_intent.payment_failed',
      data: { object: { id: 'pi_no_reference_yet', object: 'payment_intent', metadata: { invoiceId, paymentId: pending!.id }, last_payment_error: { code: 'card_declined', decline_code: 'generic_decline' } } },
    };
    const emails = async () => (await db().execute(sql`select 1 from mail_outbox o join users u on lower(u.email) = lower(o.to_address) where u.id = ${contract.careSeekerId}`)).rows.length;
    for (let replay = 0; replay < 2; replay++) expect((await webhook(failed)).statusCode).toBe(200);
    expect((await webhook({ ...failed, id: 'evt_failed_2' })).statusCode).toBe(200);
    expect(await db().select().from(payments).where(eq(payments.id, pending!.id))).toMatchObject([{ status: 'FAILED', providerRef: 'pi_no_reference_yet', failureMessage: CARD_DECLINED_MESSAGE }]);
    expect(await emails()).toBe(1);
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});

describe('card payments left PENDING by a stopped process, settled with Stripe (issue 27)', () => {
  it('reads each PaymentIntent: succeeded is paid, declined or canceled is FAILED, processing stays PENDING, one never made is FAILED', async () => {
    const contract = await createActiveContract(db());
    const token = await sessionFor(db(), contract.careSeekerId);
    await call('PUT', '/api/payment-settings', { token, payload: { payManually: true } });
    // The care seeker's customer at Stripe (made with the first card setup); the cards are Stripe's test methods.
    expect((await call('POST', '/api/payment-methods/setup', { token })).statusCode).toBe(200);
    const [customer] = await db().select().from(paymentCustomers).where(eq(paymentCustomers.userId, contract.careSeekerId));
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000);

    /** An invoice with the PENDING payment a process left when it stopped, after its charge reached Stripe or before. */
    async function leftPayment(card: 'pm_card_visa' | 'pm_card_chargeDeclined', reachedStripe: boolean) {
      const invoiceId = await issue(contract);
      const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
      const [payment] = await db()
        .insert(payments)
        .values({ invoiceId, careSeekerId: contract.careSeekerId, channel: 'CARD', status: 'PENDING', amountCents: invoice!.totalCents, provider: 'stripe', idempotencyKey: `invoice:${invoiceId}:pay:left`, createdAt: fiveMinutesAgo, updatedAt: fiveMinutesAgo })
        .returning();
      const charged = reachedStripe
        ? await provider.charge({ customerRef: customer!.providerCustomerId, cardRef: card, amountCents: invoice!.totalCents, idempotencyKey: payment!.idempotencyKey, metadata: { invoiceId, paymentId: payment!.id } })
        : null;
      return { invoiceId, paymentId: payment!.id, intentId: charged?.providerRef ?? null };
    }
    const paid = await leftPayment('pm_card_visa', true);
    const declined = await leftPayment('pm_card_chargeDeclined', true);
    const processing = await leftPayment('pm_card_visa', true);
    fake.setPaymentIntentStatus(processing.intentId!, 'processing');
    const canceled = await leftPayment('pm_card_visa', true);
    fake.setPaymentIntentStatus(canceled.intentId!, 'canceled');
    const neverMade = await leftPayment('pm_card_visa', false);
    const created = fake.paymentIntentsCreated;

    const deps = paymentDepsOf(subject.config, provider);
    expect(await reconcilePendingPayments(db(), deps)).toMatchObject({ succeeded: 1, failed: 3, pending: 1, errors: [] });
    const statusOf = async (paymentId: string) => (await db().select().from(payments).where(eq(payments.id, paymentId)))[0]!;
    expect(await statusOf(paid.paymentId)).toMatchObject({ status: 'SUCCEEDED', providerRef: paid.intentId });
    expect(await statusOf(declined.paymentId)).toMatchObject({ status: 'FAILED', providerRef: declined.intentId, failureCode: 'card_declined', failureMessage: CARD_DECLINED_MESSAGE });
    // Processing: the reference is recorded, and the webhook (or a later check) tells the end.
    expect(await statusOf(processing.paymentId)).toMatchObject({ status: 'PENDING', providerRef: processing.intentId });
    expect(await statusOf(canceled.paymentId)).toMatchObject({ status: 'FAILED', providerRef: canceled.intentId, failureCode: 'processing_error' });
    expect(await statusOf(neverMade.paymentId)).toMatchObject({ status: 'FAILED', providerRef: null, failureCode: 'processing_error', failureMessage: CARD_ERROR_MESSAGE });
    const invoiceStatus = async (invoiceId: string) => (await db().select().from(invoices).where(eq(invoices.id, invoiceId)))[0]!.status;
    expect(await Promise.all([paid, declined, processing, canceled, neverMade].map((left) => invoiceStatus(left.invoiceId)))).toEqual(['PAID', 'ISSUED', 'ISSUED', 'ISSUED', 'ISSUED']);

    // The processing one succeeds at Stripe: the next check reads it by its reference.
    fake.setPaymentIntentStatus(processing.intentId!, 'succeeded');
    expect(await reconcilePendingPayments(db(), deps)).toMatchObject({ succeeded: 1, failed: 0, pending: 0 });
    expect(await statusOf(processing.paymentId)).toMatchObject({ status: 'SUCCEEDED' });
    // Looking charges nothing; each paid invoice has one PAYMENT_RECEIVED.
    expect(fake.paymentIntentsCreated).toBe(created);
    for (const invoiceId of [paid.invoiceId, processing.invoiceId]) {
      expect(await db().select().from(ledgerJournals).where(sql`${ledgerJournals.invoiceId} = ${invoiceId} and ${ledgerJournals.kind} = 'PAYMENT_RECEIVED'`)).toHaveLength(1);
    }
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});
