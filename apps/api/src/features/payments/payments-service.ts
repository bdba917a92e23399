import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { fullName } from '@tendly/domain/format';
import { INVOICE_NOT_FOUND } from '@tendly/domain/api/invoices';
import {
  CARD_NOT_FOUND,
  INVOICE_ALREADY_PAID,
  INVOICE_NOT_PAYABLE_BY_CARD,
  NO_CARD_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  type InvoicePayments,
  type PaymentDetails,
  type SavedCard,
  type paymentSettingsSchema,
  type saveCardRequestSchema,
} from '@tendly/domain/api/payments';
import { recordAccountChange, type AccountChangeSite } from '../../platform/audit/account-changes';
import type { RequestAuth } from '../../platform/auth/authenticate';
import type { InvoiceRow } from '../../platform/billing/load-invoice';
import type { Db, DbExecutor } from '../../platform/db/client';
import { lockPerson } from '../../platform/db/person-lock';
import { paymentMethods, payments, paymentSettings, providerEvents } from '../../platform/db/schema/payments';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { CardRejectedError, CardSetupUnavailableError, type ChargeFailureCode, type PaymentProvider, type ProviderEvent } from '../../platform/payments/provider';
import { cardExpired } from '../../platform/payments/test-provider';
import { applyChargeResult, chargeInvoice, declineMessages, howToPayOf, type ChargeOutcome, type PaymentDeps } from '../../platform/payments/charging';
import { invoiceRowById } from '../../platform/payments/invoice-rows';
import { paymentConfigOf, presentCard, presentInvoicePayments, type PaymentsViewer, type ViewDeps } from '../../platform/payments/invoice-payments-view';
import { cardOf, cardsOf, customerRefOf, defaultCardOf, payManuallyOf, saveCustomerRef, type PaymentRow } from '../../platform/payments/payments-repository';
import { answerOnce } from '../../platform/http/idempotent-requests';

/** Cards, payment settings, how an invoice is paid and paying it (issue 15). */

/** GET /api/payment-methods. */
export async function paymentDetails(db: DbExecutor, provider: PaymentProvider, auth: RequestAuth): Promise<PaymentDetails> {
  const [cards, payManually] = await Promise.all([cardsOf(db, auth.user.id, provider.code), payManuallyOf(db, auth.user.id)]);
  return { cards: cards.map((card) => presentCard(card)), payManually, config: paymentConfigOf(provider) };
}

/** The person's customer at the provider, made the first time it is needed. */
async function ensureCustomer(db: Db, provider: PaymentProvider, auth: RequestAuth): Promise<string> {
  const existing = await customerRefOf(db, auth.user.id, provider.code);
  if (existing) return existing;
  const ref = await provider.ensureCustomer({ userId: auth.user.id, email: auth.user.email, name: fullName(auth.user), existingRef: null });
  return saveCustomerRef(db, auth.user.id, provider.code, ref);
}

/** POST /api/payment-methods/setup: a SetupIntent for Stripe Elements (409 with test payments). */
export async function startCardSetup(db: Db, provider: PaymentProvider, auth: RequestAuth): Promise<{ clientSecret: string }> {
  if (provider.code !== 'stripe') throw conflict('Test payments take a test card number on the form: there is no card setup.');
  const customerRef = await ensureCustomer(db, provider, auth);
  try {
    return await provider.createCardSetup(customerRef);
  } catch (error) {
    if (error instanceof CardSetupUnavailableError) throw conflict(error.message);
    throw error;
  }
}

const SETUP_USED = 'That card setup was already used: enter the card again.';

/** How a card is named in an email: "Visa ending 4242". */
function cardText(card: { brand: string; last4: string }): string {
  return `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`;
}

/**
 * Each change to the cards and to how invoices are paid is in the account's history; one that a
 * support coordinator made acting for the client is also emailed to the client (issue 29).
 */
const PAYMENT_SETTINGS = { what: 'how your invoices are paid', routeId: 'paymentDetails' } as const;

