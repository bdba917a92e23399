import { moneySummarySchema, receivablesAgeingSchema } from '@tendly/domain/api/admin-money';
import { apiRequest } from '../../platform/api-client';

/** /admin/money's data (issue 28 section 5): one call per section of the page. Administrators only. */
export const adminMoneyQueryKeys = {
  receivables: ['admin', 'money', 'receivables'] as const,
  summary: ['admin', 'money', 'summary'] as const,
};

export function fetchReceivablesAgeing(signal?: AbortSignal) {
  return apiRequest('/admin/money/receivables', { schema: receivablesAgeingSchema, ...(signal ? { signal } : {}) });
}

/** The NDIA's claims by state and the payouts by bank file, each with its ledger tie. */
export function fetchMoneySummary(signal?: AbortSignal) {
  return apiRequest('/admin/money/summary', { schema: moneySummarySchema, ...(signal ? { signal } : {}) });
}
