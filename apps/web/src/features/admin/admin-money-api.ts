import { receivablesAgeingSchema } from '@tendly/domain/api/admin-money';
import { apiRequest } from '../../platform/api-client';

/** /admin/money's data (issue 28 section 5): one call per section of the page. Administrators only. */
export const adminMoneyQueryKeys = {
  receivables: ['admin', 'money', 'receivables'] as const,
};

export function fetchReceivablesAgeing(signal?: AbortSignal) {
  return apiRequest('/admin/money/receivables', { schema: receivablesAgeingSchema, ...(signal ? { signal } : {}) });
}
