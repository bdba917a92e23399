import { Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SavedCard } from '@tendly/domain/api/payments';
import { errorText, UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { ErrorNotice, Notice } from './notice';
import { saveCard, startCardSetup } from './payments-api';
import { SaveCardActions } from './save-card-actions';

/** Stripe.js, loaded once per publishable key, and only when this form is shown (js.stripe.com). */
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const loaded = stripeByKey.get(publishableKey) ?? loadStripe(publishableKey);
  stripeByKey.set(publishableKey, loaded);
  return loaded;
}

/**
 * Adding a card through Stripe (issue 15): the card is typed into Stripe Elements and never
 * reaches our server. The API starts a SetupIntent, Elements confirms it with the card, and we
 * send the SetupIntent's id so the API saves the card Stripe kept. This module (and Stripe.js)
 * loads lazily, only when a card is added (AddCardForm).
 */
export default function StripeCardForm({ publishableKey, onSaved, onCancel }: { publishableKey: string; onSaved: (card: SavedCard) => void; onCancel: () => void }) {
  const setup = useQuery({ queryKey: ['payments', 'card-setup'], queryFn: startCardSetup, staleTime: Infinity, gcTime: 0, retry: false });
  return (
    <Stack gap="md" maw={520}>
      <Title order={3} size="h4" id="stripe-card-heading">
        Add a card
      </Title>
      <Text size="sm">Your card details go straight to Stripe, our payment provider. We keep only the card’s brand, last four digits and expiry.</Text>
      {setup.isError && (
        <Notice tone="error" role="alert">
          <Text>{errorText(setup.error)}</Text>
        </Notice>
      )}
      {setup.isPending && <Skeleton height={120} aria-hidden="true" />}
      {setup.data && (
        <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret: setup.data }}>
          <ConfirmCard onSaved={onSaved} onCancel={onCancel} />
        </Elements>
      )}
      {!setup.data && (
        <Button variant="default" onClick={onCancel} style={{ alignSelf: 'flex-start' }}>
          Cancel
        </Button>
      )}
    </Stack>
  );
}

function ConfirmCard({ onSaved, onCancel }: { onSaved: (card: SavedCard) => void; onCancel: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit() {
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
      if (result.error) {
        setProblem(result.error.message ?? UNEXPECTED_RESPONSE_MESSAGE);
        return;
      }
      onSaved(await saveCard({ provider: 'stripe', setupIntentId: result.setupIntent.id }));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-labelledby="stripe-card-heading"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <PaymentElement />
        <ErrorNotice message={problem} />
        <SaveCardActions busy={busy || !stripe} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
