import { workerProfileEditorSchema, type WorkerProfileEditor } from '@tendly/domain/api/worker-onboarding';
import type { WorkerProfileSection } from '@tendly/domain/validation/worker-profile';
import { apiRequest } from '../../platform/api-client';

export const workerProfileKey = ['worker-profile-editor'] as const;

/** GET /api/worker/profile: everything the editor shows. */
export function fetchWorkerProfile(signal?: AbortSignal): Promise<WorkerProfileEditor> {
  return apiRequest('/worker/profile', { schema: workerProfileEditorSchema, ...(signal ? { signal } : {}) });
}

/** PUT /api/worker/profile/<section>: saves one section and answers the whole profile. */
export function saveWorkerProfileSection(section: WorkerProfileSection, body: unknown): Promise<WorkerProfileEditor> {
  return apiRequest(`/worker/profile/${section}`, { method: 'PUT', body, schema: workerProfileEditorSchema });
}
