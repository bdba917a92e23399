import { myApplicationSchema, type MyApplication } from '@tendly/domain/api/jobs';
import { apiRequest } from '../../platform/api-client';

const jobPath = (jobId: string) => `/jobs/${encodeURIComponent(jobId)}`;

/** POST /api/jobs/{jobId}/applications: an active worker applies once (again: 409; inactive: 403). */
export function applyToJob(jobId: string, message: string): Promise<MyApplication> {
  return apiRequest(`${jobPath(jobId)}/applications`, { method: 'POST', body: { message }, schema: myApplicationSchema });
}
