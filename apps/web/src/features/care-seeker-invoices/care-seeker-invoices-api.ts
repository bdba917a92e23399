import { invoiceOverviewSchema } from '@tendly/domain/api/invoices';
import { apiRequest } from '../../platform/api-client';

/** The care seeker's invoice overview (issue 14); the invoice lists are platform/invoices-api.ts, the nominee platform/nominee-api.ts. */

export const careSeekerInvoiceQueryKeys = {
  overview: ['invoices', 'overview'] as const,
};

export function fetchInvoiceOverview(signal?: AbortSignal) {
  return apiRequest('/invoices/overview', { schema: invoiceOverviewSchema, signal });
}
