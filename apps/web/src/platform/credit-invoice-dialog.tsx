import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { creditNoteRequestSchema, type Invoice } from '@tendly/domain/api/invoices';
import { formatCents } from '@tendly/domain/format';
import { ApiError, UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { BusyButton } from './busy-button';
import { personName } from './invoice-format';
import { creditInvoice } from './invoices-api';
import { Notice } from './notice';

/** The longest reason the domain's schema takes, read from it so the limit is written once. */
const CREDIT_REASON_MAX = creditNoteRequestSchema.shape.reason.maxLength ?? undefined;

/**
 * The worker credits an issued invoice in full (issue 14: an issued invoice never changes; a
 * correction is a credit note that references it), with the reason the care seeker will read.
 * Focus starts in the reason and goes back to it with any problem; Escape or Cancel closes.
 */
export function CreditInvoiceDialog({ invoice, onClose, onCredited }: { invoice: Invoice; onClose: () => void; onCredited: (creditNote: Invoice) => void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const credit = useMutation({
    mutationFn: (text: string) => creditInvoice(invoice.id, text),
    onSuccess: onCredited,
    onError: () => reasonRef.current?.focus(),
  });
  const serverField = credit.error instanceof ApiError ? credit.error.fieldErrors.reason : undefined;
  const overall = credit.error !== null && !serverField ? (credit.error instanceof ApiError ? credit.error.message : UNEXPECTED_RESPONSE_MESSAGE) : null;
  const title = `Credit invoice ${invoice.number}`;
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }} centered>
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          if (credit.isPending) return;
          const parsed = creditNoteRequestSchema.safeParse({ reason });
          if (!parsed.success) {
            setProblem(parsed.error.issues[0]?.message ?? UNEXPECTED_RESPONSE_MESSAGE);
            reasonRef.current?.focus();
            return;
          }
          credit.mutate(parsed.data.reason);
        }}
      >
        <Stack gap="md">
          <Text>
            A credit note for the whole invoice ({formatCents(invoice.totalCents)}) is issued to {personName(invoice.careSeeker)}, and the invoice shows as
            credited. This cannot be undone.
          </Text>
          <Textarea
            ref={reasonRef}
            label="Why are you crediting this invoice?"
            description={`${personName(invoice.careSeeker)} will see this on the credit note.`}
            required
            rows={4}
            maxLength={CREDIT_REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem ?? serverField}
            data-autofocus
          />
          {overall && (
            <Notice tone="error" role="alert">
              <Text>{overall}</Text>
            </Notice>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton type="submit" color="red.9" busy={credit.isPending}>
              Issue credit note
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
