import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  CARD_DECLINED_MESSAGE,
  CARD_ERROR_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  IDEMPOTENCY_KEY_IN_USE_CODE,
  IDEMPOTENCY_KEY_IN_USE_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_CODE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  INSUFFICIENT_FUNDS_MESSAGE,
  INVOICE_ALREADY_PAID,
  invoicePaymentsSchema,
  MONEY_DATE_FORMAT_MESSAGE,
  MONEY_DATE_RANGE_MESSAGE,
  paymentDetailsSchema,
  PAYMENT_AMOUNT_MISMATCH,
  PAYMENT_REFERENCE_OTHER_INVOICE,
  receivableListSchema,
  savedCardSchema,
  TEST_CARDS_ONLY_MESSAGE,
  type InvoicePayments,
} from '@tendly/domain/api/payments';
import { personDetailSchema } from '@tendly/domain/api/admin';
import { PAYMENT_REFERENCE_CHECK_FAILED } from '@tendly/domain/payment-reference';
import { issueInvoiceForTimesheet, type BillingSettings } from '../../platform/billing/issue-invoice';
import { createActiveContract, createTimesheet, type ContractOptions, type TimesheetOptions } from '../../platform/billing/test-billing';
import { invoices } from '../../platform/db/schema/billing';
import { invoiceFunderNotices, invoicePayerNotices } from '../../platform/db/schema/payment-notices';
import { idempotentRequests, ledgerJournals, paymentMethods, payments, payoutItems, payoutRuns, payouts, refunds } from '../../platform/db/schema/payments';
import { auditEvents, backgroundJobs, mailOutbox } from '../../platform/db/schema/platform';
import { checkLedger } from '../../platform/ledger/check-ledger';
import { paymentDepsOf } from '../../platform/payments/payment-job-handlers';
import { CARD_RETRY_JOB } from '../../platform/payments/payment-jobs';
import { RECONCILE_PAYMENTS_JOB, reconcilePendingPayments, scheduleCurrentPaymentReconciliation } from '../../platform/payments/reconcile-payments';
import type { PaymentProvider } from '../../platform/payments/provider';
import { createTestPaymentProvider, type TestChargeRecords } from '../../platform/payments/test-provider';
import { databaseTestChargeRecords } from '../../platform/payments/test-provider-records';
import { useTestApp } from '../../test-support/test-app';
import { plusDays, SYDNEY, todayInZone } from '../../test-support/test-dates';
import { createCoordinator, createUser, createWorker, outboxOf, sessionFor } from '../auth/test-factories';
import { coordinatorActingForClient } from '../jobs/test-jobs';
import { insertShift } from '../timesheets/test-timesheets';
import { PAID_OUT_NOT_CREDITABLE } from '../../platform/payments/refunds';
import { CARD_SAVES_PER_HOUR } from './payments-routes';

const settings: BillingSettings = { platformFeeBasisPoints: 900, paymentTermsDays: 7 };

/**
 * The test provider with its records in the database, as the product runs it, counting the
 * charges it is really asked to make (a repeated key is not one) and every call. `nextCharge`
 * makes the next call stand for a process that stops: before the provider is asked, or after it
 * charged (its answer never recorded); or makes it wait for a gate.
 */
const records: TestChargeRecords = {
  keep: (charge) => databaseTestChargeRecords(db()).keep(charge),
  find: (lookup) => databaseTestChargeRecords(db()).find(lookup),
};
const inner = createTestPaymentProvider({ records });
const chargeKeys = new Set<string>();
let chargeCalls = 0;
let nextCharge: { stops?: 'before-charging' | 'after-charging'; gate?: Promise<void> } = {};
const provider: PaymentProvider = {
  ...inner,
  async charge(input) {
    chargeCalls++;
    const plan = nextCharge;
    nextCharge = {};
    await plan.gate;
    if (plan.stops === 'before-charging') throw new Error('the process stopped before the provider was asked');
    chargeKeys.add(input.idempotencyKey);
    const result = await inner.charge(input);
    if (plan.stops === 'after-charging') throw new Error('the process stopped before the provider’s answer was recorded');
    return result;
  },
};

const { subject, call, db } = useTestApp({ database: { referenceData: true }, paymentProvider: provider });

const nextYear = new Date().getUTCFullYear() + 1;

async function parties(options: ContractOptions = {}) {
  const contract = await createActiveContract(db(), options);
  return { contract, workerToken: await sessionFor(db(), contract.workerId), careSeekerToken: await sessionFor(db(), contract.careSeekerId) };
}

type ContractRow = Awaited<ReturnType<typeof createActiveContract>>;

/** Weekdays of October 2026 that are not a NSW public holiday (Labour Day is the 5th). */
const weekdays = Array.from({ length: 31 }, (_, index) => `2026-10-${String(index + 1).padStart(2, '0')}`).filter(
  (date) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay()) && date !== '2026-10-05',
);
let day = 0;
/** Issues an invoice for a new 3.5-hour weekday shift, as approving it does (which queues its payment job). */
async function issue(contract: ContractRow): Promise<string> {
  day++;
  const date = weekdays[day % weekdays.length]!;
  const timesheet = await createTimesheet(db(), contract, { start: `${date}T09:00`, end: `${date}T12:30` });
  const { invoiceId } = await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings }));
  return invoiceId;
}

async function saveCard(token: string, cardNumber: string) {
  const response = await call('POST', '/api/payment-methods', { token, payload: { provider: 'test', cardNumber, expMonth: 12, expYear: nextYear, cvc: '123' } });
  expect(response.statusCode, response.body).toBe(201);
  return savedCardSchema.parse(response.json());
}

