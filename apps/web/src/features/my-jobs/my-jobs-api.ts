import { myApplicationsSchema, myInvitationsSchema, type MyApplication, type MyInvitation } from '@tendly/domain/api/jobs';
import { apiRequest } from '../../platform/api-client';

/** GET /api/my/applications: the worker's applications, newest first. */
export function fetchMyApplications(signal?: AbortSignal): Promise<MyApplication[]> {
  return apiRequest('/my/applications', { schema: myApplicationsSchema, ...(signal ? { signal } : {}) });
}

/** GET /api/my/invitations: jobs care seekers invited the worker to apply for, newest first. */
export function fetchMyInvitations(signal?: AbortSignal): Promise<MyInvitation[]> {
  return apiRequest('/my/invitations', { schema: myInvitationsSchema, ...(signal ? { signal } : {}) });
}
