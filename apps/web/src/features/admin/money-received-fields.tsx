import { Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { EARLIEST_MONEY_DATE, moneyToday } from '@tendly/domain/api/payments';
import { DialogForm } from '../../platform/dialog-form';
import { DialogFormActions } from '../../platform/dialog-form-actions';
import { ErrorNotice } from '../../platform/notice';

/** "140", "140.5" or "$1,234.50" → cents; null when it is not dollars and cents. */
export function dollarsToCents(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : null;
}

interface MoneyFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  ref: Ref<HTMLInputElement>;
}

/**
 * How much money arrived, in dollars, when an administrator records money by hand (a payment
 * against an invoice, a deposit for an NDIA claim line). It has focus when the dialog opens.
 */
export function AmountReceivedInput({ value, onChange, error, ref }: MoneyFieldProps) {
  return <TextInput ref={ref} label="Amount received ($)" inputMode="decimal" required value={value} onChange={(event) => onChange(event.currentTarget.value)} error={error || undefined} data-autofocus />;
}

/** The day that money arrived: no later than today, no earlier than the books begin. */
export function ArrivalDateInput({ value, onChange, error, ref }: MoneyFieldProps) {
  return <TextInput ref={ref} label="Date the money arrived" type="date" required min={EARLIEST_MONEY_DATE} max={moneyToday()} value={value} onChange={(event) => onChange(event.currentTarget.value)} error={error || undefined} />;
}

/**
 * The dialog in which an administrator records money by hand: what the money is for (`summary`),
 * the fields (`children`), the request's failure, and Cancel beside the button that records it.
 */
export function MoneyReceivedDialog({
  title,
  summary,
  submitLabel,
  busy,
  failure,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  summary: ReactNode;
  submitLabel: string;
  busy: boolean;
  failure: string | null;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <DialogForm title={title} onClose={onClose} busy={busy} onSubmit={onSubmit}>
      <Stack gap="md">
        <Text>{summary}</Text>
        {children}
        <ErrorNotice message={failure} />
        <DialogFormActions submitLabel={submitLabel} busy={busy} onCancel={onClose} />
      </Stack>
    </DialogForm>
  );
}
