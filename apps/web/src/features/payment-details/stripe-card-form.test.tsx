import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderApp } from '../../app/test-app';
import { meAnswer, mockApi } from '../../app/test-api';
import { setUpPageTests } from '../../app/test-page-setup';
import { testCard } from '../../app/test-payments';
import { testUser } from '../../app/test-sessions';
import { setSignedInUser } from '../../platform/session';

// Stripe.js is loaded from js.stripe.com in a browser; here Elements is a stand-in whose
// confirmSetup answers as Stripe does, so the test proves what we send and show.
const confirmSetup = vi.fn();
const loadStripe = vi.fn(async (_key: string) => ({}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: (key: string) => loadStripe(key) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: { clientSecret: string } }) => <div data-client-secret={options.clientSecret}>{children}</div>,
  PaymentElement: () => <div>Stripe card fields</div>,
  useStripe: () => ({ confirmSetup }),
  useElements: () => ({}),
}));

setUpPageTests(() => Promise.all([import('./payment-details-page'), import('../../platform/stripe-card-form')]));

afterEach(() => {
  confirmSetup.mockReset();
});

const slow = { timeout: 10_000 };
const stripeConfig = { provider: 'stripe', publishableKey: 'pk_test_123' };

function stripeApi() {
  setSignedInUser(testUser('CS'));
  let cards: ReturnType<typeof testCard>[] = [];
  return mockApi({
    'GET /api/me': () => [200, meAnswer('CS')],
    'GET /api/payment-methods': () => [200, { cards, payManually: false, config: stripeConfig }],
    'POST /api/payment-methods/setup': () => [200, { clientSecret: 'seti_123_secret_456' }],
    'POST /api/payment-methods': () => {
      cards = [testCard()];
      return [201, cards[0]];
    },
  });
}

describe('adding a card through Stripe', { timeout: 30_000 }, () => {
  it('confirms the SetupIntent in Elements and saves the card by its id, with no test-payments notice', async () => {
    confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_123' } });
    const api = stripeApi();
    renderApp('/payment-details');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }, slow));
    const form = within(await screen.findByRole('form', { name: 'Add a card' }, slow));
    expect(form.getByText('Stripe card fields')).toBeTruthy();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(screen.queryByText(/test payments/i)).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Visa •••• 4242, expires 04/2030 has been saved.', undefined, slow)).toBeTruthy();
    expect(confirmSetup).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
    expect(api.requests.find((request) => request.method === 'POST' && request.path === '/api/payment-methods')?.body).toEqual({ provider: 'stripe', setupIntentId: 'seti_123' });
  });

  it('shows Stripe’s message when the card is refused, and saves nothing', async () => {
    confirmSetup.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    const api = stripeApi();
    renderApp('/payment-details');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a card' }, slow));
    const form = within(await screen.findByRole('form', { name: 'Add a card' }, slow));
    fireEvent.click(form.getByRole('button', { name: 'Save card' }));
    expect((await form.findByRole('alert', undefined, slow)).textContent).toBe('Your card number is incomplete.');
    expect(api.requests.some((request) => request.method === 'POST' && request.path === '/api/payment-methods')).toBe(false);
  });
});
