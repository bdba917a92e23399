import { z } from 'zod';
import {
  cardSetupSchema,
  invoicePaymentsSchema,
  paymentDetailsSchema,
  paymentSettingsSchema,
  savedCardSchema,
  type InvoicePayments,
  type PaymentDetails,
  type SaveCardRequest,
  type SavedCard,
} from '@tendly/domain/api/payments';
import { apiRequest } from './api-client';

/**
 * Cards and invoice payments (issue 15) as the care seeker's screens call them: /payment-details
 * saves and removes cards, /pending-invoices pays with one, and /invoice/:invoiceId shows how an
 * invoice is paid. Paying refreshes the invoice lists (their keys start with 'invoices').
 */
export const paymentQueryKeys = {
  details: ['payments', 'details'] as const,
  invoice: (invoiceId: string) => ['payments', 'invoice', invoiceId] as const,
};

export function fetchPaymentDetails(signal?: AbortSignal): Promise<PaymentDetails> {
  return apiRequest('/payment-methods', { schema: paymentDetailsSchema, signal });
}

/** POST /api/payment-methods/setup (Stripe): the SetupIntent Stripe Elements confirms. */
export function startCardSetup(): Promise<string> {
  return apiRequest('/payment-methods/setup', { method: 'POST', schema: cardSetupSchema }).then((setup) => setup.clientSecret);
}

export function saveCard(request: SaveCardRequest): Promise<SavedCard> {
  return apiRequest('/payment-methods', { method: 'POST', body: request, schema: savedCardSchema });
}

export function removeCard(cardId: string): Promise<void> {
  return apiRequest(`/payment-methods/${encodeURIComponent(cardId)}`, { method: 'DELETE', schema: z.unknown() }).then(() => undefined);
}

export function makeCardDefault(cardId: string): Promise<SavedCard> {
  return apiRequest(`/payment-methods/${encodeURIComponent(cardId)}/default`, { method: 'POST', schema: savedCardSchema });
}

export function savePaymentSettings(payManually: boolean): Promise<{ payManually: boolean }> {
  return apiRequest('/payment-settings', { method: 'PUT', body: { payManually }, schema: paymentSettingsSchema });
}

export function fetchInvoicePayments(invoiceId: string, signal?: AbortSignal): Promise<InvoicePayments> {
  return apiRequest(`/invoices/${encodeURIComponent(invoiceId)}/payments`, { schema: invoicePaymentsSchema, signal });
}

/**
 * POST /api/invoices/{id}/pay with a saved card. The idempotency key is made once per attempt to
 * pay (the dialog's opening), so a double click or a retry after a lost answer charges once: the
 * API answers a repeated key with the first result.
 */
export function payInvoice(invoiceId: string, paymentMethodId: string, idempotencyKey: string): Promise<InvoicePayments> {
  return apiRequest(`/invoices/${encodeURIComponent(invoiceId)}/pay`, {
    method: 'POST',
    body: { paymentMethodId },
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: invoicePaymentsSchema,
  });
}

/** A saved card in words: "Visa •••• 4242, expires 04/2030". */
export function cardLabel(card: Pick<SavedCard, 'brand' | 'last4' | 'expMonth' | 'expYear'>): string {
  return `${cardBrandName(card.brand)} •••• ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
}

const brandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', diners: 'Diners Club', jcb: 'JCB', unionpay: 'UnionPay' };

export function cardBrandName(brand: string): string {
  return brandNames[brand.toLowerCase()] ?? (brand === '' ? 'Card' : brand.charAt(0).toUpperCase() + brand.slice(1));
}
