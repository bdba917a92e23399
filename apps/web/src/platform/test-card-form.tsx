import { List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { saveCardRequestSchema, type SavedCard } from '@tendly/domain/api/payments';
import { parseShowingErrors, useFieldFocus } from './form-state';
import { ApiError, errorText, hasFieldErrors } from './api-client';
import { ErrorNotice, Notice } from './notice';
import { saveCard } from './payments-api';
import { SaveCardActions } from './save-card-actions';

const fieldOrder = ['cardNumber', 'expMonth', 'expYear', 'cvc'] as const;
type Field = (typeof fieldOrder)[number];

/** Stripe's published test numbers, which the built-in test provider accepts (issue 15). */
const testCards: readonly { number: string; what: string }[] = [
  { number: '4242 4242 4242 4242', what: 'Visa: payments succeed' },
  { number: '5555 5555 5555 4444', what: 'Mastercard: payments succeed' },
  { number: '4000 0000 0000 0002', what: 'Visa: payments are declined' },
  { number: '4000 0000 0000 9995', what: 'Visa: payments fail for insufficient funds' },
];

export const TEST_PAYMENTS_NOTICE = 'Test payments — no real card is charged';

/**
 * Adding a card when Tendly runs without Stripe keys: a plain card form for the built-in test
 * provider, which accepts only Stripe's test numbers. It says so, and lists them.
 */
export function TestCardForm({ onSaved, onCancel }: { onSaved: (card: SavedCard) => void; onCancel: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ cardNumber: '', expMonth: '', expYear: '', cvc: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { fieldRef, focusFirst } = useFieldFocus(fieldOrder);
  const save = useMutation({
    mutationFn: saveCard,
    onSuccess: onSaved,
    onError: (error) => {
      if (hasFieldErrors(error)) {
        setErrors(error.fieldErrors);
        focusFirst(error.fieldErrors);
      }
    },
  });
  const apiFieldErrors = save.error instanceof ApiError && fieldOrder.some((name) => save.error instanceof ApiError && save.error.fieldErrors[name]);
  const overall = save.error !== null && !apiFieldErrors ? errorText(save.error) : null;

  const field = (name: Field, label: string, props: { autoComplete: string; inputMode: 'numeric'; placeholder?: string; maxLength?: number }) => (
    <TextInput
      ref={fieldRef(name)}
      label={label}
      required
      value={values[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => (current[name] ? { ...current, [name]: '' } : current));
      }}
      error={errors[name] || undefined}
      {...props}
    />
  );

  return (
    <form
      noValidate
      aria-labelledby="test-card-heading"
      onSubmit={(event) => {
        event.preventDefault();
        if (save.isPending) return;
        const request = parseShowingErrors(saveCardRequestSchema, { provider: 'test', ...values }, setErrors, focusFirst);
        if (request) save.mutate(request);
      }}
    >
      <Stack gap="md" maw={520}>
        <Title order={3} size="h4" id="test-card-heading">
          Add a card
        </Title>
        <Notice tone="warning">
          <Text fw={700}>{TEST_PAYMENTS_NOTICE}</Text>
          <Text size="sm">This site takes test payments only. Use one of these test card numbers, any future expiry date and any three-digit security code:</Text>
          <List size="sm" mt={4}>
            {testCards.map((card) => (
              <List.Item key={card.number}>
                <span style={{ fontVariantNumeric: 'tabular-nums' }}>{card.number}</span> — {card.what}
              </List.Item>
            ))}
          </List>
        </Notice>
        {field('cardNumber', 'Card number', { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 23 })}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {field('expMonth', 'Expiry month (MM)', { autoComplete: 'cc-exp-month', inputMode: 'numeric', maxLength: 2 })}
          {field('expYear', 'Expiry year (YYYY)', { autoComplete: 'cc-exp-year', inputMode: 'numeric', maxLength: 4 })}
          {field('cvc', 'Security code (CVC)', { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 })}
        </SimpleGrid>
        <ErrorNotice message={overall} />
        <SaveCardActions busy={save.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