/** POST /api/payment-methods: keeps the provider's reference, brand, last four digits and expiry; the first card is the default. */
export async function saveCard(db: Db, site: AccountChangeSite, provider: PaymentProvider, auth: RequestAuth, body: z.output<typeof saveCardRequestSchema>, ip?: string): Promise<SavedCard> {
  if (body.provider !== provider.code) {
    const field = body.provider === 'test' ? 'cardNumber' : 'setupIntentId';
    const message = provider.code === 'stripe' ? 'Enter the card in the card form.' : 'These are test payments: enter a test card number.';
    throw badRequest(message, { [field]: message });
  }
  const customerRef = await ensureCustomer(db, provider, auth);
  let card;
  try {
    card = await provider.saveCard(customerRef, body);
  } catch (error) {
    if (error instanceof CardRejectedError) throw badRequest(error.message, { [error.field]: error.message });
    throw error;
  }
  const row = await db.transaction(async (tx) => {
    // One card at a time per person, so that two first cards saved at once do not both become the default.
    await lockPerson(tx, auth.user.id);
    // The same SetupIntent sent again (a double click) answers the card it saved.
    const [already] = await tx.select().from(paymentMethods).where(and(eq(paymentMethods.provider, provider.code), eq(paymentMethods.providerRef, card.providerRef)));
    if (already) {
      if (already.userId !== auth.user.id || already.removedAt) throw badRequest(SETUP_USED, { setupIntentId: SETUP_USED });
      return already;
    }
    const hasDefault = await defaultCardOf(tx, auth.user.id, provider.code);
    const [saved] = await tx
      .insert(paymentMethods)
      .values({ userId: auth.user.id, provider: provider.code, providerRef: card.providerRef, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, isDefault: !hasDefault })
      .returning();
    await recordAccountChange(tx, site, auth, {
      ...PAYMENT_SETTINGS,
      action: 'card.saved',
      summary: `They saved a card, ${cardText(card)}${saved!.isDefault ? ', which is now the card your invoices are charged to' : ''}.`,
      detail: { brand: card.brand, last4: card.last4 },
      ...(ip ? { ip } : {}),
      targetType: 'payment_method',
      targetId: saved!.id,
    });
    return saved!;
  });
  return presentCard(row);
}

/** DELETE /api/payment-methods/{id}: the card is kept for the payments made with it, but no longer offered; the newest other card becomes the default. */
export async function removeCard(db: Db, site: AccountChangeSite, provider: PaymentProvider, auth: RequestAuth, cardId: string, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockPerson(tx, auth.user.id);
    const card = await cardOf(tx, auth.user.id, cardId);
    if (!card) throw notFound(CARD_NOT_FOUND);
    await tx.update(paymentMethods).set({ removedAt: new Date(), isDefault: false }).where(eq(paymentMethods.id, card.id));
    await recordAccountChange(tx, site, auth, {
      ...PAYMENT_SETTINGS,
      action: 'card.removed',
      summary: `They removed your ${cardText(card)}.`,
      detail: { brand: card.brand, last4: card.last4 },
      ...(ip ? { ip } : {}),
      targetType: 'payment_method',
      targetId: card.id,
    });
    if (card.isDefault) {
      const [next] = (await cardsOf(tx, auth.user.id, provider.code)).reverse();
      if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    }
  });
}

/** POST /api/payment-methods/{id}/default. */
export async function makeDefaultCard(db: Db, site: AccountChangeSite, auth: RequestAuth, cardId: string, ip?: string): Promise<SavedCard> {
  const card = await db.transaction(async (tx) => {
    await lockPerson(tx, auth.user.id);
    const found = await cardOf(tx, auth.user.id, cardId);
    if (!found) throw notFound(CARD_NOT_FOUND);
    if (found.isDefault) return found;
    await tx.update(paymentMethods).set({ isDefault: false }).where(and(eq(paymentMethods.userId, auth.user.id), eq(paymentMethods.isDefault, true), isNull(paymentMethods.removedAt)));
    const [updated] = await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, found.id)).returning();
    await recordAccountChange(tx, site, auth, {
      ...PAYMENT_SETTINGS,
      action: 'card.made_default',
      summary: `Your invoices are now charged to your ${cardText(found)}.`,
      detail: { brand: found.brand, last4: found.last4 },
      ...(ip ? { ip } : {}),
      targetType: 'payment_method',
      targetId: found.id,
    });
    return updated!;
  });
  return presentCard(card);
}

/** PUT /api/payment-settings. */
export async function updatePaymentSettings(db: Db, site: AccountChangeSite, auth: RequestAuth, body: z.output<typeof paymentSettingsSchema>, ip?: string): Promise<{ payManually: boolean }> {
  await db.transaction(async (tx) => {
    const before = await payManuallyOf(tx, auth.user.id);
    await tx
      .insert(paymentSettings)
      .values({ userId: auth.user.id, payManually: body.payManually })
      .onConflictDoUpdate({ target: paymentSettings.userId, set: { payManually: body.payManually, updatedAt: sql`now()` } });
    if (before === body.payManually) return;
    await recordAccountChange(tx, site, auth, {
      ...PAYMENT_SETTINGS,
      action: 'payment_settings.changed',
      summary: body.payManually
        ? 'Your invoices are no longer charged to your saved card automatically: each one waits for you to pay it.'
        : 'Your invoices are now charged to your saved card automatically once the hours are approved.',
      detail: { payManually: body.payManually },
      ...(ip ? { ip } : {}),
    });
  });
  return { payManually: body.payManually };
}

