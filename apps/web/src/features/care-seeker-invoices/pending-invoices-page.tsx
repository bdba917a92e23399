import { Anchor, Button, Container, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { InvoiceSummary } from '@tendly/domain/api/invoices';
import { routePath } from '@tendly/domain/routes';
import { isPaidByCareSeeker } from '../../platform/how-invoices-are-paid';
import { InvoiceList } from '../../platform/invoice-list';
import { invoiceQueryKeys } from '../../platform/invoices-api';
import { Notice } from '../../platform/notice';
import { PayInvoiceDialog } from '../../platform/pay-invoice-dialog';

/**
 * /pending-invoices (issues 14 and 15): the care seeker's unpaid invoices, newest first, each with
 * what is due and when; those the care seeker pays themselves have a Pay button.
 */
export default function PendingInvoicesPage() {
  const [paying, setPaying] = useState<InvoiceSummary | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const paidRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();

  // The Pay button that opened the dialog goes with the paid invoice: focus moves to the message.
  useEffect(() => {
    if (paid) paidRef.current?.focus();
  }, [paid]);

  return (
    <Container size="md" py="xl">
      <Title order={1}>Pending invoices</Title>
      <Text size="lg" mt="xs">
        Invoices for approved hours that are waiting to be paid. Each one says how it will be paid, which depends on how the support is funded.
      </Text>
      <Text mt="xs" mb="xl">
        <Anchor component={Link} to={routePath('paymentDetails')}>
          Payment details
        </Anchor>
        : your saved cards, and whether invoices are paid automatically.
      </Text>
      <div role="status" aria-live="polite">
        {paid && (
          <Notice tone="success" mb="md" ref={paidRef} tabIndex={-1}>
            <Text>{paid}</Text>
          </Notice>
        )}
      </div>
      <InvoiceList
        status="ISSUED"
        party="CARE_SEEKER"
        label="Unpaid invoices"
        emptyText="You have no unpaid invoices."
        renderActions={(invoice) =>
          invoice.kind === 'INVOICE' && isPaidByCareSeeker(invoice.fundingType) ? (
            <Button mt="sm" onClick={() => setPaying(invoice)} aria-label={`Pay invoice ${invoice.number}`}>
              Pay
            </Button>
          ) : null
        }
      />
      {paying && (
        <PayInvoiceDialog
          invoice={paying}
          onClose={() => setPaying(null)}
          onAlreadyPaid={() => void queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all })}
          onPaid={(_, card) => {
            setPaying(null);
            setPaid(`Invoice ${paying.number} has been paid with ${card}.`);
            void queryClient.invalidateQueries({ queryKey: invoiceQueryKeys.all });
          }}
        />
      )}
    </Container>
  );
}
