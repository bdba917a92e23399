/** Answers of the payment endpoints (issue 15) for page tests, shaped by packages/domain/src/api/payments.ts. */

export const testPaymentConfig = { provider: 'test', publishableKey: null } as const;

export function testCard(overrides: Record<string, unknown> = {}) {
  return { id: 'e5e5e5e5-5555-4555-8555-000000000001', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030, isDefault: true, expired: false, createdAt: '2026-11-01T00:00:00.000Z', ...overrides };
}

export function testPayment(overrides: Record<string, unknown> = {}) {
  return {
    id: 'f6f6f6f6-6666-4666-8666-000000000001',
    channel: 'CARD',
    status: 'SUCCEEDED',
    amountCents: 15688,
    attempt: 1,
    cardBrand: 'visa',
    cardLast4: '4242',
    failureMessage: null,
    reference: null,
    receivedOn: null,
    createdAt: '2026-11-25T01:00:00.000Z',
    ...overrides,
  };
}

export function testInvoicePayments(overrides: Record<string, unknown> = {}) {
  return {
    invoiceId: 'b2b2b2b2-2222-4222-8222-222222222222',
    howToPay: 'CARD_OR_TRANSFER',
    bankTransfer: { accountName: 'Tendly Pty Ltd', bsb: '062-000', accountNumber: '12345678', reference: '1001239' },
    funder: null,
    payments: [],
    nextRetryAt: null,
    autoPayCard: null,
    receivedCents: 0,
    outstandingCents: 0,
    claimLines: [],
    ...overrides,
  };
}

/** A line of an NDIA claim (issue 28) the NDIA short-paid: $210.00 received of $245.00 claimed for line 1 of INV-000123. */
export function testShortPaidClaimLine() {
  return {
    id: 'e1e1e1e1-1111-4111-8111-000000000001',
    invoiceLineId: 'e2e2e2e2-2222-4222-8222-000000000001',
    linePosition: 0,
    claimReference: 'INV-000123-L1-abc-1',
    paymentRequestNumber: 'PR5001',
    status: 'PAID',
    claimedCents: 24500,
    acceptedCents: 21000,
    cashCents: 21000,
    cashReceivedAt: '2026-12-10T01:00:00.000Z',
    shortPaid: true,
    shortCents: 3500,
    shortReason: 'The NDIA paid $210.00 of $245.00 claimed: the price was capped at the limit of $60.00.',
    rejectionReason: null,
    shortfallAction: null,
    resubmissionOf: null,
  };
}
