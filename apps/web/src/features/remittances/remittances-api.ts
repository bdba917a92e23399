import { remittanceListSchema, remittanceSchema, type Remittance } from '@tendly/domain/api/payments';
import { apiDownload, apiRequest } from '../../platform/api-client';

/** The worker's remittances (issue 15): GET /api/remittances pages newest first, `before` the last one's number (REM-000012). */
export const REMITTANCES_PAGE_SIZE = 20;

export const remittanceQueryKeys = {
  list: ['remittances', 'list'] as const,
  one: (id: string) => ['remittances', 'one', id] as const,
};

export function fetchRemittancePage(before: string | undefined, signal?: AbortSignal) {
  return apiRequest('/remittances', { query: { before, limit: REMITTANCES_PAGE_SIZE }, schema: remittanceListSchema, signal });
}

export function fetchRemittance(id: string, signal?: AbortSignal): Promise<Remittance> {
  return apiRequest(`/remittances/${encodeURIComponent(id)}`, { schema: remittanceSchema, signal });
}

/** GET /api/remittances/{id}/pdf, saved with the session; returns the file name saved. */
export function downloadRemittancePdf(remittance: { id: string; number: string }): Promise<string> {
  return apiDownload(`/remittances/${encodeURIComponent(remittance.id)}/pdf`, { fallbackFileName: `${remittance.number}.pdf` });
}
