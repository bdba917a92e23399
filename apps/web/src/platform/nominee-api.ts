import { z } from 'zod';
import { nomineeResponseSchema, type Nominee } from '@tendly/domain/api/timesheets';
import { apiRequest } from './api-client';

/**
 * GET, PUT and DELETE /api/account/nominee (issue 14): the person who approves the care seeker's
 * hours from an emailed link. Shown on /invoices-and-hours and /provider-details (issue 16).
 */
export const nomineeQueryKey = ['account', 'nominee'] as const;

export function fetchNominee(signal?: AbortSignal): Promise<Nominee | null> {
  return apiRequest('/account/nominee', { schema: nomineeResponseSchema, signal }).then((answer) => answer.nominee);
}

export function saveNominee(nominee: Nominee): Promise<Nominee | null> {
  return apiRequest('/account/nominee', { method: 'PUT', body: nominee, schema: nomineeResponseSchema }).then((answer) => answer.nominee);
}

export function removeNominee(): Promise<void> {
  return apiRequest('/account/nominee', { method: 'DELETE', schema: z.unknown() }).then(() => undefined);
}
