import { useMutation } from '@tanstack/react-query';
import { creditNoteRequestSchema, type Invoice } from '@tendly/domain/api/invoices';
import { formatCents, fullName } from '@tendly/domain/format';
import { creditInvoice } from './invoices-api';
import { ReasonDialog, reasonCheckedBy } from './reason-dialog';

/** The longest reason the domain's schema takes, read from it so the limit is written once. */
const CREDIT_REASON_MAX = creditNoteRequestSchema.shape.reason.maxLength ?? undefined;
const checkReason = reasonCheckedBy(creditNoteRequestSchema);

/**
 * The worker credits an issued invoice in full (issue 14: an issued invoice never changes; a
 * correction is a credit note that references it), with the reason the care seeker will read. A
 * paid invoice not yet paid out can be credited too: its payment is refunded (issue 15).
 */
export function CreditInvoiceDialog({ invoice, onClose, onCredited }: { invoice: Invoice; onClose: () => void; onCredited: (creditNote: Invoice) => void }) {
  const credit = useMutation({ mutationFn: (reason: string) => creditInvoice(invoice.id, reason), onSuccess: onCredited });
  return (
    <ReasonDialog
      title={`Credit invoice ${invoice.number}`}
      explanation={`A credit note for the whole invoice (${formatCents(invoice.totalCents)}) is issued to ${fullName(invoice.careSeeker)}, and the invoice shows as credited.${
        invoice.status === 'PAID' ? ' The payment is refunded the way it came, and the platform fee is given back to you.' : ''
      } This cannot be undone.`}
      label="Why are you crediting this invoice?"
      description={`${fullName(invoice.careSeeker)} will see this on the credit note.`}
      confirmLabel="Issue credit note"
      maxLength={CREDIT_REASON_MAX}
      validate={checkReason}
      busy={credit.isPending}
      error={credit.error}
      onConfirm={(reason) => credit.mutate(reason)}
      onClose={onClose}
    />
  );
}
