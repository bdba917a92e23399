import { taxAndSuperViewSchema, type TaxAndSuperUpdateInput, type TaxAndSuperView } from '@tendly/domain/api/worker-onboarding';
import { apiRequest } from '../../platform/api-client';

export const taxAndSuperKey = ['tax-and-super'] as const;

export function fetchTaxAndSuper(signal?: AbortSignal): Promise<TaxAndSuperView> {
  return apiRequest('/worker/tax-and-super', { schema: taxAndSuperViewSchema, ...(signal ? { signal } : {}) });
}

export function saveTaxAndSuper(body: TaxAndSuperUpdateInput): Promise<TaxAndSuperView> {
  return apiRequest('/worker/tax-and-super', { method: 'PUT', body, schema: taxAndSuperViewSchema });
}