/** An invoice (not a credit note) of which the person is a party; 404 for anyone else. */
async function invoiceOfParty(db: DbExecutor, auth: RequestAuth, invoiceId: string): Promise<{ invoice: InvoiceRow; viewer: PaymentsViewer }> {
  const invoice = await invoiceRowById(db, invoiceId);
  // The worker who issued it and the care seeker it was issued to (a coordinator acting is the client).
  const side: PaymentsViewer | null = !invoice ? null : invoice.workerId === auth.user.id ? 'WORKER' : invoice.careSeekerId === auth.user.id ? 'CARE_SEEKER' : null;
  if (!invoice || !side || invoice.kind !== 'INVOICE') throw notFound(INVOICE_NOT_FOUND);
  return { invoice, viewer: side };
}

/** GET /api/invoices/{id}/payments. */
export async function invoicePaymentsForViewer(db: DbExecutor, deps: ViewDeps, auth: RequestAuth, invoiceId: string): Promise<InvoicePayments> {
  const { invoice, viewer } = await invoiceOfParty(db, auth, invoiceId);
  return presentInvoicePayments(db, deps, invoice, viewer);
}

export interface PayInput {
  auth: RequestAuth;
  invoiceId: string;
  paymentMethodId: string;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey: string | null;
}

const PAY_ROUTE = 'POST /api/invoices/:id/pay';

/** What paying answers: the invoice's payments, or the error body of a decline or a conflict. */
export type PayAnswer = InvoicePayments | { message: string; code?: string };

/**
 * POST /api/invoices/{id}/pay: charges the invoice to a saved card now. With an `Idempotency-Key`,
 * a retry of the same request gets the first answer (idempotent-requests.ts); without one, a
 * second click finds the first charge under way or done, and charges nothing.
 */
export async function payInvoice(db: Db, deps: PaymentDeps & ViewDeps, input: PayInput): Promise<{ status: number; body: PayAnswer }> {
  if (!input.idempotencyKey) return payAnswerOf(() => payNow(db, deps, input));
  const request = { userId: input.auth.user.id, key: input.idempotencyKey, route: `${PAY_ROUTE} ${input.invoiceId}`, body: { paymentMethodId: input.paymentMethodId } };
  const answer = await answerOnce(db, request, () => payAnswerOf(() => payNow(db, deps, input)));
  return { status: answer.status, body: answer.body as PayAnswer };
}

/**
 * Declines and "already paid" are answers to repeat; anything else (a charge under way, a card to
 * choose again, the provider unreachable) is thrown: it may be put right and sent again.
 */
async function payAnswerOf(pay: () => Promise<InvoicePayments>): Promise<{ status: number; body: PayAnswer }> {
  try {
    return { status: 200, body: await pay() };
  } catch (error) {
    if (!(error instanceof AppError) || (error.status !== 402 && error.status !== 409) || error.code === 'PAYMENT_IN_PROGRESS') throw error;
    return { status: error.status, body: { message: error.message, ...(error.code ? { code: error.code } : {}) } };
  }
}

/** The payment an `Idempotency-Key` made on this invoice (its charge's key carries the person's key). */
const paymentKeyOf = (input: PayInput, invoiceId: string) => `invoice:${invoiceId}:pay:${input.idempotencyKey ? `${input.auth.user.id}:${input.idempotencyKey}` : randomUUID()}`;

