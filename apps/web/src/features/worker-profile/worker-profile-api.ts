import { z } from 'zod';
import {
  shortlistItemSchema,
  shortlistSchema,
  workerProfileSchema,
  type ShortlistItem,
  type WorkerProfile,
} from '@tendly/domain/api/search';
import { jobInvitationSchema } from '@tendly/domain/api/jobs';
import { apiRequest } from '../../platform/api-client';

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});
const carerPath = (carerId: string) => `/carer/${encodeURIComponent(carerId)}`;

/** GET /api/carer/{id}: the public profile (404 for an unknown or inactive worker, except to the worker). */
export function fetchWorkerProfile(carerId: string, signal?: AbortSignal): Promise<WorkerProfile> {
  return apiRequest(carerPath(carerId), { schema: workerProfileSchema, ...signalOption(signal) });
}

/** GET /api/shortlist: the care seeker's shortlist, newest first. */
export function fetchShortlist(signal?: AbortSignal): Promise<ShortlistItem[]> {
  return apiRequest('/shortlist', { schema: shortlistSchema, ...signalOption(signal) });
}

/** POST /api/shortlist: adds a worker (answers the item, also when it was already there). */
export function addToShortlist(carerId: string): Promise<ShortlistItem> {
  return apiRequest('/shortlist', { method: 'POST', body: { carerId }, schema: shortlistItemSchema });
}

/** DELETE /api/shortlist/{carerId} → 204. */
export function removeFromShortlist(carerId: string): Promise<undefined> {
  return apiRequest(`/shortlist/${encodeURIComponent(carerId)}`, { method: 'DELETE', schema: z.undefined() });
}

/** POST /api/jobs/{jobId}/invitations (the job's owner): the worker is emailed an invitation to apply. Again: 409. */
export function inviteToApply(jobId: string, carerId: string, message: string) {
  return apiRequest(`/jobs/${encodeURIComponent(jobId)}/invitations`, {
    method: 'POST',
    body: { carerId, message },
    schema: jobInvitationSchema,
  });
}
