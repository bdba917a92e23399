import {
  markNotificationsReadResponseSchema,
  notificationPageSchema,
  type MarkNotificationsReadRequest,
} from '@tendly/domain/api/notifications';
import { apiRequest } from '../../platform/api-client';

/** The notification centre (issue 17): GET /api/notifications pages newest first, `before` the oldest id held. */
export const notificationQueryKeys = {
  list: ['notifications', 'list'] as const,
};

export function fetchNotificationPage(before: string | undefined, signal?: AbortSignal) {
  return apiRequest('/notifications', { query: { before }, schema: notificationPageSchema, ...(signal ? { signal } : {}) });
}

export function markNotificationsRead(request: MarkNotificationsReadRequest) {
  return apiRequest('/notifications/read', { method: 'POST', body: request, schema: markNotificationsReadResponseSchema });
}
