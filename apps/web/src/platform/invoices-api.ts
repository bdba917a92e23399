import { invoiceListSchema, invoiceSchema, type Invoice, type InvoiceStatus } from '@tendly/domain/api/invoices';
import { apiDownload, apiRequest } from './api-client';

/**
 * Invoices (issue 14) as both parties call them: the lists (the worker's /invoices, the care
 * seeker's /pending-invoices and /past-invoices), one invoice (/invoice/:invoiceId), its PDF and
 * the worker's credit note. Every key starts with 'invoices', so approving hours refreshes them all.
 */
export const INVOICES_PAGE_SIZE = 25;

export const invoiceQueryKeys = {
  all: ['invoices'] as const,
  list: (status: InvoiceStatus | null) => ['invoices', 'list', status ?? 'ALL'] as const,
  one: (id: string) => ['invoices', 'one', id] as const,
};

/** A page of invoices, of one status or all, newest first; `before` is the last one's issue time. */
export function fetchInvoicePage(status: InvoiceStatus | null, before: string | undefined, signal?: AbortSignal) {
  return apiRequest('/invoices', { query: { status, before, limit: INVOICES_PAGE_SIZE }, schema: invoiceListSchema, signal });
}

export function fetchInvoice(id: string, signal?: AbortSignal): Promise<Invoice> {
  return apiRequest(`/invoices/${encodeURIComponent(id)}`, { schema: invoiceSchema, signal });
}

/** GET /api/invoices/{id}/pdf, saved with the session; returns the file name saved. */
export function downloadInvoicePdf(invoice: Pick<Invoice, 'id' | 'number'>): Promise<string> {
  return apiDownload(`/invoices/${encodeURIComponent(invoice.id)}/pdf`, { fallbackFileName: `${invoice.number}.pdf` });
}

/** POST /api/invoices/{id}/credit-note: the worker credits an issued invoice in full; answers the credit note. */
export function creditInvoice(id: string, reason: string): Promise<Invoice> {
  return apiRequest(`/invoices/${encodeURIComponent(id)}/credit-note`, { method: 'POST', body: { reason }, schema: invoiceSchema });
}
