import { Anchor, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Invoice } from '@tendly/domain/api/invoices';
import type { InvoiceClaimLine, InvoicePayments, Payment } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { routePath } from '@tendly/domain/routes';
import { stateTimeZone } from '@tendly/domain/states';
import type { InvoiceParty } from '../../platform/invoice-list';
import { formatDateIn, formatLocalDay } from '../../platform/job-report-format';
import { Notice } from '../../platform/notice';
import { OutcomeAnnouncement } from '../../platform/outcome-announcement';
import { PayInvoiceDialog } from '../../platform/pay-invoice-dialog';
import { invoiceQueryKeys } from '../../platform/invoices-api';
import { useSiteConfig } from '../../platform/site-config';
import { cardBrandName, cardLabel, fetchInvoicePayments, paymentQueryKeys } from '../../platform/payments-api';
import classes from '../../platform/invoice-view.module.css';

const channelNames: Record<Payment['channel'], string> = { CARD: 'Card', BANK_TRANSFER: 'Bank transfer', FUNDER_TRANSFER: 'Transfer from the funder', NDIA: 'NDIA claim' };

function paymentText(payment: Payment, zone: string): string {
  const when = payment.receivedOn ? formatLocalDay(payment.receivedOn) : formatDateIn(payment.createdAt, zone);
  const how = payment.channel === 'CARD' && payment.cardLast4 ? `${cardBrandName(payment.cardBrand ?? '')} •••• ${payment.cardLast4}` : channelNames[payment.channel];
  const reference = payment.reference ? `, reference ${payment.reference}` : '';
  switch (payment.status) {
    case 'SUCCEEDED':
      return `${formatCents(payment.amountCents)} paid on ${when} (${how}${reference}).`;
    case 'PENDING':
      return `${formatCents(payment.amountCents)} being processed since ${when} (${how}).`;
    case 'FAILED':
      return `${formatCents(payment.amountCents)} could not be charged on ${when} (${how}, attempt ${payment.attempt}).`;
  }
}

/**
 * The platform's account and the invoice's payment reference (issue 28): every payer by transfer
 * (the care seeker, a plan manager, an aged care provider) pays into the one account, and the
 * reference, unique across the platform, is how the money finds this invoice.
 */
function TransferDetails({ transfer }: { transfer: InvoicePayments['bankTransfer'] }) {
  return (
    <>
      <dl className={classes.facts}>
        <dt>Account name</dt>
        <dd>{transfer.accountName}</dd>
        <dt>BSB</dt>
        <dd>{transfer.bsb}</dd>
        <dt>Account number</dt>
        <dd>{transfer.accountNumber}</dd>
        <dt>Payment reference</dt>
        <dd>{transfer.reference}</dd>
      </dl>
      <Text size="sm">Quote the payment reference exactly as shown, so that the payment is matched to this invoice.</Text>
    </>
  );
}

/** One NDIA claim of a line, in words (issue 28): accepted is not paid, and the amount paid is what counts. */
function claimLineText(line: InvoiceClaimLine): string {
  const what = `Line ${line.linePosition + 1}${line.resubmissionOf ? ', the difference claimed again' : ''} (${line.claimReference})`;
  switch (line.status) {
    case 'SUBMITTED':
      return `${what}: ${formatCents(line.claimedCents)} claimed, waiting for the NDIA’s answer.`;
    case 'REJECTED':
      return `${what}: rejected by the NDIA: ${line.rejectionReason ?? 'no reason given'}`;
    case 'ACCEPTED':
      return `${what}: the NDIA accepted ${formatCents(line.acceptedCents ?? line.claimedCents)} of ${formatCents(line.claimedCents)}; the money has not arrived yet.`;
    case 'PAID':
      return `${what}: ${formatCents(line.cashCents ?? 0)} of ${formatCents(line.claimedCents)} received.`;
  }
}

const shortfallActionText: Record<NonNullable<InvoiceClaimLine['shortfallAction']>, string> = {
  RESUBMIT: 'The difference is being claimed again.',
  WRITE_OFF: 'The difference was written off.',
  BILL_CARE_SEEKER: 'The difference is billed to the care seeker.',
};

