import type { PaymentProviderCode } from '@tendly/domain/api/payments';

/**
 * The card payment provider behind one interface (issue 15): Stripe when its three keys are set,
 * otherwise the built-in test provider, which behaves as Stripe documents its test cards. Only the
 * provider's references, a card's brand, last four digits and expiry ever reach our database.
 */

/** Why a charge failed, as Stripe's decline codes name it. */
export type ChargeFailureCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'processing_error';

/** A saved card as the provider describes it: never the number. */
export interface ProviderCard {
  readonly providerRef: string;
  readonly brand: string;
  readonly last4: string;
  readonly expMonth: number;
  readonly expYear: number;
}

/** What the browser sent to save a card: a Stripe SetupIntent, or a test card (test provider only). */
export type CardToSave =
  | { readonly provider: 'stripe'; readonly setupIntentId: string }
  | { readonly provider: 'test'; readonly cardNumber: string; readonly expMonth: number; readonly expYear: number };

export interface ChargeInput {
  readonly customerRef: string;
  readonly cardRef: string;
  readonly amountCents: number;
  /** Sent to the provider: the same key answers the first result, and charges once. */
  readonly idempotencyKey: string;
  readonly metadata: Readonly<Record<string, string>>;
}

export interface ChargeResult {
  /** `pending`: the provider is still processing it (Stripe's `processing`); its webhook tells the end. */
  readonly status: 'succeeded' | 'failed' | 'pending';
  /** The provider's payment (`pi_...`); null when the provider made none. */
  readonly providerRef: string | null;
  readonly failureCode: ChargeFailureCode | null;
}

/**
 * A charge whose answer never reached us (the process stopped while the provider was asked), to be
 * found at the provider: by its reference when it was recorded, else by our payment's id, which
 * every charge carries in its metadata.
 */
export interface ChargeLookup {
  readonly idempotencyKey: string;
  readonly providerRef: string | null;
  /** Our payment's id (the charge's `metadata.paymentId`). */
  readonly paymentId: string;
  /** The person's customer at the provider; null when they have none (then no charge was made). */
  readonly customerRef: string | null;
  /** When our payment was written: the provider's charge cannot be older. */
  readonly since: Date;
}

export interface RefundInput {
  readonly paymentRef: string;
  readonly amountCents: number;
  readonly idempotencyKey: string;
}

export interface RefundResult {
  readonly status: 'succeeded' | 'failed';
  readonly providerRef: string | null;
}

/** A webhook event, reduced to what the product acts on. */
export interface ProviderEvent {
  readonly id: string;
  /** The provider's own type, e.g. `payment_intent.succeeded`. */
  readonly type: string;
  readonly outcome: {
    readonly kind: 'payment_succeeded' | 'payment_failed';
    readonly paymentRef: string;
    readonly failureCode: ChargeFailureCode | null;
    /** Our payment's id, from the metadata sent with the charge: finds it before its reference was recorded. */
    readonly paymentId: string | null;
  } | null;
}

export interface PaymentProvider {
  readonly code: PaymentProviderCode;
  /** Stripe's `pk_...` for the browser; null for the test provider. */
  readonly publishableKey: string | null;
  /** The provider's customer for a person, made once (`existingRef` is reused when given). */
  ensureCustomer(input: { userId: string; email: string; name: string; existingRef: string | null }): Promise<string>;
  /** A SetupIntent for Stripe Elements; the test provider throws CardSetupUnavailableError. */
  createCardSetup(customerRef: string): Promise<{ clientSecret: string }>;
  /** Saves the card the browser confirmed; throws CardRejectedError when it cannot be saved. */
  saveCard(customerRef: string, card: CardToSave): Promise<ProviderCard>;
  charge(input: ChargeInput): Promise<ChargeResult>;
  /**
   * The provider's own record of a charge, read without charging (reconciling a payment left
   * PENDING): its result as `charge` would have answered it, or null when the provider never made it.
   */
  findCharge(lookup: ChargeLookup): Promise<ChargeResult | null>;
  refund(input: RefundInput): Promise<RefundResult>;
  /** Verifies a webhook's signature and reads it; throws WebhookSignatureError otherwise. */
  parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): ProviderEvent;
}

/** The card cannot be saved; `field` names the form field the message belongs to. */
export class CardRejectedError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'CardRejectedError';
  }
}

export class CardSetupUnavailableError extends Error {
  constructor() {
    super('Test payments take a test card number; there is no card setup to confirm.');
    this.name = 'CardSetupUnavailableError';
  }
}

export class WebhookSignatureError extends Error {
  constructor(message = 'The webhook is not signed, or its signature does not match.') {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Stripe's decline codes as ours; anything else is a generic decline. */
export function failureCodeOf(code: string | null | undefined): ChargeFailureCode {
  if (code === 'insufficient_funds' || code === 'expired_card' || code === 'processing_error') return code;
  return 'card_declined';
}
