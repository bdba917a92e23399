import { Anchor, Badge, Button, Card, Container, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { PaymentDetails, SavedCard } from '@tendly/domain/api/payments';
import { routePath } from '@tendly/domain/routes';
import { errorText } from '../../platform/api-client';
import { BusyButton } from '../../platform/busy-button';
import { ConfirmDialog } from '../../platform/confirm-dialog';
import { Notice } from '../../platform/notice';
import { cardLabel, fetchPaymentDetails, makeCardDefault, paymentQueryKeys, removeCard, savePaymentSettings } from '../../platform/payments-api';
import { AddCardForm } from '../../platform/add-card-form';
import { PageLoadState } from '../../platform/page-load-state';
import { SuccessAnnouncement } from '../../platform/outcome-announcement';
import { TitledSection } from '../../platform/titled-section';

const AUTOMATIC = 'automatic';
const MANUAL = 'manual';

/**
 * /payment-details (issue 15): the care seeker's saved cards (make one the default, remove one,
 * add one through Stripe Elements or, without Stripe keys, the test provider's form) and whether
 * invoices are charged to the default card when issued or paid one by one from /pending-invoices.
 */
export default function PaymentDetailsPage() {
  const details = useQuery({ queryKey: paymentQueryKeys.details, queryFn: ({ signal }) => fetchPaymentDetails(signal) });
  const [announcement, setAnnouncement] = useState('');
  const announce = (text: string) => setAnnouncement(text);

  return (
    <Container size="md" py="xl">
      <Title order={1}>Payment details</Title>
      <Text size="lg" mt="xs">
        The cards you pay invoices with, and whether they are paid automatically.
      </Text>
      {details.data?.config.provider === 'test' && (
        <Notice tone="warning" mt="md">
          <Text fw={700}>This site takes test payments.</Text>
          <Text size="sm">Cards saved here are test cards: nothing is charged to a real card.</Text>
        </Notice>
      )}
      <SuccessAnnouncement text={announcement} mt="md" />
      <PageLoadState query={details} what="your payment details" failure={<>We could not load your payment details just now. {errorText(details.error)}</>} skeletonHeight={200} />
      {details.data && (
        <Stack gap="xl" mt="xl">
          <SavedCards details={details.data} onAnnounce={announce} />
          <PaymentTiming details={details.data} onAnnounce={announce} />
        </Stack>
      )}
      {/* Under the cards once they are in: below the loading ones they were pushed down a phone's screen. */}
      {!details.isPending && (
        <Text mt="xl">
          <Anchor component={Link} to={routePath('pendingInvoices')}>
            Your unpaid invoices
          </Anchor>{' '}
          ·{' '}
          <Anchor component={Link} to={routePath('invoicesAndHours')}>
            Invoices and hours
          </Anchor>
        </Text>
      )}
    </Container>
  );
}

function SavedCards({ details, onAnnounce }: { details: PaymentDetails; onAnnounce: (text: string) => void }) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentQueryKeys.details });
  const remove = useMutation({
    mutationFn: (card: SavedCard) => removeCard(card.id),
    onSuccess: async (_, card) => {
      setRemoving(null);
      onAnnounce(`${cardLabel(card)} has been removed.`);
      await refresh();
      addButton.current?.focus();
    },
  });
  const makeDefault = useMutation({
    mutationFn: (card: SavedCard) => makeCardDefault(card.id),
    onSuccess: async (card) => {
      onAnnounce(`${cardLabel(card)} is now your default card.`);
      await refresh();
    },
  });
  const { config } = details;

  return (
    <TitledSection id="saved-cards-heading" heading="Saved cards" size="h3">
      {details.cards.length === 0 ? (
        <Text mt="sm">You have no saved cards. Add one to pay invoices by card.</Text>
      ) : (
        <ul aria-label="Saved cards" style={{ listStyle: 'none', padding: 0, margin: 'var(--mantine-spacing-sm) 0 0', display: 'grid', gap: 'var(--mantine-spacing-sm)' }}>
          {details.cards.map((card) => (
            <li key={card.id}>
              <Card withBorder radius="md" padding="md">
                <Group justify="space-between" align="center" wrap="wrap" gap="sm">
                  <div>
                    <Text fw={700}>{cardLabel(card)}</Text>
                    <Group gap="xs" mt={4}>
                      {card.isDefault && (
                        <Badge variant="filled" color="blue.9" radius="sm" tt="none">
                          Default
                        </Badge>
                      )}
                      {card.expired && (
                        <Badge variant="filled" color="red.9" radius="sm" tt="none">
                          Expired
                        </Badge>
                      )}
                    </Group>
                    {card.expired && <Text size="sm">This card has expired and cannot be charged.</Text>}
                  </div>
                  <Group gap="xs">
                    {!card.isDefault && !card.expired && (
                      <BusyButton variant="outline" size="sm" busy={makeDefault.isPending && makeDefault.variables?.id === card.id} onClick={() => makeDefault.mutate(card)} aria-label={`Make default: ${cardLabel(card)}`}>
                        Make default
                      </BusyButton>
                    )}
                    <Button variant="outline" color="red.9" size="sm" onClick={() => setRemoving(card)} aria-label={`Remove ${cardLabel(card)}`}>
                      Remove
                    </Button>
                  </Group>
                </Group>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {makeDefault.isError && (
        <Notice tone="error" role="alert" mt="sm">
          <Text>{errorText(makeDefault.error)}</Text>
        </Notice>
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        {adding ? (
          <AddCardForm
            config={config}
            onCancel={() => setAdding(false)}
            onSaved={async (card) => {
              setAdding(false);
              onAnnounce(`${cardLabel(card)} has been saved.`);
              await refresh();
            }}
          />
        ) : (
          <Button ref={addButton} onClick={() => setAdding(true)}>
            Add a card
          </Button>
        )}
      </div>
      {removing && (
        <ConfirmDialog
          title="Remove this card?"
          confirmLabel="Remove card"
          cancelLabel="Keep it"
          danger
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate(removing)}
          onClose={() => {
            remove.reset();
            setRemoving(null);
          }}
        >
          {`${cardLabel(removing)} will no longer be charged.${removing.isDefault && details.cards.length > 1 ? ' Choose another card as your default.' : ''}`}
        </ConfirmDialog>
      )}
    </TitledSection>
  );
}

function PaymentTiming({ details, onAnnounce }: { details: PaymentDetails; onAnnounce: (text: string) => void }) {
  const queryClient = useQueryClient();
  // The choice shows at once, in the same render as the press (a controlled radio would otherwise
  // flick back until the request is under way), and goes back to what is saved if saving fails.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: savePaymentSettings,
    onSuccess: ({ payManually }) => {
      queryClient.setQueryData<PaymentDetails>(paymentQueryKeys.details, (current) => (current ? { ...current, payManually } : current));
      setChosen(null);
      onAnnounce(payManually ? 'You will pay each invoice yourself from Pending invoices.' : 'Invoices will be charged to your default card when they are issued.');
    },
    onError: () => setChosen(null),
  });
  const value = chosen ?? details.payManually;
  return (
    <section aria-labelledby="payment-timing-heading">
      <Radio.Group
        value={value ? MANUAL : AUTOMATIC}
        onChange={(choice) => {
          setChosen(choice === MANUAL);
          save.mutate(choice === MANUAL);
        }}
        label={
          <Title order={2} size="h3" id="payment-timing-heading" component="span">
            When invoices are paid
          </Title>
        }
        description="This applies to invoices you pay by card. Invoices paid by your plan manager, aged care provider or the NDIA are not charged to your card."
      >
        <Stack gap="sm" mt="sm">
          <Radio value={AUTOMATIC} label="Pay invoices automatically when they are issued" description="Your default card is charged when your worker’s hours are approved and the invoice is issued." />
          <Radio value={MANUAL} label="Pay each invoice myself" description="Pay from Pending invoices, with the card you choose, by the due date." />
        </Stack>
      </Radio.Group>
      {save.isError && (
        <Notice tone="error" role="alert" mt="sm">
          <Text>{errorText(save.error)}</Text>
        </Notice>
      )}
    </section>
  );
}
