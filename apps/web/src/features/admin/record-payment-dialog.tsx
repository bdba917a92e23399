import { Radio, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { moneyToday, type receivableSchema, recordPaymentRequestSchema } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { parseShowingErrors, showServerFieldErrors, useFieldFocus } from '../../platform/form-state';
import { recordPayment } from './money-admin-api';
import { AmountReceivedInput, ArrivalDateInput, dollarsToCents, MoneyReceivedDialog } from './money-received-fields';
import { submitFailure } from '../../platform/submit-row';

type Receivable = z.infer<typeof receivableSchema>;
const fieldOrder = ['channel', 'amountCents', 'reference', 'receivedOn'] as const;

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
  // No ref for the channel's radios: an error on them leaves focus where it is.
  const { fieldRef, focusFirst } = useFieldFocus(fieldOrder);
  const record = useMutation({
    mutationFn: (request: Parameters<typeof recordPayment>[1]) => recordPayment(receivable.invoiceId, request),
    onSuccess: onRecorded,
    onError: showServerFieldErrors(setErrors, focusFirst),
  });
  const overall = submitFailure(record.error, fieldOrder);
  const title = `Record a payment for ${receivable.number}`;

  return (
    <MoneyReceivedDialog
      title={title}
      summary={
        <>
          {receivable.careSeekerName} for {receivable.clientName}, from {receivable.workerName}: <strong>{formatCents(receivable.totalCents)}</strong>
        </>
      }
      submitLabel="Record payment"
      busy={record.isPending}
      failure={overall}
      onClose={onClose}
      onSubmit={() => {
        // An amount that is not dollars and cents goes to the schema as NaN, so it says what to enter.
        const request = parseShowingErrors(recordPaymentRequestSchema, { channel, amountCents: dollarsToCents(amount) ?? Number.NaN, reference, receivedOn }, setErrors, focusFirst);
        if (request) record.mutate(request);
      }}
    >
      <Radio.Group label="How the money came" value={channel} onChange={setChannel} error={errors.channel || undefined} required>
        <Stack gap="xs" mt="xs">
          <Radio value="BANK_TRANSFER" label="Bank transfer from the care seeker" />
          <Radio value="FUNDER_TRANSFER" label="Transfer from the plan manager or aged care provider" />
        </Stack>
      </Radio.Group>
      <AmountReceivedInput ref={fieldRef('amountCents')} value={amount} onChange={setAmount} error={errors.amountCents} />
      <TextInput ref={fieldRef('reference')} label="Reference the payer gave" required value={reference} onChange={(event) => setReference(event.currentTarget.value)} error={errors.reference || undefined} />
      <ArrivalDateInput ref={fieldRef('receivedOn')} value={receivedOn} onChange={setReceivedOn} error={errors.receivedOn} />
    </MoneyReceivedDialog>
  );
}
