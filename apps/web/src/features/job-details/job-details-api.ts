import { jobSchema, myApplicationSchema, type Job, type MyApplication } from '@tendly/domain/api/jobs';
import { apiRequest } from '../../platform/api-client';

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

/** GET /api/jobs/{jobId}: public; the private fields only when the person asking owns the job. */
export function fetchJob(jobId: string, signal?: AbortSignal): Promise<Job> {
  return apiRequest(jobPath(jobId), { schema: jobSchema, ...(signal ? { signal } : {}) });
}

/** POST /api/jobs/{jobId}/applications: an active worker applies once (again: 409; inactive: 403). */
export function applyToJob(jobId: string, message: string): Promise<MyApplication> {
  return apiRequest(`${jobPath(jobId)}/applications`, { method: 'POST', body: { message }, schema: myApplicationSchema });
}
