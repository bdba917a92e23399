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
import { ApiError, apiRequest, buildApiUrl, NETWORK_ERROR_MESSAGE, UNEXPECTED_RESPONSE_MESSAGE } from './api-client';
import { currentAuthToken } from './session';

/** Service agreements (issue 13). */
export const contractQueryKeys = {
  all: ['contracts'] as const,
  list: (status?: ContractStatus) => ['contracts', 'list', status ?? 'all'] as const,
  one: (id: string) => ['contracts', 'one', id] as const,
  defaults: (workerId: string, jobId: string | null) => ['contracts', 'defaults', workerId, jobId] as const,
};

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchContracts(signal?: AbortSignal): Promise<Contract[]> {
  return apiRequest('/contracts', { schema: contractListSchema, ...signalOption(signal) }).then((list) => list.contracts);
}

export function fetchContract(id: string, signal?: AbortSignal): Promise<Contract> {
  return apiRequest(`/contracts/${encodeURIComponent(id)}`, { schema: contractSchema, ...signalOption(signal) });
}

export function fetchContractDefaults(workerId: string, jobId: string | null, signal?: AbortSignal): Promise<ContractDefaults> {
  return apiRequest('/contracts/defaults', { query: { workerId, jobId }, schema: contractDefaultsSchema, ...signalOption(signal) });
}

export function fetchPriceLimit(query: { lineItem: string; level: string; timeOfDay: string; date: string; postcode: string | null }, signal?: AbortSignal): Promise<PriceLimit> {
  return apiRequest('/ndis/price-limit', { query, schema: priceLimitSchema, ...signalOption(signal) });
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

/**
 * GET /api/contracts/{id}/pdf, saved through a temporary link (not `apiRequest`, which reads
 * JSON); an error body is read as any other. Returns the file name it saved.
 */
export async function downloadAgreement(id: string): Promise<string> {
  const headers = new Headers({ Accept: 'application/pdf, application/json' });
  const token = currentAuthToken();
  if (token) headers.set('auth-token', token);
  let response: Response;
  try {
    response = await fetch(buildApiUrl(`/contracts/${encodeURIComponent(id)}/pdf`), { headers });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE, 'NETWORK');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : UNEXPECTED_RESPONSE_MESSAGE;
    throw new ApiError(response.status, message);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `service-agreement-${id.slice(0, 8)}.pdf`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
  return fileName;
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
