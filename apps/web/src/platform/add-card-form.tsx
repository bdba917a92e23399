import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { PaymentDetails, SavedCard } from '@tendly/domain/api/payments';
import { TestCardForm } from './test-card-form';

// Stripe.js and Elements load only when a care seeker adds a card through Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

/**
 * Adding a card (issue 15; issue 31 item 4): through Stripe Elements when the site has Stripe
 * keys, otherwise the test provider's form. The one card form of the product, used on
 * /payment-details and in the Pay dialog of an invoice when no card is saved yet.
 */
export function AddCardForm({ config, onSaved, onCancel }: { config: PaymentDetails['config']; onSaved: (card: SavedCard) => void; onCancel: () => void }) {
  if (config.provider === 'stripe' && config.publishableKey) {
    return (
      <Suspense fallback={<Skeleton height={160} aria-hidden="true" />}>
        <StripeCardForm publishableKey={config.publishableKey} onSaved={onSaved} onCancel={onCancel} />
      </Suspense>
    );
  }
  return <TestCardForm onSaved={onSaved} onCancel={onCancel} />;
}
