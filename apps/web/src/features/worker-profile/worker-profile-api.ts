import { workerProfileSchema, type WorkerProfile } from '@tendly/domain/api/search';
import { jobInvitationSchema } from '@tendly/domain/api/jobs';
import { apiRequest } from '../../platform/api-client';

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});
const carerPath = (carerId: string) => `/carer/${encodeURIComponent(carerId)}`;

/** GET /api/carer/{id}: the public profile (404 for an unknown or inactive worker, except to the worker). */
export function fetchWorkerProfile(carerId: string, signal?: AbortSignal): Promise<WorkerProfile> {
  return apiRequest(carerPath(carerId), { schema: workerProfileSchema, ...signalOption(signal) });
}

/** POST /api/jobs/{jobId}/invitations (the job's owner): the worker is emailed an invitation to apply. Again: 409. */
export function inviteToApply(jobId: string, carerId: string, message: string) {
  return apiRequest(`/jobs/${encodeURIComponent(jobId)}/invitations`, {
    method: 'POST',
    body: { carerId, message },
    schema: jobInvitationSchema,
  });
}
