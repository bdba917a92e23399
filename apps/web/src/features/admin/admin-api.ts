import { useQuery } from '@tanstack/react-query';
import { adminSummaryResponseSchema, type AdminSummary } from '@tendly/domain/api/admin';
import { apiRequest } from '../../platform/api-client';

/** GET /api/admin/summary: the counts of what exists (administrators only). */
export function fetchAdminSummary(signal?: AbortSignal): Promise<AdminSummary> {
  return apiRequest('/admin/summary', { schema: adminSummaryResponseSchema, ...(signal ? { signal } : {}) });
}

export function useAdminSummary() {
  return useQuery({ queryKey: ['admin', 'summary'], queryFn: ({ signal }) => fetchAdminSummary(signal) });
}
