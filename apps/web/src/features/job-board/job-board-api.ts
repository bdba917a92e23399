import { jobSearchResultsSchema, type JobSummary } from '@tendly/domain/api/jobs';
import { workerProfileSchema, type WorkerProfile } from '@tendly/domain/api/search';
import { apiRequest } from '../../platform/api-client';
import { fetchResultPage, type ResultPage } from '../../platform/paged-results';
import { jobSearchQuery, type JobFilters } from './job-filters';

/** GET /api/jobs/search: one page of open jobs for the filters, from `start`, and how many match in all. */
export function fetchJobPage(filters: JobFilters, start: number, signal?: AbortSignal): Promise<ResultPage<JobSummary>> {
  return fetchResultPage('/jobs/search', jobSearchQuery(filters, start), jobSearchResultsSchema, signal);
}

/** GET /api/carer/{id}: the signed-in worker's own profile, for their suburb and travel distance. */
export function fetchOwnProfile(carerId: string, signal?: AbortSignal): Promise<WorkerProfile> {
  return apiRequest(`/carer/${encodeURIComponent(carerId)}`, { schema: workerProfileSchema, ...(signal ? { signal } : {}) });
}