async function paymentsOf(token: string, invoiceId: string): Promise<InvoicePayments> {
  const response = await call('GET', `/api/invoices/${invoiceId}/payments`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return invoicePaymentsSchema.parse(response.json());
}

async function invoiceRow(id: string) {
  const [row] = await db().select().from(invoices).where(eq(invoices.id, id));
  return row!;
}

async function expectLedgerClean() {
  expect((await checkLedger(db())).problems).toEqual([]);
}

async function journalsOf(invoiceId: string) {
  return (await db().select({ kind: ledgerJournals.kind }).from(ledgerJournals).where(eq(ledgerJournals.invoiceId, invoiceId))).map((row) => row.kind).sort();
}

async function emailsTo(userId: string) {
  const rows = await db().execute<{ subject: string }>(sql`select o.subject from mail_outbox o join users u on lower(u.email) = lower(o.to_address) where u.id = ${userId} order by o.created_at`);
  return rows.rows.map((row) => row.subject);
}

/** Makes the queued retries of an invoice due now. */
async function retriesDueNow(invoiceId: string) {
  await db()
    .update(backgroundJobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(and(eq(backgroundJobs.type, CARD_RETRY_JOB), eq(backgroundJobs.status, 'PENDING'), sql`${backgroundJobs.payload}->>'invoiceId' = ${invoiceId}`));
}

describe('saving cards', () => {
  it('keeps only the reference, brand, last four digits and expiry; the first card is the default', async () => {
    const { careSeekerToken, contract } = await parties();
    const visa = await saveCard(careSeekerToken, '4242 4242 4242 4242');
    expect(visa).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: nextYear, isDefault: true, expired: false });
    const mastercard = await saveCard(careSeekerToken, '5555555555554444');
    expect(mastercard.isDefault).toBe(false);

    const rows = await db().select().from(paymentMethods).where(eq(paymentMethods.userId, contract.careSeekerId));
    expect(JSON.stringify(rows)).not.toMatch(/4242424242424242|5555555555554444/);
    expect(rows.every((row) => /^pm_test_/.test(row.providerRef))).toBe(true);

    const made = await call('POST', `/api/payment-methods/${mastercard.id}/default`, { token: careSeekerToken });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ id: mastercard.id, isDefault: true });
    expect((await call('DELETE', `/api/payment-methods/${mastercard.id}`, { token: careSeekerToken })).statusCode).toBe(204);
    const details = paymentDetailsSchema.parse((await call('GET', '/api/payment-methods', { token: careSeekerToken })).json());
    expect(details.cards.map((card) => [card.last4, card.isDefault])).toEqual([['4242', true]]);
    expect(details).toMatchObject({ payManually: false, config: { provider: 'test', publishableKey: null } });
  });

  it('takes only Stripe’s test numbers and a current expiry; there is no card setup with test payments', async () => {
    const { careSeekerToken } = await parties();
    const save = (payload: Record<string, unknown>) => call('POST', '/api/payment-methods', { token: careSeekerToken, payload: { provider: 'test', cardNumber: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123', ...payload } });
    const other = await save({ cardNumber: '4111 1111 1111 1111' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ errors: { cardNumber: TEST_CARDS_ONLY_MESSAGE } });
    const expired = await save({ expMonth: 1, expYear: 2020 });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(CARD_EXPIRED_MESSAGE);
    expect((await save({ cvc: '1' })).statusCode).toBe(400);
    expect((await call('POST', '/api/payment-methods/setup', { token: careSeekerToken })).statusCode).toBe(409);
  });

  it('is the care seeker’s or their acting coordinator’s; strangers get 404, other roles 403, visitors 401', async () => {
    const { careSeekerToken } = await parties();
    const card = await saveCard(careSeekerToken, '4242424242424242');
    const stranger = await sessionFor(db(), (await createUser(db())).id);
    expect((await call('DELETE', `/api/payment-methods/${card.id}`, { token: stranger })).statusCode).toBe(404);
    expect((await call('POST', `/api/payment-methods/${card.id}/default`, { token: stranger })).statusCode).toBe(404);
    const worker = await sessionFor(db(), (await createWorker(db())).id);
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const coordinator = await sessionFor(db(), (await createCoordinator(db())).id);
    for (const [method, url] of [
      ['GET', '/api/payment-methods'],
      ['GET', '/api/payments/config'],
      ['GET', '/api/funding-details'],
      ['DELETE', `/api/payment-methods/${card.id}`],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
      for (const token of [worker, admin, coordinator]) expect((await call(method, url, { token })).statusCode).toBe(403);
    }
    const { aliasToken: alias, coordinator: actor, client } = await coordinatorActingForClient(db(), call);
    const acting = await call('POST', '/api/payment-methods', { token: alias, payload: { provider: 'test', cardNumber: '4242424242424242', expMonth: 12, expYear: nextYear, cvc: '123' } });
    expect(acting.statusCode, acting.body).toBe(201);
    // The coordinator is recorded as who did it, for the client.
    expect(await db().select().from(auditEvents).where(eq(auditEvents.targetId, acting.json().id))).toMatchObject([{ action: 'card.saved', actorUserId: actor.id, subjectUserId: client.id }]);
  });

  it('lets a coordinator acting for the client change the cards and how invoices are paid, but emails the client each change and keeps it in their history (issue 29)', async () => {
    const { aliasToken, coordinator, client } = await coordinatorActingForClient(db(), call);
    const ownToken = await sessionFor(db(), client.id);
    // The client's own change is in their history but emails nobody.
    expect((await call('PUT', '/api/payment-settings', { token: ownToken, payload: { payManually: true } })).statusCode).toBe(200);
    expect(await outboxOf(subject.app, client.email)).toEqual([]);

    // The probe's requests, sent with the alias token.
    expect((await call('PUT', '/api/payment-settings', { token: aliasToken, payload: { payManually: false } })).statusCode).toBe(200);
    const visa = await saveCard(aliasToken, '4242424242424242');
    const mastercard = await saveCard(aliasToken, '5555555555554444');
    expect((await call('POST', `/api/payment-methods/${mastercard.id}/default`, { token: aliasToken })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/payment-methods/${visa.id}`, { token: aliasToken })).statusCode).toBe(204);
    // Sent again, nothing changes and nothing more is emailed.
    expect((await call('PUT', '/api/payment-settings', { token: aliasToken, payload: { payManually: false } })).statusCode).toBe(200);
    expect((await call('POST', `/api/payment-methods/${mastercard.id}/default`, { token: aliasToken })).statusCode).toBe(200);

    const mail = await outboxOf(subject.app, client.email);
    expect(mail).toHaveLength(5);
    for (const message of mail) {
      expect(message.subject).toBe(`${coordinator.firstName} ${coordinator.lastName} changed how your invoices are paid on your Tendly account`);
      expect(message.text).toContain('/payment-details');
    }
    const texts = mail.map((message) => message.text).join('\n');
    expect(texts).toContain('now charged to your saved card automatically');
    expect(texts).toContain('They saved a card, Visa ending 4242, which is now the card your invoices are charged to.');
    expect(texts).toContain('Your invoices are now charged to your Mastercard ending 4444.');
    expect(texts).toContain('They removed your Visa ending 4242.');
    expect(texts).not.toMatch(/4242 ?4242 ?4242/);
    expect(await outboxOf(subject.app, coordinator.email)).toEqual([]);

    // The client's account history, as administrators see it on their account page.
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    const person = personDetailSchema.parse((await call('GET', `/api/admin/people/${client.id}`, { token: admin })).json());
    const changes = person.history.filter((event) => ['payment_settings.changed', 'card.saved', 'card.made_default', 'card.removed'].includes(event.action));
    expect(changes.map((event) => [event.action, event.actor?.id]).reverse()).toEqual([
      ['payment_settings.changed', client.id],
      ['payment_settings.changed', coordinator.id],
      ['card.saved', coordinator.id],
      ['card.saved', coordinator.id],
      ['card.made_default', coordinator.id],
      ['card.removed', coordinator.id],
    ]);
    expect(changes.filter((event) => event.actor?.id === coordinator.id).every((event) => event.detail.actingForClient === true)).toBe(true);
  });
});

describe('limits and funding details', () => {
  it('saves at most CARD_SAVES_PER_HOUR cards an hour per person', async () => {
    const { careSeekerToken } = await parties();
    const save = () => call('POST', '/api/payment-methods', { token: careSeekerToken, payload: { provider: 'test', cardNumber: '4111111111111111', expMonth: 12, expYear: nextYear, cvc: '123' } });
    for (let attempt = 0; attempt < CARD_SAVES_PER_HOUR; attempt++) expect((await save()).statusCode).toBe(400);
    const limited = await save();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('keeps a care seeker’s funding details, which a coordinator acting for them reads and writes as theirs', async () => {
    const { aliasToken, client } = await coordinatorActingForClient(db(), call);
    const empty = await call('GET', '/api/funding-details', { token: aliasToken });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ ndisNumber: null, planManagerName: null, planManagerEmail: null, agedCareProviderName: null, agedCareProviderEmail: null, fundingTypes: [] });
    await createActiveContract(db(), { careSeekerId: client.id, fundingType: 'HOME_CARE_PACKAGE' });
    const saved = await call('PUT', '/api/funding-details', { token: aliasToken, payload: { agedCareProviderName: 'Good Care', agedCareProviderEmail: 'billing@goodcare.example' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ agedCareProviderName: 'Good Care', planManagerEmail: null, fundingTypes: ['HOME_CARE_PACKAGE'] });
    const own = await sessionFor(db(), client.id);
    expect((await call('GET', '/api/funding-details', { token: own })).json()).toMatchObject({ agedCareProviderEmail: 'billing@goodcare.example' });
    expect((await call('PUT', '/api/funding-details', { token: own, payload: { ndisNumber: '12345' } })).statusCode).toBe(400);
    expect((await call('PUT', '/api/funding-details', { token: own, payload: { agedCareProviderEmail: 'not an email' } })).statusCode).toBe(400);
  });
});

describe('paying by card', () => {
  it('charges the default card when the invoice is issued: PAID, PAYMENT_RECEIVED, the ledger balances', async () => {
    const { contract, careSeekerToken, workerToken } = await parties();
    await saveCard(careSeekerToken, '4242424242424242');
    const invoiceId = await issue(contract);
    await subject.drainJobs();
    const row = await invoiceRow(invoiceId);
    expect(row.status).toBe('PAID');
    expect(row.paidAt).not.toBeNull();
    const view = await paymentsOf(careSeekerToken, invoiceId);
    expect(view).toMatchObject({
      howToPay: 'CARD_OR_TRANSFER',
      nextRetryAt: null,
      // The platform's account (the demo settings) and the invoice's reference, unique across the platform.
      bankTransfer: { accountName: 'Tendly Pty Ltd', bsb: '062-000', accountNumber: '10203040', reference: row.paymentReference },
    });
    expect(view.bankTransfer.reference).toMatch(/^\d{7,}$/);
    expect(view.payments).toMatchObject([{ channel: 'CARD', status: 'SUCCEEDED', amountCents: row.totalCents, attempt: 1, cardLast4: '4242' }]);
    // The worker sees that it was paid, not with which card.
    expect((await paymentsOf(workerToken, invoiceId)).payments).toMatchObject([{ status: 'SUCCEEDED', cardLast4: null, cardBrand: null }]);
    expect(await journalsOf(invoiceId)).toEqual(['INVOICE_ISSUED', 'PAYMENT_RECEIVED']);
    await expectLedgerClean();
  });

  it('records a decline with its message, emails the care seeker, retries after 1 and 3 days, and stops at a success', async () => {
    const { contract, careSeekerToken } = await parties();
    await saveCard(careSeekerToken, '4000000000000002');
    const invoiceId = await issue(contract);
    await subject.drainJobs();
    let view = await paymentsOf(careSeekerToken, invoiceId);
    expect(view.payments).toMatchObject([{ status: 'FAILED', failureMessage: CARD_DECLINED_MESSAGE, attempt: 1 }]);
    const firstRetry = new Date(view.nextRetryAt!).getTime();
    expect(Math.abs(firstRetry - (Date.now() + 86_400_000))).toBeLessThan(120_000);
    expect((await emailsTo(contract.careSeekerId)).filter((subjectLine) => /did not go through/.test(subjectLine))).toHaveLength(1);
    expect((await invoiceRow(invoiceId)).status).toBe('ISSUED');
    await expectLedgerClean();

    // The first retry fails too: emailed again, the next is 3 days after the first failure.
    await retriesDueNow(invoiceId);
    await subject.drainJobs();
    view = await paymentsOf(careSeekerToken, invoiceId);
    expect(view.payments.map((payment) => payment.status)).toEqual(['FAILED', 'FAILED']);
    expect(Math.abs(new Date(view.nextRetryAt!).getTime() - (firstRetry + 2 * 86_400_000))).toBeLessThan(120_000);
    expect((await emailsTo(contract.careSeekerId)).filter((subjectLine) => /did not go through/.test(subjectLine))).toHaveLength(2);

    // A good card before the last retry: it succeeds, and nothing more is planned.
    const good = await saveCard(careSeekerToken, '4242424242424242');
    await call('POST', `/api/payment-methods/${good.id}/default`, { token: careSeekerToken });
    await retriesDueNow(invoiceId);
    await subject.drainJobs();
    view = await paymentsOf(careSeekerToken, invoiceId);
    expect(view.payments.map((payment) => [payment.status, payment.attempt])).toEqual([['FAILED', 1], ['FAILED', 2], ['SUCCEEDED', 3]]);
    expect(view.nextRetryAt).toBeNull();
    expect((await invoiceRow(invoiceId)).status).toBe('PAID');
    expect(await db().select().from(backgroundJobs).where(and(eq(backgroundJobs.type, CARD_RETRY_JOB), eq(backgroundJobs.status, 'PENDING'), sql`${backgroundJobs.payload}->>'invoiceId' = ${invoiceId}`))).toEqual([]);
    await expectLedgerClean();
  });

  it('declines a default card past its expiry without asking the provider, and tells the care seeker', async () => {
    const { contract, careSeekerToken } = await parties();
    const card = await saveCard(careSeekerToken, '4242424242424242');
    await db().update(paymentMethods).set({ expMonth: 1, expYear: 2021 }).where(eq(paymentMethods.id, card.id));
    const before = chargeKeys.size;
    const invoiceId = await issue(contract);
    await subject.drainJobs();
    const view = await paymentsOf(careSeekerToken, invoiceId);
    expect(view.payments).toMatchObject([{ status: 'FAILED', failureMessage: CARD_EXPIRED_MESSAGE }]);
    expect(view.nextRetryAt).not.toBeNull();
    expect(chargeKeys.size).toBe(before);
    expect((await emailsTo(contract.careSeekerId)).filter((subjectLine) => /did not go through/.test(subjectLine))).toHaveLength(1);
    await expectLedgerClean();
  });

  it('never charges automatically more than the booked shift’s estimate plus 10% unless the payer approved the hours; the payer is asked to pay it (issue 29)', async () => {
    const { contract, careSeekerToken } = await parties();
    const card = await saveCard(careSeekerToken, '4242424242424242');
    const people = { contractId: contract.id, state: 'NSW' as const, careSeeker: { id: contract.careSeekerId, email: '', firstName: '' }, worker: { id: contract.workerId, email: '', firstName: '' } };
    // A one-hour visit booked on three weekdays: the estimate is an hour at $65.00.
    const booked = async (date: string) => insertShift(db(), people, { start: `${date}T09:00`, end: `${date}T10:00` });
    const invoiceOf = async (date: string, end: string, options: Partial<TimesheetOptions>) => {
      const timesheet = await createTimesheet(db(), contract, { start: `${date}T09:00`, end: `${date}T${end}`, shiftId: await booked(date), ...options });
      return (await db().transaction((tx) => issueInvoiceForTimesheet(tx, { timesheetId: timesheet.id, now: new Date(), settings }))).invoiceId;
    };
    const before = chargeKeys.size;
    // Approved by the clock at 3.5 hours, with 2,000 km of travel: far above the estimate.
    const overByClock = await invoiceOf('2026-10-06', '12:30', { decidedBy: 'AUTO', travelTenthKm: 20_000, travelNote: 'Around the state' });
    // Approved by the clock at 1 h 5 min: within 10% of the estimate.
    const withinByClock = await invoiceOf('2026-10-07', '10:05', { decidedBy: 'AUTO' });
    // The care seeker approved 3.5 hours themselves, seeing the price: their approval.
    const overApproved = await invoiceOf('2026-10-08', '12:30', { decidedBy: 'CARE_SEEKER' });
    await subject.drainJobs();

    expect((await invoiceRow(withinByClock)).status).toBe('PAID');
    expect((await invoiceRow(overApproved)).status).toBe('PAID');
    const held = await invoiceRow(overByClock);
    expect(held.status).toBe('ISSUED');
    expect(chargeKeys.size).toBe(before + 2);
    const view = await paymentsOf(careSeekerToken, overByClock);
    expect(view).toMatchObject({ payments: [], autoPayCard: null, nextRetryAt: null });
    const [asked] = (await db().select().from(mailOutbox).where(sql`${mailOutbox.subject} like ${`Invoice % needs your approval before it is paid`}`)).filter((message) => message.textBody.includes(held.paymentReference!));
    expect(asked?.textBody).toContain('We have not charged your saved card automatically, because it is more than the booked shift’s estimate of $65.00 plus 10%.');
    expect(await db().select().from(invoicePayerNotices).where(eq(invoicePayerNotices.invoiceId, overByClock))).toHaveLength(1);

    // The payer approves it by paying it from the invoice.
    const paid = await call('POST', `/api/invoices/${overByClock}/pay`, { token: careSeekerToken, payload: { paymentMethodId: card.id } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await invoiceRow(overByClock)).status).toBe('PAID');
    await expectLedgerClean();
  });

  it('pays by hand from Pending invoices: a declined card is a 402 with its message; a repeated Idempotency-Key answers the first result', async () => {
    const { contract, careSeekerToken } = await parties();
    expect((await call('PUT', '/api/payment-settings', { token: careSeekerToken, payload: { payManually: true } })).json()).toEqual({ payManually: true });
    const poor = await saveCard(careSeekerToken, '4000000000009995');
    const good = await saveCard(careSeekerToken, '4242424242424242');
    const invoiceId = await issue(contract);
    await subject.drainJobs();
    expect((await paymentsOf(careSeekerToken, invoiceId)).payments).toEqual([]);

    const declined = await call('POST', `/api/invoices/${invoiceId}/pay`, { token: careSeekerToken, payload: { paymentMethodId: poor.id } });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', message: INSUFFICIENT_FUNDS_MESSAGE });

    const before = chargeKeys.size;
    const pay = () => call('POST', `/api/invoices/${invoiceId}/pay`, { token: careSeekerToken, payload: { paymentMethodId: good.id }, headers: { 'idempotency-key': 'click-0123456789' } });
    const first = await pay();
    expect(first.statusCode, first.body).toBe(200);
    const again = await pay();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(chargeKeys.size).toBe(before + 1);
    const another = await call('POST', `/api/invoices/${invoiceId}/pay`, { token: careSeekerToken, payload: { paymentMethodId: good.id } });
    expect(another.statusCode).toBe(409);
    expect(another.json()).toMatchObject({ code: 'INVOICE_ALREADY_PAID', message: INVOICE_ALREADY_PAID });
    expect(chargeKeys.size).toBe(before + 1);
    await expectLedgerClean();
  });

  it('charges once for a double click: two requests at the same moment', { tags: ['drivers'] }, async () => {
    const { contract, careSeekerToken } = await parties();
    await call('PUT', '/api/payment-settings', { token: careSeekerToken, payload: { payManually: true } });
    const card = await saveCard(careSeekerToken, '4242424242424242');
    const invoiceId = await issue(contract);
    await subject.drainJobs();
    const before = chargeKeys.size;
    const click = () => call('POST', `/api/invoices/${invoiceId}/pay`, { token: careSeekerToken, payload: { paymentMethodId: card.id } });
    const answers = await Promise.all([click(), click(), click()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(chargeKeys.size).toBe(before + 1);
    expect(await db().select().from(payments).where(eq(payments.invoiceId, invoiceId))).toHaveLength(1);
    await expectLedgerClean();
  });

  it('settles a charge left under way by a process that stopped with the provider before charging the chosen card', async () => {
    const { contract, careSeekerToken } = await parties();
    await call('PUT', '/api/payment-settings', { token: careSeekerToken, payload: { payManually: true } });
    const card = await saveCard(careSeekerToken, '4242424242424242');
    const invoiceId = await issue(contract);
    const row = await invoiceRow(invoiceId);
    const leftAt = new Date(Date.now() - 5 * 60_000);
    await db().insert(payments).values({ invoiceId, careSeekerId: contract.careSeekerId, channel: 'CARD', status: 'PENDING', amountCents: row.totalCents, paymentMethodId: card.id, provider: 'test', idempotencyKey: `invoice:${invoiceId}:pay:left`, createdAt: leftAt, updatedAt: leftAt });
    // The provider has no record of it: it was never charged, so it is FAILED and the click charges the card it chose.
    const paid = await call('POST', `/api/invoices/${invoiceId}/pay`, { token: careSeekerToken, payload: { paymentMethodId: card.id } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(chargeKeys.has(`invoice:${invoiceId}:pay:left`)).toBe(false);
    const rows = await db().select({ status: payments.status, key: payments.idempotencyKey }).from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(payments.createdAt);
    expect(rows.map((payment) => payment.status)).toEqual(['FAILED', 'SUCCEEDED']);
    expect(await journalsOf(invoiceId)).toEqual(['INVOICE_ISSUED', 'PAYMENT_RECEIVED']);
    await expectLedgerClean();
  });

  it('shows and takes payments only for the invoice’s parties', async () => {
    const { contract, careSeekerToken, workerToken } = await parties();
    const card = await saveCard(careSeekerToken, '4242424242424242');
    await call('PUT', '/api/payment-settings', { token: careSeekerToken, payload: { payManually: true } });
    const invoiceId = await issue(contract);
    const stranger = await sessionFor(db(), (await createUser(db())).id);
    const otherWorker = await sessionFor(db(), (await createWorker(db())).id);
    const admin = await sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
    expect((await call('GET', `/api/invoices/${invoiceId}/payments`, { token: stranger })).statusCode).toBe(404);
    expect((await call('GET', `/api/invoices/${invoiceId}/payments`, { token: otherWorker })).statusCode).toBe(404);
    expect((await call('GET', `/api/invoices/${invoiceId}/payments`, { token: admin })).statusCode).toBe(403);
    expect((await call('GET', `/api/invoices/${invoiceId}/payments`)).statusCode).toBe(401);
    // A stranger cannot pay with their own card either, nor with the care seeker's.
    const strangerCard = await saveCard(stranger, '4242424242424242');
    expect((await call('POST', `/api/invoices/${invoiceId}/pay`, { token: stranger, payload: { paymentMethodId: strangerCard.id } })).statusCode).toBe(404);
    expect((await call('POST', `/api/invoices/${invoiceId}/pay`, { token: workerToken, payload: { paymentMethodId: card.id } })).statusCode).toBe(403);
    expect((await call('POST', `/api/invoices/${invoiceId}/pay`, { token: careSeekerToken, payload: { paymentMethodId: strangerCard.id } })).statusCode).toBe(400);
    expect((await invoiceRow(invoiceId)).status).toBe('ISSUED');
  });
});

describe('a card payment cut off by a crash (issue 27)', () => {
  const deps = () => paymentDepsOf(subject.config, provider);
  /** The grace period passes: the payments of the invoice were written long enough ago. */
  async function leftMinutesAgo(invoiceId: string, minutes = 5) {
    await db()
      .update(payments)
      .set({ createdAt: sql`${payments.createdAt} - make_interval(mins => ${minutes})` })
      .where(eq(payments.invoiceId, invoiceId));
  }
  async function paymentRows(invoiceId: string) {
    return db().select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(payments.createdAt);
  }
  async function payingByHand() {
    const { contract, careSeekerToken } = await parties();
    await call('PUT', '/api/payment-settings', { token: careSeekerToken, payload: { payManually: true } });
    const card = await saveCard(careSeekerToken, '4242424242424242');
    const invoiceId = await issue(contract);
    await subject.drainJobs();
    const pay = (key?: string, paymentMethodId = card.id, invoice = invoiceId) =>
      call('POST', `/api/invoices/${invoice}/pay`, { token: careSeekerToken, payload: { paymentMethodId }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
    return { contract, careSeekerToken, card, invoiceId, pay };
  }

  it('the reconciling job settles a payment the provider charged as SUCCEEDED: the invoice is paid once and the ledger balances', async () => {
    const { invoiceId, pay } = await payingByHand();
    nextCharge = { stops: 'after-charging' };
    expect((await pay()).statusCode).toBe(502);
    expect(await paymentRows(invoiceId)).toMatchObject([{ status: 'PENDING', providerRef: null }]);
    // Within the grace period it is under way: no second charge.
    expect((await pay()).json()).toMatchObject({ code: 'PAYMENT_IN_PROGRESS' });

    // After it, the job (queued at start-up, every 5 minutes) asks the provider, which has it.
    await leftMinutesAgo(invoiceId);
    const calls = chargeCalls;
    expect(await scheduleCurrentPaymentReconciliation(db())).toBe(true);
    await subject.drainJobs();
    expect(chargeCalls).toBe(calls);
    const [settled] = await paymentRows(invoiceId);
    expect(settled).toMatchObject({ status: 'SUCCEEDED', providerRef: expect.stringMatching(/^pi_test_/) });
    expect((await invoiceRow(invoiceId)).status).toBe('PAID');
    expect(await journalsOf(invoiceId)).toEqual(['INVOICE_ISSUED', 'PAYMENT_RECEIVED']);
    await expectLedgerClean();
    const next = await db().select({ runAt: backgroundJobs.runAt }).from(backgroundJobs).where(and(eq(backgroundJobs.type, RECONCILE_PAYMENTS_JOB), eq(backgroundJobs.status, 'PENDING')));
    expect(next.some((job) => job.runAt.getTime() > Date.now())).toBe(true);

    // Paid exactly once: another click charges nothing, and running again changes nothing.
    expect((await pay()).json()).toMatchObject({ code: 'INVOICE_ALREADY_PAID' });
    expect(await reconcilePendingPayments(db(), deps())).toMatchObject({ succeeded: 0, failed: 0 });
    expect(await journalsOf(invoiceId)).toEqual(['INVOICE_ISSUED', 'PAYMENT_RECEIVED']);
    expect(chargeCalls).toBe(calls);
  });

  it('settles a payment the provider never charged as FAILED, which frees the invoice to be paid once', async () => {
    const { contract, invoiceId, pay } = await payingByHand();
    nextCharge = { stops: 'before-charging' };
    expect((await pay()).statusCode).toBe(502);
    await leftMinutesAgo(invoiceId);
    expect(await reconcilePendingPayments(db(), deps())).toMatchObject({ failed: 1, errors: [] });
    expect(await paymentRows(invoiceId)).toMatchObject([{ status: 'FAILED', failureCode: 'processing_error', failureMessage: CARD_ERROR_MESSAGE }]);
    expect((await invoiceRow(invoiceId)).status).toBe('ISSUED');
    expect((await emailsTo(contract.careSeekerId)).filter((subjectLine) => /did not go through/.test(subjectLine))).toHaveLength(1);
    await expectLedgerClean();

    const paid = await pay();
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await paymentRows(invoiceId)).map((payment) => payment.status)).toEqual(['FAILED', 'SUCCEEDED']);
    expect((await invoiceRow(invoiceId)).status).toBe('PAID');
    expect(await journalsOf(invoiceId)).toEqual(['INVOICE_ISSUED', 'PAYMENT_RECEIVED']);
    await expectLedgerClean();
  });

  it('the test provider finds its charges after a restart: its records are in the database', async () => {
    const { invoiceId, pay } = await payingByHand();
    nextCharge = { stops: 'after-charging' };
    expect((await pay()).statusCode).toBe(502);
    const [left] = await paymentRows(invoiceId);
    // A new process's provider, with nothing in memory.
    const restarted = createTestPaymentProvider({ records: databaseTestChargeRecords(db()) });
    expect(await restarted.findCharge({ idempotencyKey: left!.idempotencyKey, providerRef: null, paymentId: left!.id, customerRef: null, since: left!.createdAt })).toMatchObject({ status: 'succeeded' });
    expect(await restarted.findCharge({ idempotencyKey: 'never-sent', providerRef: null, paymentId: crypto.randomUUID(), customerRef: null, since: left!.createdAt })).toBeNull();
  });

  it('a retry with the same Idempotency-Key gets the first answer, even when that answer was lost and settled since', async () => {
    const { invoiceId, pay } = await payingByHand();
    nextCharge = { stops: 'after-charging' };
    const lost = await pay('retry-after-crash-1');
    expect(lost.statusCode).toBe(502);
    await leftMinutesAgo(invoiceId);
    await reconcilePendingPayments(db(), deps());
    expect((await invoiceRow(invoiceId)).status).toBe('PAID');

    const calls = chargeCalls;
    const retry = await pay('retry-after-crash-1');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(invoicePaymentsSchema.parse(retry.json()).payments).toMatchObject([{ status: 'SUCCEEDED', attempt: 1 }]);
    // The answer is kept now: the same again, and a new key for the paid invoice is "already paid".
    expect((await pay('retry-after-crash-1')).json()).toEqual(retry.json());
    expect((await pay('another-click-2')).json()).toMatchObject({ code: 'INVOICE_ALREADY_PAID' });
    expect(chargeCalls).toBe(calls);
    await expectLedgerClean();
  });

  it('two requests with the same Idempotency-Key at the same moment charge once; the second is told to send again, then gets the first answer', { tags: ['drivers'] }, async () => {
    const { invoiceId, pay } = await payingByHand();
    let open!: () => void;
    nextCharge = { gate: new Promise<void>((resolve) => (open = resolve)) };
    const calls = chargeCalls;
    const first = pay('same-moment-123');
    // The first is with the provider: the second finds it under way.
    await vi.waitFor(() => expect(chargeCalls).toBe(calls + 1));
    const second = await pay('same-moment-123');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ code: IDEMPOTENCY_KEY_IN_USE_CODE, message: IDEMPOTENCY_KEY_IN_USE_MESSAGE });
    open();
    const answered = await first;
    expect(answered.statusCode, answered.body).toBe(200);
    const again = await pay('same-moment-123');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(answered.json());
    expect(chargeCalls).toBe(calls + 1);
    expect(await paymentRows(invoiceId)).toHaveLength(1);

    // A claim left by a process that stopped is taken over once its lease has run out.
    const { pay: payOther, invoiceId: otherInvoice, contract: otherContract } = await payingByHand();
    const claimedAt = new Date(Date.now() - 5 * 60_000);
    await db().insert(idempotentRequests).values({ userId: otherContract.careSeekerId, key: 'stopped-claim-1', route: `POST /api/invoices/:id/pay ${otherInvoice}`, createdAt: claimedAt });
    const taken = await payOther('stopped-claim-1');
    expect(taken.statusCode, taken.body).toBe(200);
    await expectLedgerClean();
  });

  it('the same Idempotency-Key with a different card or for another invoice is a 422, and charges nothing', async () => {
    const { careSeekerToken, invoiceId, pay, contract } = await payingByHand();
    const other = await saveCard(careSeekerToken, '5555555555554444');
    const secondInvoice = await issue(contract);
    const first = await pay('one-key-for-one-request');
    expect(first.statusCode, first.body).toBe(200);
    const calls = chargeCalls;
    for (const response of [await pay('one-key-for-one-request', other.id), await pay('one-key-for-one-request', undefined, secondInvoice)]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ code: IDEMPOTENCY_KEY_REUSED_CODE, message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    }
    expect(chargeCalls).toBe(calls);
    expect((await invoiceRow(secondInvoice)).status).toBe('ISSUED');
    expect(await paymentRows(invoiceId)).toHaveLength(1);
  });
});

describe('transfers, funders and refunds', () => {
  async function adminToken() {
    return sessionFor(db(), (await createUser(db(), { role: 'ADMIN' })).id);
  }

  it('an administrator finds an invoice by its reference and records the transfer: the amount must be the total', async () => {
    const { contract, careSeekerToken } = await parties();
    const invoiceId = await issue(contract);
    await subject.drainJobs();
    const row = await invoiceRow(invoiceId);
    const admin = await adminToken();
    const list = receivableListSchema.parse((await call('GET', `/api/admin/receivables?reference=INV-${String(row.number).padStart(6, '0')}&howToPay=CARD_OR_TRANSFER`, { token: admin })).json());
    expect(list.receivables.map((receivable) => receivable.invoiceId)).toContain(invoiceId);
    expect((await call('GET', '/api/admin/receivables', { token: careSeekerToken })).statusCode).toBe(403);

    const record = (payload: Record<string, unknown>, token = admin) =>
      call('POST', `/api/admin/invoices/${invoiceId}/payments`, { token, payload: { channel: 'BANK_TRANSFER', amountCents: row.totalCents, reference: 'INV-000001 Nguyen', receivedOn: '2026-11-20', ...payload } });
    expect((await record({}, careSeekerToken)).statusCode).toBe(403);
    const wrong = await record({ amountCents: row.totalCents - 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'PAYMENT_AMOUNT_MISMATCH', message: PAYMENT_AMOUNT_MISMATCH });
    expect((await record({ reference: 'INV\u0000001' })).statusCode).toBe(400);
    // Issue 29: the probe's transfer "received" on 9999-12-31, and any day after today in Sydney or before 2020.
    for (const receivedOn of ['9999-12-31', plusDays(todayInZone(SYDNEY), 1), '2019-12-31', '0001-01-01']) {
      const outOfRange = await record({ receivedOn });
      expect(outOfRange.statusCode, receivedOn).toBe(400);
      expect(outOfRange.json(), receivedOn).toMatchObject({ errors: { receivedOn: MONEY_DATE_RANGE_MESSAGE } });
    }
    expect((await record({ receivedOn: '2026-02-30' })).json()).toMatchObject({ errors: { receivedOn: MONEY_DATE_FORMAT_MESSAGE } });
    expect((await invoiceRow(invoiceId)).status).toBe('ISSUED');
    const done = await record({});
    expect(done.statusCode, done.body).toBe(200);
    expect(invoicePaymentsSchema.parse(done.json()).payments).toMatchObject([{ channel: 'BANK_TRANSFER', status: 'SUCCEEDED', reference: 'INV-000001 Nguyen', receivedOn: '2026-11-20' }]);
    expect((await record({})).statusCode).toBe(409);
    expect((await invoiceRow(invoiceId)).status).toBe('PAID');
    expect(await journalsOf(invoiceId)).toEqual(['INVOICE_ISSUED', 'PAYMENT_RECEIVED']);
    await expectLedgerClean();
  });

  it('matches a transfer by the invoice’s payment reference however it was typed, and refuses a wrong check digit or another invoice’s reference', async () => {
    // Two workers' first invoices: both INV-000001, each with its own reference.
    const first = await parties({ state: 'VIC' });
    const second = await parties({ state: 'VIC' });
    const firstId = await issue(first.contract);
    const secondId = await issue(second.contract);
    await subject.drainJobs();
    const [firstRow, secondRow] = [await invoiceRow(firstId), await invoiceRow(secondId)];
    const reference = firstRow.paymentReference!;
    expect(reference).not.toBe(secondRow.paymentReference);
    // No card pays them: each care seeker is emailed the invoice with the account and its reference, once.
    await subject.drainJobs();
    const [user] = await db().execute<{ email: string }>(sql`select email from users where id = ${first.contract.careSeekerId}`).then((result) => result.rows);
    const sentToPayer = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, user!.email));
    expect(sentToPayer.map((mail) => mail.subject)).toEqual(['Invoice INV-000001 from Wren Walker']);
    expect(sentToPayer[0]!.textBody).toContain(`Account name Tendly Pty Ltd, BSB 062-000, account number 10203040, payment reference ${reference}`);
    expect(sentToPayer[0]!.attachments).toHaveLength(1);
    expect(await db().select().from(invoicePayerNotices).where(eq(invoicePayerNotices.invoiceId, firstId))).toHaveLength(1);

    const admin = await adminToken();
    const find = (text: string) => call('GET', `/api/admin/receivables?reference=${encodeURIComponent(text)}`, { token: admin });

    // As a bank statement or a person might write it: spaced, hyphenated.
    for (const typed of [reference, ` ${reference.slice(0, 4)} ${reference.slice(4)} `, `${reference.slice(0, 3)}-${reference.slice(3)}`]) {
      const response = await find(typed);
      expect(response.statusCode, response.body).toBe(200);
      expect(receivableListSchema.parse(response.json()).receivables).toEqual([expect.objectContaining({ invoiceId: firstId, paymentReference: reference })]);
    }
    // One digit mistyped: its check digit fails, and the message says so.
    const typo = `${reference.slice(0, -1)}${(Number(reference.at(-1)) + 1) % 10}`;
    const refused = await find(typo);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'PAYMENT_REFERENCE_CHECK_FAILED', message: PAYMENT_REFERENCE_CHECK_FAILED, errors: { reference: PAYMENT_REFERENCE_CHECK_FAILED } });

    const record = (invoiceId: string, quoted: string, amountCents: number) =>
      call('POST', `/api/admin/invoices/${invoiceId}/payments`, { token: admin, payload: { channel: 'BANK_TRANSFER', amountCents, reference: quoted, receivedOn: '2026-11-20' } });
    expect((await record(firstId, typo, firstRow.totalCents)).json()).toMatchObject({ code: 'PAYMENT_REFERENCE_CHECK_FAILED' });
    const other = await record(secondId, reference, secondRow.totalCents);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'PAYMENT_REFERENCE_OTHER_INVOICE', message: PAYMENT_REFERENCE_OTHER_INVOICE });
    expect((await invoiceRow(secondId)).status).toBe('ISSUED');
    // The right invoice, quoted with a space: recorded and PAID, the ledger balanced.
    const done = await record(firstId, `${reference.slice(0, 4)} ${reference.slice(4)}`, firstRow.totalCents);
    expect(done.statusCode, done.body).toBe(200);
    expect((await invoiceRow(firstId)).status).toBe('PAID');
    expect(receivableListSchema.parse((await find(reference)).json()).receivables).toEqual([]);
    await expectLedgerClean();
  });

  it('emails a plan-managed invoice’s PDF to the plan manager once, and records the funder’s transfer', async () => {
    const { contract, careSeekerToken } = await parties({ fundingType: 'NDIS_PLAN_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }] });
    const saved = await call('PUT', '/api/funding-details', { token: careSeekerToken, payload: { ndisNumber: '430 123 456', planManagerName: 'Plan Partners', planManagerEmail: 'Invoices@PlanPartners.example', agedCareProviderName: '', agedCareProviderEmail: '' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ndisNumber: '430123456', planManagerEmail: 'invoices@planpartners.example', agedCareProviderName: null, fundingTypes: ['NDIS_PLAN_MANAGED'] });
    expect((await call('PUT', '/api/funding-details', { token: careSeekerToken, payload: { planManagerName: 'Bad\u0000Name' } })).statusCode).toBe(400);

    const invoiceId = await issue(contract);
    await subject.drainJobs();
    await subject.drainJobs();
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'invoices@planpartners.example'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments).toHaveLength(1);
    expect(mails[0]!.attachments![0]).toMatchObject({ contentType: 'application/pdf' });
    const attached = mails[0]!.attachments![0]!;
    expect(Buffer.from('contentBase64' in attached ? attached.contentBase64 : '', 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    // The email itself says where to pay and what to quote (issue 28), not "the account on the invoice".
    const reference = (await invoiceRow(invoiceId)).paymentReference!;
    expect(mails[0]!.textBody).toContain(`Account name Tendly Pty Ltd, BSB 062-000, account number 10203040, payment reference ${reference}`);
    expect(mails[0]!.textBody).not.toContain('the account on the invoice');
    const view = await paymentsOf(careSeekerToken, invoiceId);
    expect(view).toMatchObject({ howToPay: 'FUNDER', funder: { name: 'Plan Partners', email: 'invoices@planpartners.example' } });
    expect(view.funder?.sentAt).not.toBeNull();
    expect(await db().select().from(invoiceFunderNotices).where(eq(invoiceFunderNotices.invoiceId, invoiceId))).toHaveLength(1);

    const row = await invoiceRow(invoiceId);
    const recorded = await call('POST', `/api/admin/invoices/${invoiceId}/payments`, { token: await adminToken(), payload: { channel: 'FUNDER_TRANSFER', amountCents: row.totalCents, reference: 'PP-7781', receivedOn: '2026-11-21' } });
    expect(recorded.statusCode, recorded.body).toBe(200);
    await expectLedgerClean();
  });

  it('tells NDIA and funder invoices apart from card ones, and refuses paying them by card', async () => {
    const { contract, careSeekerToken } = await parties({ fundingType: 'NDIS_AGENCY_MANAGED', ndisRates: [{ lineItem: 'SELF_CARE', timeOfDay: 'WEEKDAY_DAYTIME', amountCents: 6500 }] });
    const card = await saveCard(careSeekerToken, '4242424242424242');
    const invoiceId = await issue(contract);
    expect((await paymentsOf(careSeekerToken, invoiceId)).howToPay).toBe('NDIA');
    const pay = await call('POST', `/api/invoices/${invoiceId}/pay`, { token: careSeekerToken, payload: { paymentMethodId: card.id } });
    expect(pay.statusCode).toBe(409);
  });

  it('refunds a card-paid invoice when it is credited, and a transfer-paid one as recorded; not once paid out', async () => {
    const { contract, careSeekerToken, workerToken } = await parties();
    await saveCard(careSeekerToken, '4242424242424242');
    const cardInvoice = await issue(contract);
    await subject.drainJobs();
    expect((await invoiceRow(cardInvoice)).status).toBe('PAID');
    const credited = await call('POST', `/api/invoices/${cardInvoice}/credit-note`, { token: workerToken, payload: { reason: 'Wrong hours' } });
    expect(credited.statusCode, credited.body).toBe(201);
    expect((await invoiceRow(cardInvoice)).status).toBe('CREDITED');
    const [refund] = await db().select().from(refunds).where(eq(refunds.creditNoteId, credited.json().id));
    expect(refund).toMatchObject({ status: 'SUCCEEDED', provider: 'test' });
    expect(refund!.providerRef).toMatch(/^re_test_/);
    await subject.drainJobs();
    expect(await journalsOf(cardInvoice)).toEqual(['CREDIT_NOTE_ISSUED', 'INVOICE_ISSUED', 'PAYMENT_RECEIVED', 'REFUND_SENT']);
    await expectLedgerClean();

    // Paid by transfer: the refund is recorded as sent from the bank.
    await call('PUT', '/api/payment-settings', { token: careSeekerToken, payload: { payManually: true } });
    const transferInvoice = await issue(contract);
    const row = await invoiceRow(transferInvoice);
    await call('POST', `/api/admin/invoices/${transferInvoice}/payments`, { token: await adminToken(), payload: { channel: 'BANK_TRANSFER', amountCents: row.totalCents, reference: 'ref', receivedOn: '2026-11-20' } });
    const creditedTransfer = await call('POST', `/api/invoices/${transferInvoice}/credit-note`, { token: workerToken, payload: { reason: 'Wrong hours' } });
    expect(creditedTransfer.statusCode, creditedTransfer.body).toBe(201);
    expect(await journalsOf(transferInvoice)).toEqual(['CREDIT_NOTE_ISSUED', 'INVOICE_ISSUED', 'PAYMENT_RECEIVED', 'REFUND_SENT']);
    await expectLedgerClean();

    // An unpaid invoice credited: nothing to refund, and the ledger nets to zero.
    const unpaid = await issue(contract);
    expect((await call('POST', `/api/invoices/${unpaid}/credit-note`, { token: workerToken, payload: { reason: 'Duplicate' } })).statusCode).toBe(201);
    await expectLedgerClean();

    // Paid out to the worker: refused, and nothing changes.
    const paidOut = await issue(contract);
    const paidRow = await invoiceRow(paidOut);
    await call('POST', `/api/admin/invoices/${paidOut}/payments`, { token: await adminToken(), payload: { channel: 'BANK_TRANSFER', amountCents: paidRow.totalCents, reference: 'ref', receivedOn: '2026-11-20' } });
    const [run] = await db().insert(payoutRuns).values({ runDate: '2099-01-01' }).returning();
    const amount = paidRow.totalCents - paidRow.platformFeeCents;
    const [payout] = await db()
      .insert(payouts)
      .values({ runId: run!.id, workerId: contract.workerId, grossCents: paidRow.totalCents, feeCents: paidRow.platformFeeCents, amountCents: amount, bsb: '062000', accountLast3: '678', accountName: 'Wren', remittanceNumber: 1 })
      .returning();
    await db().insert(payoutItems).values({ payoutId: payout!.id, invoiceId: paidOut, grossCents: paidRow.totalCents, feeCents: paidRow.platformFeeCents, amountCents: amount });
    const refused = await call('POST', `/api/invoices/${paidOut}/credit-note`, { token: workerToken, payload: { reason: 'Wrong hours' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAID_OUT_NOT_CREDITABLE);
    expect((await invoiceRow(paidOut)).status).toBe('PAID');
  });
});
