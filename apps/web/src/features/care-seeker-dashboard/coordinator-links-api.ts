import { messageResponseSchema, type MessageResponse } from '@tendly/domain/api/auth';
import { myCoordinatorLinksResponseSchema, type LinkDecision, type MyCoordinatorLink } from '@tendly/domain/api/coordinator-links';
import { apiRequest } from '../../platform/api-client';

/** GET /api/coordinator-links: the care seeker's coordinators, linked or asking. */
export function fetchMyCoordinatorLinks(signal?: AbortSignal): Promise<MyCoordinatorLink[]> {
  return apiRequest('/coordinator-links', { schema: myCoordinatorLinksResponseSchema, ...(signal ? { signal } : {}) });
}

/** POST /api/coordinator-links/{id}/accept|decline|revoke. */
export function changeCoordinatorLink(linkId: string, action: LinkDecision | 'revoke'): Promise<MessageResponse> {
  return apiRequest(`/coordinator-links/${encodeURIComponent(linkId)}/${action}`, { method: 'POST', schema: messageResponseSchema });
}
