import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TEST_CARDS_ONLY_MESSAGE } from '@tendly/domain/api/payments';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi, type ApiRoutes } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testCard, testPaymentConfig } from '../../app/test-payments';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

setUpPageTests(() => import('./payment-details-page'));

const slow = { timeout: 10_000 };
const testConfig = testPaymentConfig;


function seekerApi(routes: ApiRoutes) {
  setSignedInUser(testUser('CS'));
  return mockApi({ 'GET /api/me': () => [200, meAnswer('CS')], ...routes });
}

describe('/payment-details', { timeout: 30_000 }, () => {
  it('says the payments are test payments, lists the test cards, checks the form and saves a card', async () => {
    let cards: ReturnType<typeof testCard>[] = [];
    const api = seekerApi({
      'GET /api/payment-methods': () => [200, { cards, payManually: false, config: testConfig }],
      'POST /api/payment-methods': (request) => {
        const body = request.body as { cardNumber: string };
        if (body.cardNumber !== '4242424242424242') return [400, { message: 'Invalid', code: 'VALIDATION', errors: { cardNumber: TEST_CARDS_ONLY_MESSAGE } }];
        cards = [testCard()];
        return [201, cards[0]];
      },
    });
    renderApp('/payment-details');
    expect(await screen.findByText('You have no saved cards. Add one to pay invoices by card.', undefined, slow)).toBeTruthy();
    expect(screen.getByText('This site takes test payments.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a card' }));
    const form = within(await screen.findByRole('form', { name: 'Add a card' }));
    expect(form.getByText('Test payments — no real card is charged')).toBeTruthy();
    expect(form.getByText('4242 4242 4242 4242')).toBeTruthy();
    expect(form.getByText('4000 0000 0000 0002')).toBeTruthy();

    fireEvent.click(form.getByRole('button', { name: 'Save card' }));
    expect(await form.findByText('Enter the card number: 12 to 19 digits')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText(/Card number/));
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(form.getByLabelText(/Card number/), { target: { value: '4111 1111 1111 1111' } });
    fireEvent.change(form.getByLabelText(/Expiry month/), { target: { value: '4' } });
    fireEvent.change(form.getByLabelText(/Expiry year/), { target: { value: '2030' } });
    fireEvent.change(form.getByLabelText(/Security code/), { target: { value: '123' } });
    fireEvent.click(form.getByRole('button', { name: 'Save card' }));
    expect(await form.findByText(TEST_CARDS_ONLY_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(form.getByLabelText(/Card number/).getAttribute('aria-invalid')).toBe('true'));

    fireEvent.change(form.getByLabelText(/Card number/), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(form.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Visa •••• 4242, expires 04/2030 has been saved.', undefined, slow)).toBeTruthy();
    expect(api.requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({ provider: 'test', cardNumber: '4242424242424242', expMonth: 4, expYear: 2030, cvc: '123' });
    const list = within(await screen.findByRole('list', { name: 'Saved cards' }, slow));
    expect(list.getByText('Default')).toBeTruthy();
  });

  it('marks the default and expired cards, makes another default, removes one after confirming, and changes when invoices are paid', async () => {
    let cards = [testCard(), testCard({ id: 'e5e5e5e5-5555-4555-8555-000000000002', brand: 'mastercard', last4: '4444', isDefault: false }), testCard({ id: 'e5e5e5e5-5555-4555-8555-000000000003', last4: '0069', expYear: 2025, isDefault: false, expired: true })];
    const api = seekerApi({
      'GET /api/payment-methods': () => [200, { cards, payManually: false, config: testConfig }],
      'POST /api/payment-methods/e5e5e5e5-5555-4555-8555-000000000002/default': () => {
        cards = cards.map((card) => ({ ...card, isDefault: card.last4 === '4444' }));
        return [200, cards[1]];
      },
      'DELETE /api/payment-methods/e5e5e5e5-5555-4555-8555-000000000003': () => {
        cards = cards.filter((card) => card.last4 !== '0069');
        return [204];
      },
      'PUT /api/payment-settings': (request) => [200, request.body],
    });
    renderApp('/payment-details');
    const list = within(await screen.findByRole('list', { name: 'Saved cards' }, slow));
    expect(list.getByText('Expired')).toBeTruthy();
    expect(list.getByText('This card has expired and cannot be charged.')).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: 'Make default: Mastercard •••• 4444, expires 04/2030' }));
    expect(await screen.findByText('Mastercard •••• 4444, expires 04/2030 is now your default card.', undefined, slow)).toBeTruthy();

    fireEvent.click(list.getByRole('button', { name: 'Remove Visa •••• 0069, expires 04/2025' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove this card?' }));
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Keep it' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('Visa •••• 0069, expires 04/2025 has been removed.', undefined, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Expired')).toBeNull());

    expect((screen.getByLabelText('Pay invoices automatically when they are issued') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('Pay each invoice myself'));
    expect(await screen.findByText('You will pay each invoice yourself from Pending invoices.', undefined, slow)).toBeTruthy();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({ payManually: true });
    expect((screen.getByLabelText('Pay each invoice myself') as HTMLInputElement).checked).toBe(true);
  });

  it('shows loading, then an error with Try again', async () => {
    let fail = true;
    seekerApi({ 'GET /api/payment-methods': () => (fail ? [500, { message: 'Boom', code: 'INTERNAL' }] : [200, { cards: [], payManually: false, config: testConfig }]) });
    renderApp('/payment-details');
    expect(await screen.findByText('Loading your payment details', undefined, slow)).toBeTruthy();
    expect((await screen.findByRole('alert', undefined, slow)).textContent).toContain('We could not load your payment details just now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no saved cards. Add one to pay invoices by card.', undefined, slow)).toBeTruthy();
  });
});
