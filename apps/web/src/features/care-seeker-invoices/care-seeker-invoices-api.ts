import { z } from 'zod';
import { invoiceOverviewSchema } from '@tendly/domain/api/invoices';
import { nomineeResponseSchema, type Nominee } from '@tendly/domain/api/timesheets';
import { apiRequest } from '../../platform/api-client';

/** The care seeker's invoice overview and nominee (issue 14); the invoice lists are platform/invoices-api.ts. */

export const careSeekerInvoiceQueryKeys = {
  overview: ['invoices', 'overview'] as const,
  nominee: ['account', 'nominee'] as const,
};

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchInvoiceOverview(signal?: AbortSignal) {
  return apiRequest('/invoices/overview', { schema: invoiceOverviewSchema, ...signalOption(signal) });
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
