import { Radio, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { z } from 'zod';
import { EARLIEST_MONEY_DATE, moneyToday, type receivableSchema, recordPaymentRequestSchema } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { parseShowingErrors, showServerFieldErrors } from '../../platform/form-state';
import { ErrorNotice } from '../../platform/notice';
import { recordPayment } from './money-admin-api';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { DialogForm } from '../../platform/dialog-form';
import { submitFailure } from '../../platform/submit-row';

type Receivable = z.infer<typeof receivableSchema>;
const fieldOrder = ['channel', 'amountCents', 'reference', 'receivedOn'] as const;

/** "156.88" or "$1,234.5" → cents; NaN when it is not an amount, so the schema says what to enter. */
function dollarsToCents(text: string): number {
  const clean = text.replace(/[$,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : Number.NaN;
}

/**
 * Recording money that arrived by transfer against an invoice (issue 15, /admin/payments): how it
 * came, the amount (the invoice total), the payer's reference and the day it arrived. The
 * invoice becomes PAID; the API refuses an amount other than the total, or a paid invoice.
 */
export function RecordPaymentDialog({ receivable, onClose, onRecorded }: { receivable: Receivable; onClose: () => void; onRecorded: () => void }) {
  const [channel, setChannel] = useState<string>(receivable.howToPay === 'FUNDER' ? 'FUNDER_TRANSFER' : 'BANK_TRANSFER');
  const [amount, setAmount] = useState((receivable.totalCents / 100).toFixed(2));
  // The reference payers are asked to quote (issue 28); the API refuses one that is another invoice's.
  const [reference, setReference] = useState(receivable.paymentReference ?? receivable.number);
  const [receivedOn, setReceivedOn] = useState(() => moneyToday());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refs = { amountCents: useRef<HTMLInputElement>(null), reference: useRef<HTMLInputElement>(null), receivedOn: useRef<HTMLInputElement>(null) };
  const focusFirst = (found: Record<string, string>) => {
    const first = fieldOrder.find((name) => found[name]);
    if (first && first !== 'channel') refs[first].current?.focus();
  };
  const record = useMutation({
    mutationFn: (request: Parameters<typeof recordPayment>[1]) => recordPayment(receivable.invoiceId, request),
    onSuccess: onRecorded,
    onError: showServerFieldErrors(setErrors, focusFirst),
  });
  const overall = submitFailure(record.error, fieldOrder);
  const title = `Record a payment for ${receivable.number}`;

  return (
    <DialogForm
      title={title}
      onClose={onClose}
      onSubmit={() => {
        if (record.isPending) return;
        const request = parseShowingErrors(recordPaymentRequestSchema, { channel, amountCents: dollarsToCents(amount), reference, receivedOn }, setErrors, focusFirst);
        if (request) record.mutate(request);
      }}
    >
      <Stack gap="md">
        <Text>
          {receivable.careSeekerName} for {receivable.clientName}, from {receivable.workerName}: <strong>{formatCents(receivable.totalCents)}</strong>
        </Text>
        <Radio.Group label="How the money came" value={channel} onChange={setChannel} error={errors.channel || undefined} required>
          <Stack gap="xs" mt="xs">
            <Radio value="BANK_TRANSFER" label="Bank transfer from the care seeker" />
            <Radio value="FUNDER_TRANSFER" label="Transfer from the plan manager or aged care provider" />
          </Stack>
        </Radio.Group>
        <TextInput ref={refs.amountCents} label="Amount received ($)" inputMode="decimal" required value={amount} onChange={(event) => setAmount(event.currentTarget.value)} error={errors.amountCents || undefined} data-autofocus />
        <TextInput ref={refs.reference} label="Reference the payer gave" required value={reference} onChange={(event) => setReference(event.currentTarget.value)} error={errors.reference || undefined} />
        <TextInput ref={refs.receivedOn} label="Date the money arrived" type="date" required min={EARLIEST_MONEY_DATE} max={moneyToday()} value={receivedOn} onChange={(event) => setReceivedOn(event.currentTarget.value)} error={errors.receivedOn || undefined} />
        <ErrorNotice message={overall} />
        <DialogFormActions submitLabel="Record payment" busy={record.isPending} onCancel={onClose} />
      </Stack>
    </DialogForm>
  );
}
