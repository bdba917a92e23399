import type { z } from 'zod';
import { platformFeeListSchema } from '@tendly/domain/api/invoices';
import { apiRequest } from '../../platform/api-client';

/** The platform fee (issue 14): its rate, a setting the API reports, and the fee on each invoice. */
export const PLATFORM_FEES_PAGE_SIZE = 25;

export const platformFeeQueryKeys = { list: ['invoices', 'platform-fees'] as const };

export type PlatformFeeList = z.infer<typeof platformFeeListSchema>;
export type PlatformFee = PlatformFeeList['fees'][number];

/** A page of fees, newest invoice first; `before` is the last one's issue time. */
export function fetchPlatformFeePage(before: string | undefined, signal?: AbortSignal): Promise<PlatformFeeList> {
  return apiRequest('/platform-fees', { query: { before, limit: PLATFORM_FEES_PAGE_SIZE }, schema: platformFeeListSchema, ...(signal ? { signal } : {}) });
}
