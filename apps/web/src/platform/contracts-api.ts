import {
  contractDefaultsSchema,
  contractListSchema,
  contractSchema,
  priceLimitSchema,
  type Contract,
  type ContractDefaults,
  type ContractStatus,
  type OfferContractRequest,
  type PriceLimit,
} from '@tendly/domain/api/contracts';
import { apiDownload, apiRequest } from './api-client';

/** Service agreements (issue 13). */
export const contractQueryKeys = {
  all: ['contracts'] as const,
  list: (status?: ContractStatus) => ['contracts', 'list', status ?? 'all'] as const,
  one: (id: string) => ['contracts', 'one', id] as const,
  defaults: (workerId: string, jobId: string | null) => ['contracts', 'defaults', workerId, jobId] as const,
};

export function fetchContracts(signal?: AbortSignal): Promise<Contract[]> {
  return apiRequest('/contracts', { schema: contractListSchema, signal }).then((list) => list.contracts);
}

export function fetchContract(id: string, signal?: AbortSignal): Promise<Contract> {
  return apiRequest(`/contracts/${encodeURIComponent(id)}`, { schema: contractSchema, signal });
}

export function fetchContractDefaults(workerId: string, jobId: string | null, signal?: AbortSignal): Promise<ContractDefaults> {
  return apiRequest('/contracts/defaults', { query: { workerId, jobId }, schema: contractDefaultsSchema, signal });
}

export function fetchPriceLimit(query: { lineItem: string; level: string; timeOfDay: string; date: string; postcode: string | null }, signal?: AbortSignal): Promise<PriceLimit> {
  return apiRequest('/ndis/price-limit', { query, schema: priceLimitSchema, signal });
}

export function offerContract(request: OfferContractRequest): Promise<Contract> {
  return apiRequest('/contracts', { method: 'POST', body: request, schema: contractSchema });
}

export type ContractMove =
  | { action: 'accept'; body: { signatureName: string; agreed: boolean } }
  | { action: 'decline'; body: { reason: string } }
  | { action: 'withdraw' }
  | { action: 'terminate'; body: { reason: string; noticeDate: string } };

export function moveContract(id: string, move: ContractMove): Promise<Contract> {
  return apiRequest(`/contracts/${encodeURIComponent(id)}/${move.action}`, {
    method: 'POST',
    ...('body' in move ? { body: move.body } : {}),
    schema: contractSchema,
  });
}

/** GET /api/contracts/{id}/pdf, saved with the session (see `apiDownload`); returns the file name it saved. */
export function downloadAgreement(id: string): Promise<string> {
  return apiDownload(`/contracts/${encodeURIComponent(id)}/pdf`, { fallbackFileName: `service-agreement-${id.slice(0, 8)}.pdf` });
}

/** "$45.50" → 4550; null for anything that is not dollars and at most two cents digits. */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 4550 → "45.50", for an input that takes dollars. */
export function centsToDollars(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2);
}
