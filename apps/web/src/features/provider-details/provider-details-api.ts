import type { z } from 'zod';
import { fundingDetailsResponseSchema, type FundingDetails } from '@tendly/domain/api/payments';
import { apiRequest } from '../../platform/api-client';

/** GET and PUT /api/funding-details (issue 15): the care seeker's NDIS number, plan manager and aged care provider. */
export type FundingDetailsResponse = z.infer<typeof fundingDetailsResponseSchema>;

export const fundingDetailsQueryKey = ['account', 'funding-details'] as const;

export function fetchFundingDetails(signal?: AbortSignal): Promise<FundingDetailsResponse> {
  return apiRequest('/funding-details', { schema: fundingDetailsResponseSchema, ...(signal ? { signal } : {}) });
}

export function saveFundingDetails(details: FundingDetails): Promise<FundingDetailsResponse> {
  return apiRequest('/funding-details', { method: 'PUT', body: details, schema: fundingDetailsResponseSchema });
}
