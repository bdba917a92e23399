import { Button, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { InvoiceSummary } from '@tendly/domain/api/invoices';
import { IDEMPOTENCY_KEY_IN_USE_CODE, type InvoicePayments, type SavedCard } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { AddCardForm } from './add-card-form';
import { ApiError, errorText, isClientError } from './api-client';
import { DialogFormActions } from './dialog-form-actions';
import { Notice, SuccessStatus } from './notice';
import { cardLabel, fetchPaymentDetails, payInvoice, paymentQueryKeys } from './payments-api';
import { TEST_PAYMENTS_NOTICE } from './test-card-form';

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
  return isClientError(error) && !isStillInProgress(error);
}

/**
 * Paying one invoice by card (issue 15; issue 31 item 4), from /pending-invoices, the invoice's
 * own page or the dashboard: the default card is chosen to begin with; an expired card cannot be
 * chosen. With no card saved, the card form opens here (the one AddCardForm), and the card saved
 * is chosen, so nobody has to leave the invoice to add one; "Use a new card" opens it too. One
 * idempotency key per attempt, made when the dialog opens, so a double click or a retry charges
 * once. A declined card's message shows here.
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
  const queryClient = useQueryClient();
  const details = useQuery({ queryKey: paymentQueryKeys.details, queryFn: ({ signal }) => fetchPaymentDetails(signal) });
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [chosen, setChosen] = useState<string | null>(null);
  const [addingCard, setAddingCard] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
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
  const showCardForm = details.data !== undefined && (addingCard || usable.length === 0);

  async function cardSaved(card: SavedCard) {
    await queryClient.invalidateQueries({ queryKey: paymentQueryKeys.details });
    setChosen(card.id);
    setAddingCard(false);
    setSaved(`${cardLabel(card)} has been saved. Check the amount, then pay.`);
  }

  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }} centered size="lg">
      <Stack gap="md">
        <Text>
          Amount: <strong>{formatCents(invoice.totalCents)}</strong>
        </Text>
        {details.isPending && <Skeleton height={80} aria-hidden="true" />}
        {details.isError && (
          <Notice tone="error" role="alert">
            <Text>We could not load your saved cards just now. Please try again in a minute.</Text>
          </Notice>
        )}
        {details.data && showCardForm && (
          <>
            {usable.length === 0 && <Text>You have no card saved yet. Add one here to pay this invoice. It is kept for next time, and you can remove it in Payment details.</Text>}
            <AddCardForm config={details.data.config} onSaved={(card) => void cardSaved(card)} onCancel={() => (usable.length === 0 ? onClose() : setAddingCard(false))} />
          </>
        )}
        {details.data && !showCardForm && (
          <form
            noValidate
            aria-label={title}
            onSubmit={(event) => {
              event.preventDefault();
              if (inFlight.current || cardId === null) return;
              inFlight.current = true;
              pay.mutate(cardId);
            }}
          >
            <Stack gap="md">
              {details.data.config.provider === 'test' && (
                <Notice tone="warning">
                  <Text fw={700}>{TEST_PAYMENTS_NOTICE}</Text>
                </Notice>
              )}
              <SuccessStatus message={saved} />
              <Radio.Group label="Card to pay with" value={cardId} onChange={setChosen} required>
                <Stack gap="xs" mt="xs">
                  {usable.map((card) => (
                    <Radio key={card.id} value={card.id} label={`${cardLabel(card)}${card.isDefault ? ' (default)' : ''}`} />
                  ))}
                </Stack>
              </Radio.Group>
              <Button variant="subtle" onClick={() => setAddingCard(true)} style={{ alignSelf: 'flex-start' }}>
                Use a new card
              </Button>
              {pay.isError && (
                <Notice tone="error" role="alert">
                  <Text>{errorText(pay.error)}</Text>
                </Notice>
              )}
              <DialogFormActions submitLabel={`Pay ${formatCents(invoice.totalCents)}`} busy={pay.isPending} onCancel={onClose} />
            </Stack>
          </form>
        )}
      </Stack>
    </Modal>
  );
}
