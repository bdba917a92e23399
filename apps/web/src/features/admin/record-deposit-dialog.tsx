import { TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';
import { type adminClaimLineSchema, confirmDepositRequestSchema, moneyToday } from '@tendly/domain/api/payments';
import { formatCents } from '@tendly/domain/format';
import { fieldErrors } from '@tendly/domain/validation/field-errors';
import { showServerFieldErrors, useFieldFocus } from '../../platform/form-state';
import { confirmDeposit, type ConfirmDepositRequest } from './money-admin-api';
import { AmountReceivedInput, ArrivalDateInput, dollarsToCents, MoneyReceivedDialog } from './money-received-fields';
import { submitFailure } from '../../platform/submit-row';

type ClaimLine = z.infer<typeof adminClaimLineSchema>;
const fieldOrder = ['amountCents', 'receivedOn', 'reference'] as const;

export const DEPOSIT_AMOUNT_FORMAT = 'Enter the amount in dollars and cents, like 140.00';
export const DEPOSIT_AMOUNT_ZERO = 'Enter an amount more than $0.00';

/**
 * Confirming by hand a deposit for one NDIA claim line (issue 28, /admin/ndis-claims): the NDIA's
 * cash for an accepted line, when it came without a remittance file, or the care seeker's payment
 * of a difference billed to them. The amount starts at what is expected (what the NDIA accepted,
 * or the difference billed) and can be changed, never above what was claimed or billed.
 */
export function RecordDepositDialog({ line, from, onClose, onRecorded }: { line: ClaimLine; from: ConfirmDepositRequest['from']; onClose: () => void; onRecorded: (text: string) => void }) {
  const expected = from === 'NDIA' ? (line.acceptedCents ?? line.claimedCents) : line.shortCents;
  const ceiling = from === 'NDIA' ? line.claimedCents : line.shortCents;
  const [amount, setAmount] = useState((expected / 100).toFixed(2));
  const [receivedOn, setReceivedOn] = useState(() => moneyToday());
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { fieldRef, focusFirst } = useFieldFocus(fieldOrder);
  const record = useMutation({
    mutationFn: (request: ConfirmDepositRequest) => confirmDeposit(line.id, request),
    onSuccess: (_line, request) =>
      onRecorded(from === 'NDIA' ? `The NDIA’s deposit of ${formatCents(request.amountCents)} is recorded for ${line.claimReference}.` : `The care seeker’s payment of ${formatCents(request.amountCents)} is recorded for ${line.claimReference}.`),
    onError: showServerFieldErrors(setErrors, focusFirst),
  });
  const overall = submitFailure(record.error, fieldOrder);
  const title = from === 'NDIA' ? `Record the NDIA’s deposit for ${line.claimReference}` : `Record the care seeker’s payment for ${line.claimReference}`;

  function amountProblem(cents: number | null): string | null {
    if (cents === null) return DEPOSIT_AMOUNT_FORMAT;
    if (cents <= 0) return DEPOSIT_AMOUNT_ZERO;
    if (cents > ceiling) return from === 'NDIA' ? `Enter no more than ${formatCents(ceiling)}, the amount claimed` : `Enter no more than ${formatCents(ceiling)}, the amount billed to the care seeker`;
    return null;
  }

  return (
    <MoneyReceivedDialog
      title={title}
      summary={
        <>
          {line.invoiceNumber} for {line.clientName}: claimed <strong>{formatCents(line.claimedCents)}</strong>
          {from === 'NDIA' ? `, the NDIA accepted ${formatCents(line.acceptedCents ?? line.claimedCents)}.` : `, ${formatCents(line.shortCents)} billed to the care seeker.`}
        </>
      }
      submitLabel="Record deposit"
      busy={record.isPending}
      failure={overall}
      onClose={onClose}
      onSubmit={() => {
        const cents = dollarsToCents(amount);
        const parsed = confirmDepositRequestSchema.safeParse({ from, amountCents: cents ?? 0, receivedOn, reference });
        const found = parsed.success ? {} : fieldErrors(parsed.error);
        const problem = amountProblem(cents);
        if (problem) found.amountCents = problem;
        else delete found.amountCents;
        if (!parsed.success || problem) {
          setErrors(found);
          focusFirst(found);
          return;
        }
        setErrors({});
        record.mutate(parsed.data);
      }}
    >
      <AmountReceivedInput ref={fieldRef('amountCents')} value={amount} onChange={setAmount} error={errors.amountCents} />
      <ArrivalDateInput ref={fieldRef('receivedOn')} value={receivedOn} onChange={setReceivedOn} error={errors.receivedOn} />
      <TextInput ref={fieldRef('reference')} label="Bank statement reference" required value={reference} onChange={(event) => setReference(event.currentTarget.value)} error={errors.reference || undefined} />
    </MoneyReceivedDialog>
  );
}
