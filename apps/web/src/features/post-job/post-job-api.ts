import { jobSchema, suggestedWorkersSchema, type CreateJobRequest, type Job, type JobDraft, type SuggestedWorker } from '@tendly/domain/api/jobs';
import { apiRequest } from '../../platform/api-client';

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

/**
 * POST /api/jobs (a care seeker, or a coordinator acting as one) → 201 with the job; the same
 * `draftId` again → 200 with the job already posted, so a retry never posts twice.
 */
export function createJob(request: CreateJobRequest): Promise<Job> {
  return apiRequest('/jobs', { method: 'POST', body: request, schema: jobSchema });
}

/** PUT /api/jobs/{jobId}: the whole job again (owner only; anyone else gets a 403). */
export function updateJob(jobId: string, draft: JobDraft): Promise<Job> {
  return apiRequest(jobPath(jobId), { method: 'PUT', body: draft, schema: jobSchema });
}

/** GET /api/jobs/{jobId}/suggested-workers (the owner): the search's best matches for the job, and whom they already invited. */
export function fetchSuggestedWorkers(jobId: string, signal?: AbortSignal): Promise<SuggestedWorker[]> {
  return apiRequest(`${jobPath(jobId)}/suggested-workers`, { schema: suggestedWorkersSchema, ...(signal ? { signal } : {}) });
}
