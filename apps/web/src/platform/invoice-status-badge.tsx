import { Badge } from '@mantine/core';
import { invoiceStatusLabels, type InvoiceStatus } from '@tendly/domain/api/invoices';

/** Dark shades, so the white label passes WCAG AA contrast. */
const statusColours: Record<InvoiceStatus, string> = { ISSUED: 'blue.9', PAID: 'teal.9', CREDITED: 'grape.9' };

/** An invoice's status as both parties read it: Unpaid, Paid or Credited. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge component="span" variant="filled" color={statusColours[status]} radius="sm" tt="none">
      {invoiceStatusLabels[status]}
    </Badge>
  );
}
