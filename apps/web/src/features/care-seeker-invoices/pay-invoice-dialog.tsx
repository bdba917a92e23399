import { Anchor, Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { InvoiceSummary } from '@tendly/domain/api/invoices';
import { IDEMPOTENCY_KEY_IN_USE_CODE, NO_CARD_MESSAGE, type InvoicePayments } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { Notice } from '../../platform/notice';
import { cardLabel, fetchPaymentDetails, payInvoice, paymentQueryKeys } from '../../platform/payments-api';
import { DialogForm } from '../../platform/dialog-form';

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The first request with this key is still being processed: the same key is sent again for its answer. */
function isStillInProgress(error: unknown): boolean {
  return error instanceof ApiError && error.code === IDEMPOTENCY_KEY_IN_USE_CODE;
}

/**
 * Whether a failure is the API's final word on this attempt (a decline, already paid): trying
 * again is then a new attempt with a new key. After a lost answer, a server fault or a first
 * request still in progress the same key is sent again, so the API answers with the first result
 * rather than charging twice.
 */
function isFinalAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && !isStillInProgress(error);
}

/**
 * Paying one invoice with a saved card (issue 15, /pending-invoices): the default card is chosen
 * to begin with; an expired card cannot be chosen. One idempotency key per attempt, made when the
 * dialog opens, so a double click or a retry charges once. A declined card's message shows here.
 */
export function PayInvoiceDialog({
  invoice,
  onClose,
  onPaid,
  onAlreadyPaid,
}: {
  invoice: Pick<InvoiceSummary, 'id' | 'number' | 'totalCents'>;
  onClose: () => void;
  onPaid: (paid: InvoicePayments, card: string) => void;
  /** The API says it is paid already (paid automatically, or in another tab): the list is out of date. */
  onAlreadyPaid: () => void;
}) {
  const details = useQuery({ queryKey: paymentQueryKeys.details, queryFn: ({ signal }) => fetchPaymentDetails(signal) });
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [chosen, setChosen] = useState<string | null>(null);
  // Set at once on submit: the mutation's pending state renders a moment later, after a fast second click.
  const inFlight = useRef(false);
  const usable = details.data?.cards.filter((card) => !card.expired) ?? [];
  const cardId = chosen ?? usable.find((card) => card.isDefault)?.id ?? usable[0]?.id ?? null;
  const pay = useMutation({
    mutationFn: (paymentMethodId: string) => payInvoice(invoice.id, paymentMethodId, idempotencyKey),
    onSettled: () => {
      inFlight.current = false;
    },
    onSuccess: (paid, paymentMethodId) => {
      const card = usable.find((one) => one.id === paymentMethodId);
      onPaid(paid, card ? cardLabel(card) : 'your card');
    },
    onError: (error) => {
      if (isFinalAnswer(error)) setIdempotencyKey(newIdempotencyKey());
      if (error instanceof ApiError && error.status === 409 && !isStillInProgress(error)) onAlreadyPaid();
    },
  });
  const title = `Pay invoice ${invoice.number}`;

  return (
    <DialogForm
      title={title}
      onClose={onClose}
      onSubmit={() => {
        if (inFlight.current || cardId === null) return;
        inFlight.current = true;
        pay.mutate(cardId);
      }}
    >
      <Stack gap="md">
        <Text>
          Amount: <strong>{formatCents(invoice.totalCents)}</strong>
        </Text>
        {details.data?.config.provider === 'test' && (
          <Notice tone="warning">
            <Text fw={700}>Test payments — no real card is charged</Text>
          </Notice>
        )}
        {details.isPending && <Skeleton height={80} aria-hidden="true" />}
        {details.isError && (
          <Notice tone="error" role="alert">
            <Text>We could not load your saved cards just now. Please try again in a minute.</Text>
          </Notice>
        )}
        {details.data && usable.length === 0 && (
          <Text>
            {NO_CARD_MESSAGE}{' '}
            <Anchor component={Link} to={routePath('paymentDetails')}>
              Add a card
            </Anchor>
          </Text>
        )}
        {usable.length > 0 && (
          <Radio.Group label="Card to pay with" value={cardId} onChange={setChosen} required>
            <Stack gap="xs" mt="xs">
              {usable.map((card) => (
                <Radio key={card.id} value={card.id} label={`${cardLabel(card)}${card.isDefault ? ' (default)' : ''}`} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {pay.isError && (
          <Notice tone="error" role="alert">
            <Text>{pay.error instanceof ApiError ? pay.error.message : UNEXPECTED_RESPONSE_MESSAGE}</Text>
          </Notice>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {usable.length > 0 && (
            <BusyButton type="submit" busy={pay.isPending}>
              Pay {formatCents(invoice.totalCents)}
            </BusyButton>
          )}
        </Group>
      </Stack>
    </DialogForm>
  );
}