async function payNow(db: Db, deps: PaymentDeps & ViewDeps, input: PayInput): Promise<InvoicePayments> {
  const { invoice, viewer } = await invoiceOfParty(db, input.auth, input.invoiceId);
  if (viewer !== 'CARE_SEEKER') throw notFound(INVOICE_NOT_FOUND);
  const key = paymentKeyOf(input, invoice.id);
  // A retry whose first answer was lost (the process stopped, or the provider's answer came late
  // and was settled since) answers that payment's result, not "already paid" by itself.
  const [earlier] = input.idempotencyKey ? await db.select().from(payments).where(eq(payments.idempotencyKey, key)) : [];
  if (earlier && earlier.status !== 'PENDING') return answerOfOutcome(db, deps, invoice.id, outcomeOfPayment(earlier));

  if (invoice.status === 'PAID') throw new AppError(409, INVOICE_ALREADY_PAID, { code: 'INVOICE_ALREADY_PAID' });
  if (invoice.status !== 'ISSUED') throw conflict('This invoice was credited: there is nothing to pay.');
  if (howToPayOf(invoice.fundingType) !== 'CARD_OR_TRANSFER') throw new AppError(409, INVOICE_NOT_PAYABLE_BY_CARD, { code: 'INVOICE_NOT_PAYABLE_BY_CARD' });
  const card = await cardOf(db, input.auth.user.id, input.paymentMethodId);
  if (!card || card.provider !== deps.provider.code) throw badRequest(NO_CARD_MESSAGE, { paymentMethodId: CARD_NOT_FOUND });
  if (cardExpired(card.expMonth, card.expYear)) throw badRequest(CARD_EXPIRED_MESSAGE, { paymentMethodId: CARD_EXPIRED_MESSAGE });

  let outcome;
  try {
    outcome = await chargeInvoice(db, deps, { invoiceId: invoice.id, card, idempotencyKey: key });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(502, declineMessages.processing_error.message, { code: 'CARD_ERROR' });
  }
  return answerOfOutcome(db, deps, invoice.id, outcome);
}

function outcomeOfPayment(payment: PaymentRow): ChargeOutcome {
  if (payment.status === 'SUCCEEDED') return { kind: 'SUCCEEDED', paymentId: payment.id };
  if (payment.status === 'FAILED') return { kind: 'FAILED', paymentId: payment.id, failureCode: (payment.failureCode as ChargeFailureCode | null) ?? 'card_declined' };
  return { kind: 'PENDING', paymentId: payment.id };
}

async function answerOfOutcome(db: Db, deps: ViewDeps, invoiceId: string, outcome: ChargeOutcome): Promise<InvoicePayments> {
  switch (outcome.kind) {
    case 'ALREADY_PAID':
      throw new AppError(409, INVOICE_ALREADY_PAID, { code: 'INVOICE_ALREADY_PAID' });
    case 'IN_PROGRESS':
      throw new AppError(409, 'A card payment of this invoice is under way. Wait a moment and refresh.', { code: 'PAYMENT_IN_PROGRESS' });
    case 'NOT_PAYABLE':
      throw conflict('This invoice was credited: there is nothing to pay.');
    case 'FAILED': {
      const { code, message } = declineMessages[outcome.failureCode];
      throw new AppError(402, message, { code });
    }
    case 'PENDING':
    case 'SUCCEEDED': {
      const paid = await invoiceRowById(db, invoiceId);
      return presentInvoicePayments(db, deps, paid!, 'CARE_SEEKER');
    }
  }
}

/**
 * POST /api/payments/stripe/webhook, after the signature was checked: each event is taken once
 * (provider_events), and a payment's first result wins, so a replay changes nothing.
 */
export async function takeProviderEvent(db: Db, deps: PaymentDeps, event: ProviderEvent): Promise<'taken' | 'replayed' | 'ignored' | 'paid-another-way'> {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(providerEvents).values({ provider: deps.provider.code, eventId: event.id, type: event.type }).onConflictDoNothing().returning({ id: providerEvents.eventId });
    if (inserted.length === 0) return 'replayed';
    if (!event.outcome) return 'ignored';
    // By our id in the charge's metadata (the reference may not be recorded yet), else by the provider's reference.
    const byId = event.outcome.paymentId ? sql`id = ${event.outcome.paymentId} and (provider_ref is null or provider_ref = ${event.outcome.paymentRef})` : sql`false`;
    const rows = await tx.execute<{ id: string; status: string }>(
      sql`select id, status from payments where provider = ${deps.provider.code} and channel = 'CARD' and ((${byId}) or provider_ref = ${event.outcome.paymentRef}) limit 1`,
    );
    const payment = rows.rows[0];
    if (!payment) return 'ignored';
    const succeeded = event.outcome.kind === 'payment_succeeded';
    if (payment.status === 'SUCCEEDED' || (payment.status === 'FAILED' && !succeeded)) return 'ignored';
    const outcome = await applyChargeResult(tx, deps, payment.id, { status: succeeded ? 'succeeded' : 'failed', providerRef: event.outcome.paymentRef, failureCode: event.outcome.failureCode }, new Date());
    return outcome.kind === 'ALREADY_PAID' ? 'paid-another-way' : 'taken';
  });
}
