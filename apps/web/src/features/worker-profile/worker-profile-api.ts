import { workerProfileSchema, type WorkerProfile } from '@tendly/domain/api/search';
import { apiRequest } from '../../platform/api-client';

const carerPath = (carerId: string) => `/carer/${encodeURIComponent(carerId)}`;

/** GET /api/carer/{id}: the public profile (404 for an unknown or inactive worker, except to the worker). */
export function fetchWorkerProfile(carerId: string, signal?: AbortSignal): Promise<WorkerProfile> {
  return apiRequest(carerPath(carerId), { schema: workerProfileSchema, signal });
}
