import type { QueryClient } from '@tanstack/react-query';
import { notificationUnreadCountSchema } from '@tendly/domain/api/notifications';
import { apiRequest } from './api-client';
import { setLiveCount, useLiveCount } from './live-count';

/**
 * How many notifications the signed-in user (or the client a coordinator acts for) has not read:
 * the header bell's count (issue 17), kept live by the `notifications` events of the live stream.
 * The notifications page sets it after marking some read.
 */
export const unreadNotificationsQueryKey = ['unread-notifications'] as const;

export function fetchUnreadNotifications() {
  return apiRequest('/notifications/unread-count', { schema: notificationUnreadCountSchema });
}

export function setUnreadNotifications(queryClient: QueryClient, unreadTotal: number): void {
  setLiveCount(queryClient, unreadNotificationsQueryKey, unreadTotal);
}

export function useUnreadNotifications(enabled: boolean): number | undefined {
  return useLiveCount({
    queryKey: unreadNotificationsQueryKey,
    fetchCount: fetchUnreadNotifications,
    enabled,
    countOf: (event) => (event.type === 'notifications' ? event.unreadTotal : null),
  });
}
