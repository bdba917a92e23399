import { Button, Group, NativeSelect, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { howToPayCodes, type HowToPay, type receivableSchema } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { isOneOf } from '@tendly/domain/coded-options';
import { AdminPage } from '../../platform/admin-console';
import { fundingLabel } from '../../platform/invoice-format';
import { Notice } from '../../platform/notice';
import { formatCalendarDate, formatDateTime } from './admin-format';
import { LoadState } from './list-state';
import { fetchReceivables, moneyQueryKeys } from './money-admin-api';
import { RecordPaymentDialog } from './record-payment-dialog';
import classes from '../../platform/admin-console.module.css';
import { ColumnHeaders } from '../../platform/column-headers';

type Receivable = z.infer<typeof receivableSchema>;

const howToPayLabels: Record<HowToPay, string> = { CARD_OR_TRANSFER: 'Care seeker (card or transfer)', FUNDER: 'Plan manager or aged care provider', NDIA: 'NDIA claim' };

/**
 * /admin/payments (issue 15): invoices waiting for money, found by the reference the payer gave
 * (the invoice number), and recording a transfer received, which marks the invoice paid.
 */
export default function AdminPaymentsPage() {
  const [params, setParams] = useSearchParams();
  const reference = params.get('reference') ?? '';
  const howToPayParam = params.get('howToPay') ?? '';
  const howToPay: HowToPay | '' = isOneOf(howToPayCodes, howToPayParam) ? howToPayParam : '';
  const [draft, setDraft] = useState({ reference, howToPay: howToPay as string });
  const [recording, setRecording] = useState<Receivable | null>(null);
  const [recorded, setRecorded] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const receivables = useQuery({
    queryKey: moneyQueryKeys.receivables(reference, howToPay),
    queryFn: ({ signal }) => fetchReceivables(reference, howToPay, signal),
    placeholderData: keepPreviousData,
  });

  function search(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (draft.reference.trim()) next.reference = draft.reference.trim();
    if (draft.howToPay) next.howToPay = draft.howToPay;
    setParams(next);
  }

  return (
    <AdminPage title="Payments received" intro={<Text mt="xs">Invoices waiting for money. Find one by the payment reference the payer quoted (spaces do not matter), or by invoice number or name, and record the transfer.</Text>}>
      <form aria-label="Find invoices waiting for money" onSubmit={search}>
        <Group align="flex-end" mt="md" wrap="wrap">
          <TextInput label="Payment reference or invoice number" value={draft.reference} onChange={(event) => setDraft({ ...draft, reference: event.currentTarget.value })} />
          <NativeSelect
            label="Paid by"
            value={draft.howToPay}
            onChange={(event) => setDraft({ ...draft, howToPay: event.currentTarget.value })}
            data={[{ value: '', label: 'Anyone' }, ...howToPayCodes.map((code) => ({ value: code, label: howToPayLabels[code] }))]}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <div role="status" aria-live="polite">
        {recorded && (
          <Notice tone="success" mt="md">
            <Text>{recorded}</Text>
          </Notice>
        )}
      </div>
      <LoadState isPending={receivables.isPending} error={receivables.error} what="invoices waiting for money" />
      {receivables.data &&
        (receivables.data.receivables.length === 0 ? (
          <Text mt="md">{reference ? `No unpaid invoice matches “${reference}”.` : 'No invoices are waiting for money.'}</Text>
        ) : (
          <div className={classes.tableWrap} tabIndex={0} role="region" aria-label="Invoices waiting for money">
            <Table striped mt="md">
              <Table.Caption>Invoices waiting for money, oldest first</Table.Caption>
              <ColumnHeaders
                columns={['Invoice', 'Care seeker and client', 'Worker', 'Paid by', 'Total', 'Issued', 'Due', <VisuallyHidden key="action">Action</VisuallyHidden>]}
              />
              <Table.Tbody>
                {receivables.data.receivables.map((receivable) => (
                  <Table.Tr key={receivable.invoiceId}>
                    <Table.Td>
                      {receivable.number}
                      {receivable.paymentReference && <Text size="sm">Reference {receivable.paymentReference}</Text>}
                    </Table.Td>
                    <Table.Td>
                      {receivable.careSeekerName}
                      <Text size="sm">for {receivable.clientName}</Text>
                    </Table.Td>
                    <Table.Td>{receivable.workerName}</Table.Td>
                    <Table.Td>
                      {howToPayLabels[receivable.howToPay]}
                      <Text size="sm">{fundingLabel(receivable.fundingType)}</Text>
                    </Table.Td>
                    <Table.Td>{formatCents(receivable.totalCents)}</Table.Td>
                    <Table.Td>{formatDateTime(receivable.issuedAt)}</Table.Td>
                    <Table.Td>{formatCalendarDate(receivable.dueDate)}</Table.Td>
                    <Table.Td>
                      {receivable.howToPay !== 'NDIA' && (
                        <Button
                          size="sm"
                          variant="outline"
                          onClick={() => {
                            setRecorded(null);
                            setRecording(receivable);
                          }}
                          aria-label={`Record payment for ${receivable.number}`}
                        >
                          Record payment
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        ))}
      {recording && (
        <RecordPaymentDialog
          receivable={recording}
          onClose={() => setRecording(null)}
          onRecorded={() => {
            setRecorded(`Payment recorded: ${recording.number} is now paid.`);
            setRecording(null);
            void queryClient.invalidateQueries({ queryKey: moneyQueryKeys.allReceivables });
          }}
        />
      )}
    </AdminPage>
  );
}
