import { jobSchema, type CreateJobRequest, type Job, type JobDraft } from '@tendly/domain/api/jobs';
import { apiRequest } from '../../platform/api-client';

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

/**
 * POST /api/jobs (a care seeker, or a coordinator acting as one) → 201 with the job; the same
 * `draftId` again → 200 with the job already posted, so a retry never posts twice.
 */
export function createJob(request: CreateJobRequest): Promise<Job> {
  return apiRequest('/jobs', { method: 'POST', body: request, schema: jobSchema });
}

/** GET /api/jobs/{jobId}: public; the private fields only come to the job's owner. */
export function fetchJob(jobId: string, signal?: AbortSignal): Promise<Job> {
  return apiRequest(jobPath(jobId), { schema: jobSchema, ...(signal ? { signal } : {}) });
}

/** PUT /api/jobs/{jobId}: the whole job again (owner only; anyone else gets a 403). */
export function updateJob(jobId: string, draft: JobDraft): Promise<Job> {
  return apiRequest(jobPath(jobId), { method: 'PUT', body: draft, schema: jobSchema });
}
