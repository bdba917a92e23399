import type { QueryClient } from '@tanstack/react-query';
import { unreadCountSchema } from '@tendly/domain/api/conversations';
import { apiRequest } from './api-client';
import { setLiveCount, useLiveCount } from './live-count';

/**
 * How many messages the signed-in user (or the client a coordinator acts for) has not read: the
 * header's badge, kept live by the `unread` events of the live stream (see live-count.ts).
 */
export const unreadMessagesQueryKey = ['unread-messages'] as const;

export function fetchUnreadMessages() {
  return apiRequest('/unread-messages', { schema: unreadCountSchema });
}

export function setUnreadTotal(queryClient: QueryClient, unreadTotal: number): void {
  setLiveCount(queryClient, unreadMessagesQueryKey, unreadTotal);
}

export function useUnreadMessages(enabled: boolean): number | undefined {
  return useLiveCount({
    queryKey: unreadMessagesQueryKey,
    fetchCount: fetchUnreadMessages,
    enabled,
    countOf: (event) => (event.type === 'unread' ? event.unreadTotal : null),
  });
}
