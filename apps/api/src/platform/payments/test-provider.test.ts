import { CARD_EXPIRED_MESSAGE, TEST_CARDS_ONLY_MESSAGE } from '@tendly/domain/api/payments';
import { describe, expect, it } from 'vitest';
import { paymentProviderContract, type TestCardKind } from '../../test-support/payment-provider-contract';
import { CardRejectedError, CardSetupUnavailableError, WebhookSignatureError } from './provider';
import { createTestPaymentProvider } from './test-provider';

const numbers: Record<TestCardKind, string> = {
  visa: '4242 4242 4242 4242',
  chargeDeclined: '4000 0000 0000 0002',
  chargeDeclinedInsufficientFunds: '4000 0000 0000 9995',
};
const provider = createTestPaymentProvider();
const nextYear = new Date().getUTCFullYear() + 1;

paymentProviderContract('the test provider', () => ({
  provider,
  saveTestCard: (customerRef, kind) => provider.saveCard(customerRef, { provider: 'test', cardNumber: numbers[kind], expMonth: 12, expYear: nextYear }),
  chargesMade: () => null,
}));

describe('the test provider', () => {
  const save = (cardNumber: string, expMonth = 12, expYear = nextYear) => provider.saveCard('cus_test_x', { provider: 'test', cardNumber, expMonth, expYear });
  const charge = async (cardNumber: string) => {
    const card = await save(cardNumber);
    return provider.charge({ customerRef: 'cus_test_x', cardRef: card.providerRef, amountCents: 1000, idempotencyKey: `${cardNumber}:${Math.random()}`, metadata: {} });
  };

  it('takes Stripe’s test numbers only, with their brands', async () => {
    expect(await save('5555555555554444')).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(await save('378282246310005')).toMatchObject({ brand: 'amex', last4: '0005' });
    await expect(save('4111111111111111')).rejects.toThrow(new CardRejectedError(TEST_CARDS_ONLY_MESSAGE, 'cardNumber'));
    await expect(save('4242424242424242', 1, 2020)).rejects.toThrow(CARD_EXPIRED_MESSAGE);
  });

  it('behaves as Stripe documents its test cards when charged', async () => {
    expect(await charge('4242424242424242')).toMatchObject({ status: 'succeeded', failureCode: null });
    expect(await charge('5555555555554444')).toMatchObject({ status: 'succeeded' });
    expect(await charge('378282246310005')).toMatchObject({ status: 'succeeded' });
    expect(await charge('4000000000000002')).toMatchObject({ status: 'failed', failureCode: 'card_declined' });
    expect(await charge('4000000000009995')).toMatchObject({ status: 'failed', failureCode: 'insufficient_funds' });
    expect(await charge('4000000000000069')).toMatchObject({ status: 'failed', failureCode: 'expired_card' });
  });

  it('has no card setup and no webhooks', async () => {
    await expect(provider.createCardSetup('cus_test_x')).rejects.toThrow(CardSetupUnavailableError);
    expect(() => provider.parseWebhook('{}', 't=1,v1=abc')).toThrow(WebhookSignatureError);
  });
});