function ClaimLines({ lines }: { lines: readonly InvoiceClaimLine[] }) {
  return (
    <div>
      <Title order={3} size="h4" mb="xs">
        NDIA claim
      </Title>
      <ul aria-label="NDIA claim lines" style={{ margin: 0, paddingLeft: '1.25rem' }}>
        {lines.map((line) => (
          <li key={line.id}>
            <Text>{claimLineText(line)}</Text>
            {line.shortPaid && (
              <Text size="sm">
                Short-paid by {formatCents(line.shortCents)}. {line.shortReason ?? ''} {line.shortfallAction ? shortfallActionText[line.shortfallAction] : ''}
              </Text>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function HowToPay({ invoice, payments, party }: { invoice: Invoice; payments: InvoicePayments; party: InvoiceParty }) {
  const zone = stateTimeZone(invoice.state);
  const site = useSiteConfig();
  const you = party === 'CARE_SEEKER';
  if (payments.howToPay === 'NDIA') {
    return (
      <Text>
        {invoice.ndisClaimed
          ? `Claimed from the NDIA${invoice.ndisClaimedAt ? ` on ${formatDateIn(invoice.ndisClaimedAt, zone)}` : ''}. It is paid when the NDIA pays the claim.`
          : `${site.brandName} claims this invoice from the NDIA${you ? ': there is nothing for you to pay' : ''}.`}
      </Text>
    );
  }
  if (payments.howToPay === 'FUNDER') {
    const funder = payments.funder;
    if (!funder) {
      return you ? (
        <Text>
          This invoice is paid by your plan manager or aged care provider. Add their details in{' '}
          <Anchor component={Link} to={routePath('providerDetails')}>
            Provider and plan details
          </Anchor>{' '}
          so we can send it to them.
        </Text>
      ) : (
        <Text>This invoice is paid by the client’s plan manager or aged care provider.</Text>
      );
    }
    const who = funder.name ? `${funder.name} (${funder.email})` : funder.email;
    return (
      <Stack gap="sm">
        <Text>
          {funder.sentAt
            ? `Sent to ${you ? 'your' : 'the'} plan manager or provider ${who} on ${formatDateIn(funder.sentAt, zone)}. They pay it by bank transfer to:`
            : `It will be sent to ${who}, who pays it by bank transfer to:`}
        </Text>
        <TransferDetails transfer={payments.bankTransfer} />
      </Stack>
    );
  }
  const transfer = payments.bankTransfer;
  return (
    <Stack gap="sm">
      {payments.autoPayCard ? (
        <Text>
          {you ? 'Your card' : 'The care seeker’s card'} {cardLabel(payments.autoPayCard)} is charged automatically.
        </Text>
      ) : you && invoice.status === 'ISSUED' ? (
        <Text>Pay by card with the Pay button, or by bank transfer:</Text>
      ) : (
        <Text>By card, or by bank transfer:</Text>
      )}
      <TransferDetails transfer={transfer} />
    </Stack>
  );
}

/**
 * The Payment panel of an invoice (issue 15): how it is paid (a card, a bank transfer to our
 * account quoting the invoice's payment reference, the plan manager or provider it was sent to,
 * or an NDIA claim), the payments made and those that failed with why, and the next retry.
 */
export function InvoicePaymentPanel({ invoice, party }: { invoice: Invoice; party: InvoiceParty }) {
  const payments = useQuery({ queryKey: paymentQueryKeys.invoice(invoice.id), queryFn: ({ signal }) => fetchInvoicePayments(invoice.id, signal) });
  const zone = stateTimeZone(invoice.state);
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState('');
  // The care seeker pays a card-or-transfer invoice right here (issue 31, item 4), adding a card in the dialog if none is saved.
  const canPay = party === 'CARE_SEEKER' && invoice.status === 'ISSUED' && payments.data?.howToPay === 'CARD_OR_TRANSFER';
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all }), queryClient.invalidateQueries({ queryKey: paymentQueryKeys.invoice(invoice.id) })]);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="invoice-payment-heading">
      <Title order={2} size="h3" id="invoice-payment-heading" mb="xs">
        Payment
      </Title>
      {payments.isPending && <Skeleton height={80} aria-hidden="true" />}
      {payments.isError && (
        <Notice tone="error" role="alert">
          <Text>We could not load how this invoice is paid just now. Please try again in a minute.</Text>
        </Notice>
      )}
      <OutcomeAnnouncement outcome={paid === '' ? null : { tone: 'success', text: paid }} mb="sm" />
      {payments.data && (
        <Stack gap="md">
          {canPay && (
            <Button onClick={() => setPaying(true)} style={{ alignSelf: 'flex-start' }}>
              Pay {formatCents(invoice.totalCents)}
            </Button>
          )}
          {invoice.status === 'PAID' ? <Text fw={700}>This invoice is paid.</Text> : <HowToPay invoice={invoice} payments={payments.data} party={party} />}
          {invoice.status === 'ISSUED' && payments.data.receivedCents > 0 && (
            <Text>
              Received {formatCents(payments.data.receivedCents)}. Outstanding {formatCents(payments.data.outstandingCents)}.
            </Text>
          )}
          {payments.data.claimLines.length > 0 && <ClaimLines lines={payments.data.claimLines} />}
          {payments.data.payments.length > 0 && (
            <div>
              <Title order={3} size="h4" mb="xs">
                Payments
              </Title>
              <ul aria-label="Payments" style={{ margin: 0, paddingLeft: '1.25rem' }}>
                {payments.data.payments.map((payment) => (
                  <li key={payment.id}>
                    <Text>{paymentText(payment, zone)}</Text>
                    {payment.status === 'FAILED' && payment.failureMessage && (
                      <Text size="sm" c="red.9">
                        {payment.failureMessage}
                      </Text>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {payments.data.nextRetryAt && invoice.status === 'ISSUED' && (
            <Text>
              We will try the card again on {formatDateIn(payments.data.nextRetryAt, zone)}
              {party === 'CARE_SEEKER' ? '. To pay sooner, or with another card, use the Pay button.' : '.'}
            </Text>
          )}
        </Stack>
      )}
      {paying && (
        <PayInvoiceDialog
          invoice={{ id: invoice.id, number: invoice.number, totalCents: invoice.totalCents }}
          onClose={() => setPaying(false)}
          onAlreadyPaid={() => void refresh()}
          onPaid={(_, card) => {
            setPaying(false);
            setPaid(`Invoice ${invoice.number} has been paid with ${card}.`);
            void refresh();
          }}
        />
      )}
    </Card>
  );
}
