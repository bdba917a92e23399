import { Button, Card, Checkbox, Group, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { EXPENSE_DESCRIPTION_MAX, EXPENSES_MAX } from '@tendly/domain/api/timesheets';
import { errorText } from '../../platform/api-client';
import { fieldId, type FormState } from '../../platform/form-state';
import { newExpenseRow, type ExpenseRow, type TimesheetFormValues } from './timesheet-form-values';
import { uploadReceipt } from './timesheets-api';

/** Receipts are a PDF or a photo; the API checks the type and size and says what it refused. */
const RECEIPT_TYPES = 'application/pdf,image/jpeg,image/png,image/heic,image/webp';

/**
 * The expenses of the hours form (issue 14: expenses at cost, each with a receipt): a description,
 * the amount in dollars and a receipt uploaded as soon as it is chosen. A new row takes focus;
 * removing one puts focus back on "Add an expense". `onUploading` tells the form while any
 * receipt is still on its way, so it does not save without it.
 */
export function ExpenseRows({ form, formId, onUploading }: { form: FormState<TimesheetFormValues>; formId: string; onUploading: (count: number) => void }) {
  const rows = form.values.expenses;
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const [announcement, setAnnouncement] = useState('');
  const addRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'last' | 'add' | null>(null);

  useEffect(() => onUploading(uploading.size), [uploading, onUploading]);
  useEffect(() => {
    if (focusNext.current === 'last') document.getElementById(fieldId(formId, `expenses.${rows.length - 1}.description`))?.focus();
    if (focusNext.current === 'add') addRef.current?.focus();
    focusNext.current = null;
  }, [rows.length, formId]);

  const setRow = (key: string, change: Partial<ExpenseRow>) => form.updateValue('expenses', (latest) => latest.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function clearExpenseErrors() {
    for (const name of Object.keys(form.errors)) if (name.startsWith('expenses')) form.clearError(name);
  }

  async function upload(row: ExpenseRow, index: number, file: File) {
    const field = `expenses.${index}.receipt`;
    form.clearError(field);
    setUploading((current) => new Set(current).add(row.key));
    setAnnouncement(`Uploading ${file.name}…`);
    try {
      const receipt = await uploadReceipt(file);
      // The rows may have changed while it uploaded: set the receipt on this row by its key.
      form.updateValue('expenses', (latest) => latest.map((candidate) => (candidate.key === row.key ? { ...candidate, receipt: { fileId: receipt.fileId, fileName: receipt.fileName } } : candidate)));
      setAnnouncement(`${receipt.fileName} uploaded.`);
    } catch (error) {
      const message = errorText(error, 'file');
      form.setError(field, message);
      setAnnouncement('');
    } finally {
      setUploading((current) => {
        const next = new Set(current);
        next.delete(row.key);
        return next;
      });
    }
  }

  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby={`${formId}-expenses-hint`}>
      <legend>
        <Text fw={700} component="span">
          Expenses
        </Text>
      </legend>
      <Text size="sm" c="gray.7" id={`${formId}-expenses-hint`}>
        What you paid for the client, such as parking or entry fees, repaid at cost. Add the receipt as a PDF or a photo. If you are registered for GST, enter each amount without the GST you claim back. The invoice adds GST where it applies. A cost you pass on with your care carries GST, but something you bought in the client’s name, as their agent, does not: tick the box for it.
      </Text>
      {form.errors.expenses && (
        <Text size="sm" c="red.9" id={fieldId(formId, 'expenses')} tabIndex={-1} mt={4}>
          {form.errors.expenses}
        </Text>
      )}
      <Stack gap="sm" mt="sm">
        {rows.map((row, index) => {
          const name = (part: string) => `expenses.${index}.${part}`;
          const receiptId = fieldId(formId, name('receipt'));
          const receiptError = form.errors[name('receipt')];
          const busy = uploading.has(row.key);
          return (
            <Card key={row.key} withBorder radius="md" padding="sm" component="section" aria-label={`Expense ${index + 1}`}>
              <Stack gap="xs">
                <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
                  <TextInput
                    id={fieldId(formId, name('description'))}
                    label={`Expense ${index + 1}: what for`}
                    required
                    maxLength={EXPENSE_DESCRIPTION_MAX}
                    value={row.description}
                    onChange={(event) => setRow(row.key, { description: event.currentTarget.value })}
                    onFocus={() => form.clearError(name('description'))}
                    error={form.errors[name('description')]}
                    aria-invalid={form.errors[name('description')] ? true : undefined}
                    style={{ minWidth: 200 }}
                  />
                  <TextInput
                    id={fieldId(formId, name('amount'))}
                    label={`Expense ${index + 1}: amount ($)`}
                    required
                    inputMode="decimal"
                    value={row.amount}
                    onChange={(event) => setRow(row.key, { amount: event.currentTarget.value })}
                    onFocus={() => form.clearError(name('amount'))}
                    error={form.errors[name('amount')]}
                    aria-invalid={form.errors[name('amount')] ? true : undefined}
                    style={{ minWidth: 140, maxWidth: 220 }}
                  />
                </Group>
                {/* ATO GSTR 2000/37: a payment made as the client's agent is a disbursement, not part of the worker's supply. */}
                <Checkbox
                  id={fieldId(formId, name('paidAsAgent'))}
                  label={`Expense ${index + 1}: I paid this as the client’s agent, in their name (no GST)`}
                  checked={row.paidAsAgent}
                  onChange={(event) => setRow(row.key, { paidAsAgent: event.currentTarget.checked })}
                  error={form.errors[name('paidAsAgent')]}
                />
                <div>
                  <label htmlFor={receiptId}>
                    <Text fw={500} size="sm" component="span">
                      Expense {index + 1}: receipt
                    </Text>
                  </label>
                  {row.receipt && (
                    <Group gap="xs" mt={2}>
                      <Text size="sm">Uploaded: {row.receipt.fileName}</Text>
                      <Button variant="subtle" size="compact-sm" onClick={() => {
                          setRow(row.key, { receipt: null });
                          // The button goes with the receipt: focus moves to choosing another.
                          document.getElementById(receiptId)?.focus();
                        }} aria-label={`Remove receipt ${row.receipt.fileName} of expense ${index + 1}`}>
                        Remove receipt
                      </Button>
                    </Group>
                  )}
                  <input
                    id={receiptId}
                    type="file"
                    accept={RECEIPT_TYPES}
                    style={{ display: 'block', marginTop: 4, maxWidth: '100%' }}
                    aria-invalid={receiptError ? true : undefined}
                    aria-describedby={receiptError ? `${receiptId}-error` : undefined}
                    aria-busy={busy || undefined}
                    onFocus={() => form.clearError(name('receipt'))}
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      event.currentTarget.value = '';
                      if (file) void upload(row, index, file);
                    }}
                  />
                  {busy && (
                    <Text size="sm" mt={4}>
                      Uploading…
                    </Text>
                  )}
                  {receiptError && (
                    <Text size="sm" c="red.9" id={`${receiptId}-error`} mt={4}>
                      {receiptError}
                    </Text>
                  )}
                </div>
                <Button
                  variant="outline"
                  color="red.9"
                  size="compact-sm"
                  style={{ alignSelf: 'flex-start' }}
                  onClick={() => {
                    clearExpenseErrors();
                    focusNext.current = 'add';
                    form.updateValue('expenses', (latest) => latest.filter((candidate) => candidate.key !== row.key));
                  }}
                >
                  Remove expense {index + 1}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </Stack>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {rows.length < EXPENSES_MAX && (
        <Button
          ref={addRef}
          variant="outline"
          mt="sm"
          onClick={() => {
            focusNext.current = 'last';
            form.updateValue('expenses', (latest) => [...latest, newExpenseRow()]);
          }}
        >
          Add an expense
        </Button>
      )}
    </fieldset>
  );
}
