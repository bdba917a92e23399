import { careSeekerDashboardSchema, type CareSeekerDashboard } from '@tendly/domain/api/care-seeker-dashboard';
import { apiRequest } from '../../platform/api-client';

/** GET /api/dashboard/summary (issue 31, item 4): the blocks /dashboard leads with, for whoever is asking. */
export const dashboardSummaryQueryKey = (personId: string | null) => ['dashboard', 'summary', personId] as const;

export function fetchDashboardSummary(signal?: AbortSignal): Promise<CareSeekerDashboard> {
  return apiRequest('/dashboard/summary', { schema: careSeekerDashboardSchema, ...(signal ? { signal } : {}) });
}
