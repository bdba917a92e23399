import { z } from 'zod';
import { invoiceListSchema, invoiceOverviewSchema, type InvoiceStatus } from '@tendly/domain/api/invoices';
import { nomineeResponseSchema, type Nominee } from '@tendly/domain/api/timesheets';
import { apiRequest } from '../../platform/api-client';

/** The care seeker's invoices, overview and nominee (issue 14) as the screens call them. */

export const INVOICES_PAGE_SIZE = 25;

export const careSeekerInvoiceQueryKeys = {
  overview: ['invoices', 'overview'] as const,
  list: (status: InvoiceStatus) => ['invoices', 'list', status] as const,
  nominee: ['account', 'nominee'] as const,
};

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchInvoiceOverview(signal?: AbortSignal) {
  return apiRequest('/invoices/overview', { schema: invoiceOverviewSchema, ...signalOption(signal) });
}

/** A page of invoices of one status, newest first; `before` is the last one's issue time. */
export function fetchInvoicePage(status: InvoiceStatus, before: string | undefined, signal?: AbortSignal) {
  return apiRequest('/invoices', { query: { status, before, limit: INVOICES_PAGE_SIZE }, schema: invoiceListSchema, ...signalOption(signal) });
}

export function fetchNominee(signal?: AbortSignal): Promise<Nominee | null> {
  return apiRequest('/account/nominee', { schema: nomineeResponseSchema, ...signalOption(signal) }).then((answer) => answer.nominee);
}

export function saveNominee(nominee: Nominee): Promise<Nominee | null> {
  return apiRequest('/account/nominee', { method: 'PUT', body: nominee, schema: nomineeResponseSchema }).then((answer) => answer.nominee);
}

export function removeNominee(): Promise<void> {
  return apiRequest('/account/nominee', { method: 'DELETE', schema: z.unknown() }).then(() => undefined);
}
